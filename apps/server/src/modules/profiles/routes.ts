import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicProfileResponse } from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { projects, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { cardColumns, toProjectCard } from '../projects/cards.ts';

/** GET /api/users/:username — a creator's public profile with their projects. */
export const profileRoutes =
  (db: Db, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users/:username',
      {
        schema: { params: z.object({ username: z.string().trim().min(1, 'Username is required').max(60) }) },
      },
      async (request): Promise<PublicProfileResponse> => {
        const [user] = await db
          .select({ id: users.id, username: users.username, createdAt: users.createdAt })
          .from(users)
          .where(sql`lower(${users.username}) = lower(${request.params.username})`);
        if (!user?.username) throw new HttpError(404, 'not_found', 'User not found');
        const rows = await db
          .select(cardColumns)
          .from(projects)
          .innerJoin(users, eq(users.id, projects.userId))
          .where(and(eq(projects.userId, user.id), isNull(projects.deletedAt)))
          .orderBy(desc(projects.createdAt));
        const now = clock.now();
        const cards = rows.map((row) => toProjectCard(row, now));
        return {
          user: { username: user.username, createdAt: user.createdAt.toISOString() },
          activeProjects: cards.filter((c) => c.status !== 'completed'),
          completedProjects: cards.filter((c) => c.status === 'completed'),
        };
      },
    );
  };
