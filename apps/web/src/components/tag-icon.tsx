import BookOpen from 'lucide-react/icons/book-open';
import Dumbbell from 'lucide-react/icons/dumbbell';
import Hammer from 'lucide-react/icons/hammer';
import Mic from 'lucide-react/icons/mic';
import Music from 'lucide-react/icons/music';
import Palette from 'lucide-react/icons/palette';
import PenLine from 'lucide-react/icons/pen-line';
import Scissors from 'lucide-react/icons/scissors';
import type { LucideIcon } from 'lucide-react';
import { tagIcon, type TagIconName } from '@kept/domain';
import { cx } from '../lib/cx';

const ICONS: Record<TagIconName, LucideIcon> = {
  hammer: Hammer,
  palette: Palette,
  dumbbell: Dumbbell,
  'pen-line': PenLine,
  mic: Mic,
  music: Music,
  scissors: Scissors,
  'book-open': BookOpen,
};

/** A tag's icon (decorative: the tag's name is always written beside it); nothing for unknown tags. */
export function TagIcon({ tag, className }: { tag: string; className?: string }) {
  const name = tagIcon(tag);
  if (name === null) return null;
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" data-tag-icon={name} className={cx('size-4 shrink-0', className)} />;
}
