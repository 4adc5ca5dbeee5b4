import { cx } from '../../lib/cx';

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A small rotating ring. Decorative: pair it with text that says what is happening. */
export function Spinner({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block shrink-0 rounded-full border-current border-r-transparent motion-safe:animate-spin',
        sizes[size],
        className,
      )}
    />
  );
}
