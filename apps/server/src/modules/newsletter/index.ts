// Newsletter: the plugin that registers the sign-up and unsubscribe routes with their use cases.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterRoutes } from './routes.ts';
import { subscribe, type NewsletterDeps } from './subscribe.ts';
import { unsubscribe } from './unsubscribe.ts';

export const newsletterModule =
  (deps: NewsletterDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      newsletterRoutes({
        subscribe: (email, ip) => subscribe(deps, email, ip),
        unsubscribe: (token) => unsubscribe(deps, token),
        baseUrl: deps.baseUrl,
      }),
    );
  };
