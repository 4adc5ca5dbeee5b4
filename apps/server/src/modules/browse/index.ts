// Browsing Kept: the plugin that registers the home, the filtered search and the category pages with
// their use cases, which share one cache of anonymous answers (deps.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { createBrowseDeps } from './deps.ts';
import { browseRoutes } from './routes.ts';
import { searchProjects } from './search-projects.ts';
import { showCategory } from './show-category.ts';
import { showHome } from './show-home.ts';

export const browseModule =
  (deps: { db: Db; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const browse = createBrowseDeps(deps);
    await app.register(
      browseRoutes({
        showHome: (input, viewer, opts) => showHome(browse, input, viewer, opts),
        searchProjects: (input, viewer, opts) => searchProjects(browse, input, viewer, opts),
        showCategory: (slug, query, viewer, opts) => showCategory(browse, slug, query, viewer, opts),
      }),
    );
  };
