import { Link } from 'react-router';
import type { ProjectCard } from '@kept/contract';
import { formatCents, type BadgeColour } from '@kept/domain';
import { cx } from '../../lib/cx';

const badgeColours: Record<BadgeColour, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-900 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-200',
};

const badgeBase = 'rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ring-1';

// A deliberately plain card for the profile lists. Swap in the shared ProjectCard once it lands.
function ProfileProjectCard({ project }: { project: ProjectCard }) {
  const completed = project.status === 'completed';
  const badge = project.daysLeftBadge;
  return (
    <Link
      to={`/project/${project.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-card border border-slate-200 bg-white shadow-card transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-slate-100">
        <img
          src={project.imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className={cx(
            'size-full object-cover transition-transform group-hover:scale-[1.02] motion-reduce:transition-none',
            completed && 'grayscale-[40%]',
          )}
        />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          {completed ? (
            <span className={cx(badgeBase, 'bg-slate-800 text-white ring-slate-900')}>Completed</span>
          ) : null}
          {badge ? <span className={cx(badgeBase, badgeColours[badge.colour])}>{badge.text}</span> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-primary-800">
          {project.title}
        </h3>
        <p className="mt-auto text-sm text-slate-600">
          <span className="tabular text-base font-semibold text-slate-900">
            {formatCents(project.refundableCents)}
          </span>{' '}
          refundable
        </p>
      </div>
    </Link>
  );
}

/** A responsive grid of project cards: one column on phones, up to three on wide screens. */
export function ProfileProjectList({ projects }: { projects: readonly ProjectCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ProfileProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}
