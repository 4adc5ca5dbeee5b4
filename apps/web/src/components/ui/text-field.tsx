import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { cx } from '../../lib/cx';
import { FieldFrame, describedBy, inputClasses } from './field-frame';

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
