import { useEffect, useState, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { cx } from '../../lib/cx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's name: shown as its heading and announced by screen readers. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg' | 'full';
  /**
   * False while something must not be interrupted (a payment being confirmed, an upload): Escape, a click
   * outside and the close button do nothing.
   */
  dismissible?: boolean;
  /** Hide the visible heading (it stays the dialog's accessible name). */
  hideTitle?: boolean;
  className?: string;
}

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', full: 'sm:max-w-5xl' } as const;

/**
 * A modal dialog (Radix): traps focus, closes on Escape and outside clicks, labelled by its title, and
 * gives focus back to what opened it. A bottom sheet on phones, a centred card from 640 px.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  dismissible = true,
  hideTitle = false,
  className,
}: ModalProps) {
  const guard = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // Give focus back to what opened the dialog (Radix only knows its own Trigger, which callers that open
  // a dialog from their own button do not use), also when the dialog is removed rather than closed.
  const [returnTo] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const restoreFocus = () => {
    if (returnTo?.isConnected && returnTo !== document.body) returnTo.focus();
  };
  useEffect(
    () => () => {
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) restoreFocus();
      }, 0);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (dismissible || next) && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-2xl bg-white shadow-xl outline-none',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[90dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            widths[size],
            className,
          )}
        >
          {/* The header keeps its size and ends in a rule: the content scrolls beneath it, clipped a clear
              gap below its text, never running into it. */}
          <div
            className={cx(
              'flex shrink-0 items-start gap-3 px-5 pt-5 sm:px-6 sm:pt-6',
              hideTitle ? 'absolute top-0 right-0 z-10' : 'border-b border-slate-200 pb-4',
            )}
          >
            <div className={cx('min-w-0 flex-1', hideTitle && 'sr-only')}>
              <RadixDialog.Title className="text-xl font-bold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              disabled={!dismissible}
              className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-6 sm:px-6">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
