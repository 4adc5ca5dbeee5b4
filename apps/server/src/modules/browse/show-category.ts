// GET /api/categories/:slug: a category's page of projects with its count. Completed projects only with
// `includeCompleted`, as on every list (the domain's isListed).
import { FEATURED_LIMIT, categoryFromSlug, isListed } from '@kept/domain';
import type { CategoryResponse, SessionUser } from '@kept/contract';
import { toProjectCard, type CardRow } from '../projects/cards.ts';
import { cacheKey, toJson, type Answer, type BrowseDeps, type CategoryPage } from './deps.ts';
import {
  categoryPageStatement,
  favoritesCountStatement,
  favoritesStatement,
  finishingSoonCountStatement,
  finishingSoonPageStatement,
  liveCountStatement,
} from './queries.ts';

/** The category's page; null for an unknown slug. An anonymous visitor's from the shared cache unless `fresh`. */
export async function showCategory(
  deps: BrowseDeps,
  slug: string,
  query: CategoryPage,
  viewer: SessionUser | null,
  opts: { fresh: boolean },
): Promise<Answer<CategoryResponse> | null> {
  const { rows, count } = deps;
  const category = categoryFromSlug(slug);
  if (category.kind === 'other') return null;
  const now = deps.clock.now();
  const { includeCompleted, ...page } = query;
  const live = isListed('completed', includeCompleted) ? null : { now };
  /** The visible count (tallies) with completed ones, else the live count (capped at `cap`). */
  const countOf = async (tag: string | null, cap: number | null = null): Promise<number> => {
    if (live) return count(liveCountStatement(tag, now, cap));
    const all = await deps.tallies();
    const n = tag === null ? all.total : (all.byTag.get(tag) ?? 0);
    return cap === null ? n : Math.min(cap, n);
  };
  const compute = async (): Promise<CategoryResponse> => {
    let found: CardRow[] = [];
    let total = 0;
    if (category.kind === 'tag') {
      [found, total] = await Promise.all([
        rows(categoryPageStatement(category.tag.name, page, live)),
        countOf(category.tag.name),
      ]);
    } else if (category.slug === 'top-funded') {
      [found, total] = await Promise.all([rows(categoryPageStatement(null, page, live)), countOf(null)]);
    } else if (category.slug === 'featured') {
      const limit = Math.max(0, Math.min(page.limit, FEATURED_LIMIT - page.offset));
      [found, total] = await Promise.all([
        limit > 0 ? rows(categoryPageStatement(null, { limit, offset: page.offset }, live)) : [],
        countOf(null, FEATURED_LIMIT),
      ]);
    } else if (category.slug === 'finishing-soon') {
      [found, total] = await Promise.all([
        rows(finishingSoonPageStatement(now, page)),
        count(finishingSoonCountStatement(now)),
      ]);
    } else if (category.slug === 'favorites' && viewer) {
      [found, total] = await Promise.all([
        rows(favoritesStatement(viewer.id, now, { liveOnly: live !== null, ...page })),
        count(favoritesCountStatement(viewer.id, now, { liveOnly: live !== null })),
      ]);
    }
    const ids = viewer ? await deps.favoriteIds(viewer) : undefined;
    return {
      slug: category.slug,
      heading: category.heading,
      projects: found.map((row) =>
        toProjectCard(row, now, viewer ? { userId: viewer.id, favorites: ids } : undefined),
      ),
      total,
      ...page,
    };
  };
  if (viewer) return { value: await compute() };
  const text = async () => toJson(await compute());
  return deps.sharedAnswer(cacheKey('category', [category.slug, query]), opts.fresh, text);
}
