import type { ReactNode, Ref } from 'react';
import { cx } from '../../lib/cx';

const looks = {
  /** A card that turns a light primary when chosen (tags, deposit presets). */
  card: {
    base: 'relative gap-2 bg-white px-3 py-2 text-sm',
    checked: 'border-primary-700 bg-primary-50 text-primary-900 ring-1 ring-primary-700',
  },
  /** A compact amount that fills with the primary colour when chosen (donation amounts). */
  amount: {
    base: 'justify-center px-2 text-sm font-semibold tabular',
    checked: 'border-primary-700 bg-primary-700 text-white',
  },
} as const;

export interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  disabled?: boolean | undefined;
  look?: keyof typeof looks;
  describedBy?: string | undefined;
  className?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  /** The card's content, which is also the radio's accessible name. */
  children: ReactNode;
}

/**
 * A radio button drawn as a card: a native radio input (arrow keys move between the cards of one
 * group, screen readers hear a radio), a visible focus ring and checked state.
 */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  onBlur,
  disabled,
  look = 'card',
  describedBy,
  className,
  ref,
  children,
}: RadioCardProps) {
  return (
    <label
      className={cx(
        'flex min-h-11 cursor-pointer items-center rounded-lg border shadow-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700',
        looks[look].base,
        checked ? looks[look].checked : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        ref={ref}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="sr-only"
      />
      {children}
    </label>
  );
}
