import type { ProjectCard } from '@kept/contract';
import { ConnectedProjectCard } from '../projects';

/**
 * A responsive grid of the shared project cards: one column on phones, up to three on wide screens.
 * `own`: the profile is the viewer's, so every card is theirs.
 */
export function ProfileProjectList({ projects, own }: { projects: readonly ProjectCard[]; own: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ConnectedProjectCard project={project} isOwn={own} />
        </li>
      ))}
    </ul>
  );
}
