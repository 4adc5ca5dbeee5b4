import { cx } from '../../lib/cx';

/**
 * A form's or dialog's error, announced as soon as it appears (the live region is always in the page,
 * so screen readers hear the message when it is set).
 */
export function FormError({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  return (
    <div aria-live="assertive">
      {message ? (
        <p
          className={cx(
            'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800',
            className,
          )}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
