import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import { MESSAGES } from '@kept/domain';
import type { ProjectCard } from '@kept/contract';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../lib/cx';
import { ConnectedProjectCard } from '../projects';
import { myProjectsQuery } from './api';

function ProjectSection({
  title,
  projects,
  completed = false,
  empty,
}: {
  title: string;
  projects: ProjectCard[];
  completed?: boolean;
  empty: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600 tabular">({projects.length})</span>
      </h2>
      {projects.length === 0 ? (
        <p className="mt-3 text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {projects.map((project) => (
            <li
              key={project.id}
              className={cx(completed && 'opacity-75 transition-opacity hover:opacity-100')}
            >
              <ConnectedProjectCard project={project} />
              {project.settlement ? (
                // The card shows the refund; this says how far it has got.
                <p className="mt-2 px-1 text-sm text-slate-700">{project.settlement.statusText}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** My Projects: the signed-in user's active and completed projects, and the way to start another. */
export function MyProjects() {
  const query = useQuery(myProjectsQuery());
  const total = query.data ? query.data.activeProjects.length + query.data.completedProjects.length : null;
  const createLabel = total === 0 ? 'Create Your First Project' : 'Start a New Project';

  return (
    <>
      <PageHeader title="My Projects" lead="Every project you've put money on, active ones first.">
        {total !== null ? (
          <ButtonLink to="/create-project" icon={<Plus aria-hidden="true" className="size-4" />}>
            {createLabel}
          </ButtonLink>
        ) : null}
      </PageHeader>
      {query.isPending ? (
        <div role="status" className="flex items-center gap-3 py-12 text-slate-700">
          <Spinner className="text-primary-700" />
          Loading projects...
        </div>
      ) : query.isError ? (
        <Alert tone="error" title={MESSAGES.loadProjectsFailed}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : total === 0 ? (
        <Card className="p-6 text-slate-700">
          <p className="text-lg font-semibold text-slate-900">No projects yet</p>
          <p className="mt-1">
            Pick a goal, choose how often you'll check in and put down a deposit you'll get back by following
            through.
          </p>
        </Card>
      ) : (
        <>
          <ProjectSection
            title="Active Projects"
            projects={query.data.activeProjects}
            empty="No active projects right now. Start a new one whenever you're ready."
          />
          <ProjectSection
            title="Completed Projects"
            projects={query.data.completedProjects}
            completed
            empty="Finished projects will show up here."
          />
        </>
      )}
    </>
  );
}
