import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
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

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the field in red; also marks the input aria-invalid. */
  error?: string | null | undefined;
  /** Marks the field invalid without a message of its own (point aria-describedby at the message). */
  invalid?: boolean;
  labelAside?: ReactNode;
  className?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with an optional hint and error, wired up with aria-describedby/aria-invalid. */
export function TextField({
  label,
  hint,
  error,
  invalid = false,
  labelAside,
  className,
  inputClassName,
  ref,
  'aria-describedby': extraDescribedBy,
  ...input
}: TextFieldProps) {
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
      labelAside={labelAside}
      className={className}
    >
      <input
        ref={ref}
        id={id}
        aria-invalid={Boolean(error) || invalid || undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error, extraDescribedBy)}
        className={cx(inputClasses, inputClassName)}
        {...input}
      />
    </FieldFrame>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'inputClassName'>;

/** A password input with a show/hide toggle (the toggle is a real button with a pressed state). */
export function PasswordField({
  label,
  hint,
  error,
  invalid = false,
  labelAside,
  className,
  ref,
  'aria-describedby': extraDescribedBy,
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      hintId={hintId}
      errorId={errorId}
      labelAside={labelAside}
      className={className}
    >
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={Boolean(error) || invalid || undefined}
          aria-describedby={describedBy(hintId, errorId, hint, error, extraDescribedBy)}
          className={cx(inputClasses, 'pr-12')}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label="Show password"
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}
