import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import Clock from 'lucide-react/icons/clock';
import { CARD_AMOUNT_CAPTIONS, formatCents, projectImage } from '@kept/domain';
import type { ProjectCard as ProjectCardData } from '@kept/contract';
import { cx } from '../../lib/cx';
import { TagIcon } from '../../components/tag-icon';
import { FavoriteButton } from '../favorites';
import { useFavoriteIds, useToggleFavorite } from '../favorites';
import { useSession } from '../session';

export type { ProjectCardData };

/** The days-left badge's colours (RULES.md: red at 1, orange at 2, yellow at 3), each AA on its fill. */
const DAYS_LEFT_COLOURS = {
  red: 'bg-red-600 text-white',
  orange: 'bg-orange-400 text-orange-950',
  yellow: 'bg-yellow-300 text-yellow-950',
} as const;

const badgeBase =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold shadow-sm';

export interface ProjectCardProps {
  project: ProjectCardData;
  /** The viewer owns the project: shows the 'Your Project' badge. */
  isOwn?: boolean;
  /** Only signed-in viewers get the favorite star. */
  signedIn?: boolean;
  isFavorite?: boolean;
  /** A favorite change is waiting for the server. */
  favoritePending?: boolean;
  /** Called when the star is pressed (the card does not open). Without it, no star. */
  onToggleFavorite?: () => void;
  /** More badges on the picture. */
  badges?: ReactNode;
  className?: string;
}

/**
 * A project in every list (home, categories, profiles, My Projects): picture, tag, title, its figure,
 * badges and (signed in) the favorite star. A completed project is badged 'Completed' and shows what
 * became of its pool (the server's `amount`: the pool at the end, or the settled refund), never the
 * live refundable amount. The whole card opens /project/{id}; the star toggles without opening it.
 * It fills the width it is given: carousels and grids decide the size.
 */
export function ProjectCard({
  project,
  isOwn = false,
  signedIn = false,
  isFavorite = false,
  favoritePending = false,
  onToggleFavorite,
  badges,
  className,
}: ProjectCardProps) {
  const [imageFailed, setImageFailed] = useState(false);
  // The server already resolved the picture (own, else the tag's, else the general default); should an
  // own picture fail to load, fall back to the defaults.
  const image = imageFailed ? projectImage(null, project.tag) : project.imageUrl;
  const badge = project.daysLeftBadge;
  const completed = project.status === 'completed';
  const amount = project.amount ?? { kind: 'refundable' as const, cents: project.refundableCents };

  return (
    <article
      className={cx(
        'group relative flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card',
        'transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-primary-700',
        className,
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        <img
          src={image}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          className="size-full object-cover transition-transform duration-300 motion-safe:group-hover:scale-[1.03]"
        />
        {isOwn || badge || badges || completed ? (
          <div className="absolute bottom-2 left-2 flex flex-wrap gap-1 pr-2">
            {completed ? <span className={cx(badgeBase, 'bg-slate-800 text-white')}>Completed</span> : null}
            {isOwn ? <span className={cx(badgeBase, 'bg-primary-700 text-white')}>Your Project</span> : null}
            {badge ? (
              <span className={cx(badgeBase, DAYS_LEFT_COLOURS[badge.colour])} data-colour={badge.colour}>
                <Clock aria-hidden="true" className="size-3" />
                {badge.text}
              </span>
            ) : null}
            {badges}
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-3">
        <p className="flex items-center gap-1 truncate text-xs font-medium text-slate-600">
          <TagIcon tag={project.tag} className="size-3.5" />
          {project.tag}
        </p>
        <Link
          to={`/project/${encodeURIComponent(project.id)}`}
          className="mt-1 line-clamp-2 text-sm font-semibold text-pretty text-slate-900 outline-none after:absolute after:inset-0 after:content-[''] sm:text-base"
        >
          {project.title}
        </Link>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-1.5 pt-2">
          <span
            className={cx(
              'tabular text-base font-bold sm:text-lg',
              completed ? 'text-slate-900' : 'text-primary-800',
            )}
          >
            {formatCents(amount.cents)}
          </span>{' '}
          <span className="text-xs text-slate-600">{CARD_AMOUNT_CAPTIONS[amount.kind]}</span>
        </p>
      </div>
      {signedIn && onToggleFavorite ? (
        <FavoriteButton
          title={project.title}
          pressed={isFavorite}
          pending={favoritePending}
          onToggle={onToggleFavorite}
          className="absolute top-2 right-2 z-10"
        />
      ) : null}
    </article>
  );
}

/**
 * `ProjectCard` wired to the session and the favorites: 'Your Project' on the viewer's own projects (the
 * server says so on the lists it makes for a signed-in viewer; a list that knows better, such as the
 * viewer's own profile, passes `isOwn`), and for a signed-in viewer a star that toggles the favorite on
 * the server.
 */
export function ConnectedProjectCard({
  project,
  isOwn,
  badges,
  className,
}: {
  project: ProjectCardData;
  isOwn?: boolean;
  badges?: ReactNode;
  className?: string;
}) {
  const { user } = useSession();
  const favoriteIds = useFavoriteIds();
  const { toggle, isPending } = useToggleFavorite();
  const isFavorite = favoriteIds ? favoriteIds.has(project.id) : project.isFavorite === true;

  return (
    <ProjectCard
      project={project}
      isOwn={user !== null && (isOwn ?? project.isOwn === true)}
      signedIn={user !== null}
      isFavorite={isFavorite}
      favoritePending={isPending}
      onToggleFavorite={() => toggle(project.id, !isFavorite)}
      badges={badges}
      className={className}
    />
  );
}
