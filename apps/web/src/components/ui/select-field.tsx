import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { cx } from '../../lib/cx';
import { FieldFrame, describedBy, inputClasses } from './text-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  className?: string;
  /** `<option>`s and `<optgroup>`s. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native `<select>`: small, fully keyboard and screen-reader accessible, and the phone's own
 * picker on mobile. Group options with `<optgroup label="…">`.
 */
export function SelectField({ label, hint, error, className, children, ref, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      hintId={hintId}
      errorId={errorId}
      className={className}
    >
      <div className="relative">
        <select
          ref={ref}
          id={id}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(hintId, errorId, hint, error)}
          className={cx(inputClasses, 'appearance-none truncate pr-10')}
          {...select}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
    </FieldFrame>
  );
}
