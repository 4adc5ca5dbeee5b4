// Who is asking: the signed-in user (from the session cookie), looked up once per request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '@kept/contract';
import { HttpError } from './errors.ts';

/** The signed-in user of a Cookie header, or null. */
export type UserLookup = (cookie: string) => Promise<SessionUser | null>;

export const NOT_SIGNED_IN = 'You must be signed in to do that.';

export function registerAuthContext(app: FastifyInstance, lookup: UserLookup): void {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('webHeaders', function webHeaders(this: FastifyRequest) {
    return fromNodeHeaders(this.headers);
  });
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let found = cache.get(this);
    if (!found) {
      // No cookie, no session: answer without asking the session store (the anonymous path is hot).
      found = this.headers.cookie ? lookup(this.headers.cookie) : Promise.resolve(null);
      cache.set(this, found);
    }
    return found;
  });
  app.decorateRequest('requireUser', async function requireUser(this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw new HttpError(401, 'unauthorized', NOT_SIGNED_IN);
    return user;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    webHeaders: () => Headers;
    currentUser: () => Promise<SessionUser | null>;
    requireUser: () => Promise<SessionUser>;
  }
}
