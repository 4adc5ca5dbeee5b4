import { Link } from 'react-router';
import { cx } from '../lib/cx';

/** The Kept mark: a tick in a rounded square. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary-700" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Brand link to the home page; its accessible name is just "Kept". */
export function BrandLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cx(
        'inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-slate-900',
        className,
      )}
    >
      <BrandMark />
      Kept
    </Link>
  );
}
