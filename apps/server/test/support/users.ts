import { validateUsername } from '@kept/domain';
import type { FastifyInstance } from 'fastify';
import { databaseOfApp } from './app.ts';

export type SignedIn = {
  cookie: string;
  user: { id: string; username: string | null; email: string; timezone: string };
};

let counter = 0;
/**
 * The process id in digits that read as no letter (2, 6, 8, 9: the username rules map 0, 1, 3, 4, 5 and
 * 7 onto letters), so this part of a name can never spell a word the rules refuse.
 */
const PID_TAG = (process.pid % 4096).toString(4).replace(/[0-3]/g, (d) => '2689'[Number(d)]!);
/**
 * A unique, valid username for this test run. The process id keeps parallel test files apart; a counter
 * the rules refuse (455 reads 'ass') is skipped, and the next one differs in its own digits.
 */
export function uniqueName(prefix = 'member'): string {
  for (;;) {
    counter += 1;
    const name = `${prefix}${PID_TAG}n${counter}`;
    if (validateUsername(name) === null) return name;
  }
}

export async function signUp(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
}

/** Cookie header value from a response's Set-Cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Sign up and sign in a fresh user; returns its session cookie. The user has confirmed their address,
 * as most have (its confirmation email is taken out of the queue unsent); `verified: false` leaves the
 * address unconfirmed and its confirmation email queued, as right after sign-up.
 */
export async function createUser(
  app: FastifyInstance,
  opts: { username?: string; email?: string; password?: string; timezone?: string; verified?: boolean } = {},
): Promise<SignedIn & { email: string; password: string }> {
  const username = opts.username ?? uniqueName();
  const email = opts.email ?? `${username.toLowerCase()}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const up = await signUp(app, { username, email, password, timezone: opts.timezone ?? 'America/New_York' });
  if (up.statusCode !== 201) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  const database = databaseOfApp.get(app);
  if (opts.verified !== false && database) {
    await database.pool.query(`update users set email_verified = true where lower(email) = lower($1)`, [
      email,
    ]);
    await database.pool.query(
      `delete from graphile_worker._private_jobs
        where key like 'email:verify-email:%' and locked_at is null and lower(payload->'message'->>'to') = lower($1)`,
      [email],
    );
  }
  const res = await signIn(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res.headers['set-cookie']), user: res.json().user, email, password };
}
