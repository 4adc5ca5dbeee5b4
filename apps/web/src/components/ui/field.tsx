// The one form field of the app (decision 042): label, hint, control, error, in that order everywhere.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { cx } from '../../lib/cx';

/**
 * The look of every text input, select and textarea (16 px text so phones do not zoom in). Single-line
 * controls add `h-11` (`lineInputClass`).
 */
export const inputClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 hover:border-slate-400 aria-invalid:border-red-600 aria-invalid:ring-1 ' +
  'aria-invalid:ring-red-600 disabled:cursor-not-allowed disabled:bg-slate-100';

/** A single-line control: an input or a select. */
export const lineInputClass = cx(inputClass, 'h-11');

/**
 * What a control takes from its Field: its id and the ARIA links to the hint and the error. The label's
 * id is `${id}-label`, for a control inside a label of its own (a file input in its button).
 */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Shown between the label and the control, always. */
  hint?: ReactNode | undefined;
  /** Shown under the control in red and announced; marks the control invalid. */
  error?: string | null | undefined;
  /** Marks the control invalid without a message of its own (point `describedBy` at the message). */
  invalid?: boolean | undefined;
  /** More ids the control is described by (a message said once for several fields). */
  describedBy?: string | undefined;
  /** Adds a visual "required" mark (the control itself should carry `required`). */
  required?: boolean | undefined;
  /** Extra content after the label, on the same line (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode | undefined;
  className?: string | undefined;
  /** Renders the control with the id and ARIA links of the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control: label, hint, control, error. The control is described by the hint and the
 * error and marked invalid while there is an error; the error stands in a live region, so it is read
 * out when it appears.
 */
export function Field({
  label,
  hint,
  error,
  invalid = false,
  describedBy,
  required,
  labelAside,
  className,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : null, error ? errorId : null, describedBy || null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label id={`${id}-label`} htmlFor={id} className="block text-sm font-semibold text-slate-900">
          {label}
          {required ? (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          ) : null}
        </label>
        {labelAside}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">
        {children({
          id,
          'aria-describedby': ids || undefined,
          'aria-invalid': error || invalid ? true : undefined,
        })}
      </div>
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  invalid?: boolean;
  labelAside?: ReactNode;
  className?: string;
  /** Added to the input's look (e.g. `tabular`). */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Splits a text field's props into its Field's and its input's. */
function fieldAndInput({
  label,
  hint,
  error,
  invalid,
  labelAside,
  className,
  'aria-describedby': describedBy,
  ...input
}: Omit<TextFieldProps, 'ref' | 'inputClassName'>) {
  const field = { label, hint, error, invalid, describedBy, labelAside, className, required: input.required };
  return [field, input] as const;
}

/** A labelled single-line text input (a Field around an `<input>`). */
export function TextField({ ref, inputClassName, ...props }: TextFieldProps) {
  const [field, input] = fieldAndInput(props);
  return (
    <Field {...field}>
      {(control) => (
        <input ref={ref} {...control} className={cx(lineInputClass, inputClassName)} {...input} />
      )}
    </Field>
  );
}

/** A password input with a show/hide toggle (the toggle is a real button with a pressed state). */
export function PasswordField({ ref, ...props }: Omit<TextFieldProps, 'type' | 'inputClassName'>) {
  const [field, input] = fieldAndInput(props);
  const [visible, setVisible] = useState(false);
  return (
    <Field {...field}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            {...control}
            type={visible ? 'text' : 'password'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={cx(lineInputClass, 'pr-12')}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label="Show password"
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
