// What a react-hook-form form shows of its state, for the text fields (components/ui/field.tsx).
import type { FieldError, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a form shows of its state: `field(name)` registers a text field and gives it its message (the
 * props TextField and PasswordField take), and `formError` is the message for the whole form (the
 * server's, set as `root.server`). With `together`, a message every empty field would repeat ('Email and
 * password are required.') is said once, as the form's message with the id `alertId`, and the fields it
 * is about are marked invalid and described by it.
 */
export function formFields<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  together?: { message: string; alertId: string },
) {
  const { errors } = form.formState;
  const messageOf = (name: FieldPath<Values>) => (errors[name] as FieldError | undefined)?.message;
  const isTogether = (message: string | undefined) => together !== undefined && message === together.message;
  const anyTogether = Object.entries(errors).some(
    ([name, error]) => name !== 'root' && isTogether((error as FieldError | undefined)?.message),
  );
  return {
    formError: errors.root?.server?.message ?? (anyTogether && together ? together.message : null),
    field(name: FieldPath<Values>) {
      const message = messageOf(name);
      const marked = isTogether(message);
      return {
        ...form.register(name),
        error: marked ? undefined : message,
        invalid: marked,
        'aria-describedby': marked ? together?.alertId : undefined,
      };
    },
  };
}
