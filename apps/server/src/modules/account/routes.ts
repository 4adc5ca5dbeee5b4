import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SettingsResponseSchema,
  UpdateTimezoneRequestSchema,
  UpdateUsernameRequestSchema,
} from '@kept/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { ACCOUNT_MESSAGES } from '../auth/service.ts';

const TAKEN = () =>
  new DomainError('conflict', ACCOUNT_MESSAGES.usernameTaken, {
    username: ACCOUNT_MESSAGES.usernameTaken,
  });

/** The signed-in user's settings: username and timezone. */
export const settingsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const read = async (userId: string) => {
      const [row] = await db
        .select({ username: users.username, timezone: users.timezone })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new DomainError('not_found', 'User not found');
      return row;
    };

    app.get(
      '/api/me/settings',
      { schema: { response: withErrors({ 200: SettingsResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        reply.header('cache-control', 'no-store');
        return read(user.id);
      },
    );

    app.put(
      '/api/me/username',
      {
        schema: { body: UpdateUsernameRequestSchema, response: withErrors({ 200: SettingsResponseSchema }) },
      },
      async (request) => {
        const user = await request.requireUser();
        const { username } = request.body;
        try {
          const updated = await db
            .update(users)
            .set({ username, name: username, updatedAt: sql`now()` })
            .where(eq(users.id, user.id))
            .returning({ username: users.username, timezone: users.timezone });
          if (updated.length === 0) throw new DomainError('not_found', 'User not found');
          return updated[0];
        } catch (err) {
          if (isUniqueViolation(err)) throw TAKEN();
          throw err;
        }
      },
    );

    app.put(
      '/api/me/timezone',
      {
        schema: { body: UpdateTimezoneRequestSchema, response: withErrors({ 200: SettingsResponseSchema }) },
      },
      async (request) => {
        const user = await request.requireUser();
        const updated = await db
          .update(users)
          .set({ timezone: request.body.timezone, updatedAt: sql`now()` })
          .where(eq(users.id, user.id))
          .returning({ username: users.username, timezone: users.timezone });
        if (updated.length === 0) throw new DomainError('not_found', 'User not found');
        return updated[0];
      },
    );
  };

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
