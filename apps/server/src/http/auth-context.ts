// Who is asking: the signed-in user (from the session cookie), looked up once per request.
// An answer built after asking is personal: it goes out `private, no-cache` (unless the route chose
// `no-store`) with `Vary: Cookie`, so no shared cache hands it to someone else. A visitor's answer
// (no cookie) keeps its own caching, and says `Vary: Cookie` so a signed-in copy is never confused with it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { SessionUser } from '@kept/contract';
import { DomainError } from './errors.ts';

/** The signed-in user of a Cookie header, or null. */
export type UserLookup = (cookie: string) => Promise<SessionUser | null>;

export const NOT_SIGNED_IN = 'You must be signed in to do that.';

export function registerAuthContext(app: FastifyInstance, lookup: UserLookup): void {
  // Each request's lookup, made on its first currentUser() (null until then); a property of the
  // request, declared up front so every request object keeps one shape.
  app.decorateRequest('userLookup', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.userLookup !== null) markPersonal(reply, request.headers.cookie !== undefined);
    done(null, payload);
  });
  app.decorateRequest('webHeaders', function webHeaders(this: FastifyRequest) {
    return fromNodeHeaders(this.headers);
  });
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    // No cookie, no session: answer without asking the session store (the anonymous path is hot).
    this.userLookup ??= this.headers.cookie ? lookup(this.headers.cookie) : Promise.resolve(null);
    return this.userLookup;
  });
  app.decorateRequest('requireUser', async function requireUser(this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw new DomainError('unauthorized', NOT_SIGNED_IN);
    return user;
  });
}

/** Vary on the cookie; and, for a request that carried one, keep the answer out of shared caches. */
function markPersonal(reply: FastifyReply, hadCookie: boolean): void {
  const vary = reply.getHeader('vary');
  const varies = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!varies.some((name) => name.toLowerCase() === 'cookie' || name === '*'))
    reply.header('vary', [...varies, 'Cookie'].join(', '));
  if (!hadCookie) return;
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (!/\b(no-store|private)\b/i.test(cacheControl)) reply.header('cache-control', 'private, no-cache');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's lookup once currentUser() was asked (see registerAuthContext). */
    userLookup: Promise<SessionUser | null> | null;
    webHeaders: () => Headers;
    currentUser: () => Promise<SessionUser | null>;
    requireUser: () => Promise<SessionUser>;
  }
}
