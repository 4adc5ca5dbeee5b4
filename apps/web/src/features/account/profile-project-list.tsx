import type { ProjectCard } from '@kept/contract';
import { ConnectedProjectCard } from '../projects';

/** A responsive grid of the shared project cards: one column on phones, up to three on wide screens. */
export function ProfileProjectList({ projects }: { projects: readonly ProjectCard[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ConnectedProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}
