import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** The look of text inputs, selects and textareas (16 px text so phones do not zoom in). */
export const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100';

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the label, always. */
  hint?: ReactNode;
  /** Shown under the control in red and announced; marks the control invalid. */
  error?: string | null | undefined;
  /** Adds a visual "required" mark (the control itself should carry `required`). */
  required?: boolean;
  className?: string;
  /** Renders the control with the id and ARIA links of the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and an inline error message. */
export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
