// The frame of TextField and SelectField, in a module of its own: a screen with a select and no text
// field (Create New Project) does not carry TextField and PasswordField.
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** The look of every single-line input (also used by SelectField). */
export const inputClasses =
  'block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 hover:border-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 ' +
  'aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600 sm:text-sm';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | null | undefined;
  hintId: string;
  errorId: string;
  /** Extra content after the label, on the same line (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** Label, control, hint and error, in that order. The control must point at hintId/errorId itself. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  hintId,
  errorId,
  labelAside,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control describes itself with: the hint and the error, when shown. */
export function describedBy(
  hintId: string,
  errorId: string,
  hint: unknown,
  error: unknown,
  extra?: string,
): string | undefined {
  const ids = [hint ? hintId : null, error ? errorId : null, extra || null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
