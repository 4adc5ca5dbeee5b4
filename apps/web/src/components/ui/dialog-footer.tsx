import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * A dialog's buttons: Cancel, then the action (a submit button unless `onConfirm` is given). Stacked
 * with the action on top on phones, side by side at the right from `sm`. While `busy`, the action
 * shows its spinner and Cancel waits.
 */
export function DialogFooter({
  onCancel,
  busy = false,
  onConfirm,
  variant,
  cancelAutoFocus,
  children,
}: {
  onCancel: () => void;
  busy?: boolean;
  /** Runs the action on click; without it the action submits the dialog's form. */
  onConfirm?: () => void;
  variant?: ButtonProps['variant'];
  /** Focus Cancel when the dialog opens (destructive confirmations). */
  cancelAutoFocus?: boolean;
  /** The action's label. */
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={cancelAutoFocus}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant={variant} loading={busy} onClick={onConfirm}>
        {children}
      </Button>
    </div>
  );
}
