// Every route the app registers, in order: the security tests check each one against their table of
// who may call it (a route added without a row there fails the suite).
import type { FastifyInstance, FastifySchema } from 'fastify';

export type RegisteredRoute = {
  method: string;
  url: string;
  /** The route's schema (request, responses, hide), as it was registered. */
  schema: (FastifySchema & { hide?: boolean }) | undefined;
};

/** Call before any route is registered; `app.routeList` then lists them all (HEAD twins included). */
export function registerRouteList(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      routes.push({ method: String(method), url: route.url, schema: route.schema });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: readonly RegisteredRoute[];
  }
}
