import { categoryFromSlug, projectsFoundMessage } from '@kept/domain';
import type { ReactNode } from 'react';
import FolderOpen from 'lucide-react/icons/folder-open';
import LogIn from 'lucide-react/icons/log-in';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import Star from 'lucide-react/icons/star';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { loginPathFor } from '../session';
import { useSession } from '../session';
import type { ProjectCardData } from '../projects';
import { ProjectGrid } from './project-grid';
import { LoadingProjects, ShowMore } from './states';
import { useCategoryProjects } from './use-browse';

function EmptyCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary-50 text-primary-700">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-slate-600">{text}</p>
      {action}
    </Card>
  );
}

/** 'No projects found / There are no projects in this category yet.', and for members a way to start one. */
export function CategoryEmpty({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyCard
      icon={<FolderOpen aria-hidden="true" className="size-6" />}
      title="No projects found"
      text="There are no projects in this category yet."
      action={
        signedIn ? (
          <ButtonLink
            to="/create-project"
            className="mt-6"
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Create the First Project
          </ButtonLink>
        ) : null
      }
    />
  );
}

/**
 * Favorites with nothing in it: a visitor is asked to log in (favorites belong to an account); a member
 * with none is pointed to projects to star, not to creating one.
 */
export function FavoritesEmpty({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) {
    return (
      <EmptyCard
        icon={<Star aria-hidden="true" className="size-6" />}
        title="Log in to see your favorites"
        text="Star the projects you want to follow, and they will wait for you here."
        action={
          <ButtonLink
            to={loginPathFor('/category/favorites')}
            className="mt-6"
            icon={<LogIn aria-hidden="true" className="size-4" />}
          >
            Log In
          </ButtonLink>
        }
      />
    );
  }
  return (
    <EmptyCard
      icon={<Star aria-hidden="true" className="size-6" />}
      title="No favorites yet"
      text="Tap the star on any project to keep it here."
      action={
        <ButtonLink to="/" className="mt-6" icon={<Search aria-hidden="true" className="size-4" />}>
          Browse Projects
        </ButtonLink>
      }
    />
  );
}

function uniqueById(projects: ProjectCardData[]): ProjectCardData[] {
  const seen = new Set<string>();
  return projects.filter((project) => !seen.has(project.id) && seen.add(project.id));
}

/**
 * A category's projects (spec §2 Category screen): '{n} project(s) found' and the card grid, 50 at a
 * time. Unknown categories, and Favorites for anonymous visitors, have nothing to fetch; a failed fetch
 * is only logged (spec §8) and shows the empty state.
 */
export function CategoryListing({ slug }: { slug: string }) {
  const { user } = useSession();
  const category = categoryFromSlug(slug);
  const canFetch = category.kind !== 'other' && !(category.slug === 'favorites' && user === null);
  const query = useCategoryProjects(category.slug, { enabled: canFetch });

  if (canFetch && query.isPending) return <LoadingProjects />;
  const pages = canFetch && !(query.isError && !query.isFetchNextPageError) ? (query.data?.pages ?? []) : [];
  const projects = uniqueById(pages.flatMap((page) => page.projects));
  const total = pages.at(-1)?.total ?? 0;
  if (projects.length === 0) {
    return category.slug === 'favorites' ? (
      <FavoritesEmpty signedIn={user !== null} />
    ) : (
      <CategoryEmpty signedIn={user !== null} />
    );
  }

  return (
    <div>
      <p role="status" className="mb-6 text-slate-600">
        {projectsFoundMessage(total)}
      </p>
      <ProjectGrid projects={projects} />
      {projects.length < total ? (
        <div className="mt-8 flex justify-center">
          <ShowMore
            remaining={total - projects.length}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          />
        </div>
      ) : null}
    </div>
  );
}
