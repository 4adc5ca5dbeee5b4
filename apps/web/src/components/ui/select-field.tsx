import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { cx } from '../../lib/cx';
import { Field, lineInputClass } from './field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  invalid?: boolean;
  required?: boolean;
  className?: string;
  /** `<option>`s and `<optgroup>`s. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native `<select>` (a Field around it): small, fully keyboard and screen-reader accessible,
 * and the phone's own picker on mobile. Group options with `<optgroup label="…">`.
 */
export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  children,
  ref,
  ...select
}: SelectFieldProps) {
  return (
    <Field {...{ label, hint, error, required, className }}>
      {(control) => (
        <div className="relative">
          <select
            ref={ref}
            {...control}
            required={required}
            className={cx(lineInputClass, 'appearance-none truncate pr-10')}
            {...select}
          >
            {children}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          />
        </div>
      )}
    </Field>
  );
}
