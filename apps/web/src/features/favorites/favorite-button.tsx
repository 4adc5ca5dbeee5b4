import type { MouseEvent } from 'react';
import Star from 'lucide-react/icons/star';
import { cx } from '../../lib/cx';

export interface FavoriteButtonProps {
  /** What is being starred, for the button's label ('Favorite {title}'). */
  title: string;
  pressed: boolean;
  /** A change is on its way to the server: further presses are ignored until it answers. */
  pending?: boolean;
  onToggle: () => void;
  className?: string;
}

/** The favorite star: a toggle button (aria-pressed). It never lets the click reach a link beneath it. */
export function FavoriteButton({
  title,
  pressed,
  pending = false,
  onToggle,
  className,
}: FavoriteButtonProps) {
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (!pending) onToggle();
  }

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`Favorite ${title}`}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      title={pressed ? 'Remove from favorites' : 'Add to favorites'}
      onClick={onClick}
      className={cx(
        'grid size-9 place-items-center rounded-full bg-white/90 shadow-sm ring-1 ring-slate-900/10 backdrop-blur-sm',
        'transition-colors hover:bg-white active:scale-95 aria-disabled:cursor-progress',
        pressed ? 'text-amber-600' : 'text-slate-600 hover:text-slate-900',
        className,
      )}
    >
      <Star
        aria-hidden="true"
        className={cx('size-5', pending && 'motion-safe:animate-pulse')}
        fill={pressed ? 'currentColor' : 'none'}
      />
    </button>
  );
}
