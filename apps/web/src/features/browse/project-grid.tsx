import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { ConnectedProjectCard, type ProjectCardData } from '../projects';

/** Cards in a responsive grid (filtered results, category pages): two columns on phones, up to four. */
export function ProjectGrid({
  projects,
  renderCard = (project) => <ConnectedProjectCard project={project} />,
  className,
}: {
  projects: readonly ProjectCardData[];
  renderCard?: (project: ProjectCardData) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={cx('grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4', className)}>
      {projects.map((project) => (
        <li key={project.id} className="min-w-0">
          {renderCard(project)}
        </li>
      ))}
    </ul>
  );
}
