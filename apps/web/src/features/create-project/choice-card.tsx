import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** A radio button drawn as a card (tags, deposit presets): native input, visible focus and checked states. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  disabled,
  children,
  className,
  describedBy,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
  describedBy?: string | undefined;
}) {
  return (
    <label
      className={cx(
        'relative flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm shadow-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-700',
        checked
          ? 'border-primary-700 bg-primary-50 text-primary-900 ring-1 ring-primary-700'
          : 'border-slate-300 text-slate-800 hover:border-slate-400',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className="sr-only"
      />
      {children}
    </label>
  );
}
