import { startTransition, useCallback, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Hourglass from 'lucide-react/icons/hourglass';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import TrendingUp from 'lucide-react/icons/trending-up';
import {
  MESSAGES,
  VIRTUAL_CATEGORY_HEADINGS,
  filterCountMessage,
  hasActiveFilters,
  tagIcon,
  type ProjectFilters,
} from '@kept/domain';
import { TagIcon } from '../../components/tag-icon';
import { useSession } from '../session';
import type { ProjectCardData } from '../projects';
import { filteredProjectsQuery, type HomeResponse, type ProjectListResponse } from './api';
import { CategoryCarousel } from './carousel';
import { FilterBar } from './filter-bar';
import { ProjectGrid } from './project-grid';
import { LoadingProjects, ProjectsError, ShowMore } from './states';
import { useFilteredProjects, useHomeSections, useUrlFilters } from './use-browse';

interface Section {
  slug: string;
  title: string;
  icon: ReactNode;
  projects: ProjectCardData[];
}

const iconClass = 'size-5 text-primary-700';

/**
 * The home page's sections in the spec's order: Favorites (signed in, only when there are any),
 * Largest Commitments, Finishing Soon, Editor's Picks, then one per tag.
 */
export function homeSections(home: HomeResponse, signedIn: boolean): Section[] {
  const sections: Section[] = [];
  if (signedIn && home.favorites.length > 0) {
    sections.push({
      slug: 'favorites',
      title: VIRTUAL_CATEGORY_HEADINGS.favorites,
      icon: <Star className={iconClass} />,
      projects: home.favorites,
    });
  }
  sections.push(
    {
      slug: 'top-funded',
      title: VIRTUAL_CATEGORY_HEADINGS['top-funded'],
      icon: <TrendingUp className={iconClass} />,
      projects: home.topFunded,
    },
    {
      slug: 'finishing-soon',
      title: VIRTUAL_CATEGORY_HEADINGS['finishing-soon'],
      icon: <Hourglass className={iconClass} />,
      projects: home.finishingSoon,
    },
    {
      slug: 'featured',
      title: VIRTUAL_CATEGORY_HEADINGS.featured,
      icon: <Sparkles className={iconClass} />,
      projects: home.featured,
    },
  );
  for (const tag of home.byTag) {
    sections.push({
      slug: tag.slug,
      title: tag.tag,
      icon: tagIcon(tag.tag) ? <TagIcon tag={tag.tag} className={iconClass} /> : null,
      projects: tag.projects,
    });
  }
  return sections;
}

/**
 * Sections drawn at once, what a phone shows first. The other dozen follow one at a time, each step in
 * a transition: React renders those in slices between frames, and no single commit holds up the first
 * taps for long. (Four a step made React tasks of 10-27 ms on a 2-core VM; one a step took the home
 * page's total blocking time under Lighthouse from 166 to 71 ms, median of 10 runs: decision 015.)
 */
const FIRST_SECTIONS = 2;
const SECTIONS_PER_STEP = 1;

function HomeSections({ enabled }: { enabled: boolean }) {
  const { user } = useSession();
  const home = useHomeSections({ enabled });
  const [shownCount, setShownCount] = useState(FIRST_SECTIONS);
  // Drawn from the data in a background render that yields to the browser every few milliseconds, not in
  // one long task when the data arrives; the loading state stays up meanwhile.
  const data = useDeferredValue(home.data);
  const sections = data ? homeSections(data, user !== null) : [];
  const more = shownCount < sections.length;
  useEffect(() => {
    if (more) startTransition(() => setShownCount((count) => count + SECTIONS_PER_STEP));
  }, [more, shownCount]);
  if (home.isError) return <ProjectsError error={home.error} onRetry={() => void home.refetch()} />;
  if (data === undefined) return <LoadingProjects />;
  return (
    // Busy while later sections are still being added (each step moves what is below them).
    <div className="space-y-12" aria-busy={more || undefined}>
      {sections.slice(0, shownCount).map((section, index) => (
        <CategoryCarousel
          key={section.slug}
          slug={section.slug}
          title={section.title}
          icon={section.icon}
          projects={section.projects}
          {...(index >= FIRST_SECTIONS ? { className: 'below-the-fold' } : {})}
        />
      ))}
    </div>
  );
}

function uniqueById(projects: ProjectCardData[]): ProjectCardData[] {
  const seen = new Set<string>();
  return projects.filter((project) => !seen.has(project.id) && seen.add(project.id));
}

function FilteredResults({ results }: { results: ReturnType<typeof useFilteredProjects> }) {
  if (results.isPending) return <LoadingProjects />;
  if (results.isError && !results.isFetchNextPageError) {
    return <ProjectsError error={results.error} onRetry={() => void results.refetch()} />;
  }
  const pages = results.data?.pages ?? [];
  const projects = uniqueById(pages.flatMap((page) => page.projects));
  const total = pages.at(-1)?.total ?? 0;
  if (projects.length === 0)
    return <p className="py-12 text-center text-slate-600">{MESSAGES.noProjectsMatching}</p>;

  return (
    <div aria-busy={results.isPlaceholderData || undefined}>
      <ProjectGrid
        projects={projects}
        className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
      />
      {results.isFetchNextPageError ? (
        <ProjectsError error={results.error} onRetry={() => void results.fetchNextPage()} />
      ) : null}
      {projects.length < total ? (
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-slate-600">Showing first {projects.length} results</p>
          <ShowMore
            remaining={total - projects.length}
            atLeast={pages.at(-1)?.totalCapped ?? false}
            loading={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Filter count: 'X of Y projects found' (X matching, Y visible at all). The server counts matches only
 * up to 1,000 (further for deep pages): past that it says `totalCapped`, and X reads '1,000+'.
 */
function filterCountText(page: Pick<ProjectListResponse, 'total' | 'totalCapped' | 'visibleTotal'>) {
  if (!page.totalCapped) return filterCountMessage(page.total, page.visibleTotal);
  return `${page.total.toLocaleString('en-US')}+ of ${page.visibleTotal} projects found`;
}

function summaryOf(results: ReturnType<typeof useFilteredProjects>): string | undefined {
  const latest = results.data?.pages.at(-1);
  return latest ? filterCountText(latest) : undefined;
}

/**
 * The browsing half of the home page: the filter bar, then either the sections (no filters) or the
 * filtered list, which the server runs. The filters live in the URL.
 */
export function HomeBrowse() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { filters, setFilters } = useUrlFilters();
  const filtered = hasActiveFilters(filters);
  const results = useFilteredProjects(filters, { enabled: filtered });
  const viewerId = user?.id ?? null;

  const changeFilters = useCallback(
    (next: ProjectFilters) => {
      // Every change starts the list over at its first 50, also for a filter set seen before (spec §9).
      queryClient.removeQueries({
        queryKey: filteredProjectsQuery(viewerId, next).queryKey,
        exact: true,
      });
      setFilters(next);
    },
    [queryClient, setFilters, viewerId],
  );

  return (
    <>
      <FilterBar
        filters={filters}
        onChange={changeFilters}
        summary={filtered ? summaryOf(results) : undefined}
      />
      <div className="mt-10">
        {filtered ? <FilteredResults results={results} /> : <HomeSections enabled={!filtered} />}
      </div>
    </>
  );
}
