import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  PublicProfileResponseSchema,
  UsernameParamsSchema,
  type PublicProfileResponse,
} from '@kept/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { CARD_SELECT_SQL, toProjectCard, type CardRow } from '../projects/cards.ts';

/**
 * The creator (by username, case-insensitively, on users_username_key) and their live projects newest
 * first, in one round trip: a creator without projects is one row with a null project id.
 */
export const PROFILE_SQL = `select u.username as "profileUsername", u.created_at as "profileCreatedAt", p.*
  from users u
  left join lateral (
    select ${CARD_SELECT_SQL} from projects p
     where p.user_id = u.id and p.deleted_at is null
     order by p.created_at desc
  ) p on true
 where lower(u.username) = lower($1)`;

type ProfileRow = { profileUsername: string | null; profileCreatedAt: Date } & (
  CardRow | { [K in keyof CardRow]: null }
);

/** GET /api/users/:username — a creator's public profile with their projects. */
export const profileRoutes =
  (db: Db, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    const pool: pg.Pool = db.$client;
    app.get(
      '/api/users/:username',
      {
        schema: { params: UsernameParamsSchema, response: withErrors({ 200: PublicProfileResponseSchema }) },
      },
      async (request): Promise<PublicProfileResponse> => {
        const { rows } = await pool.query<ProfileRow>({
          text: PROFILE_SQL,
          values: [request.params.username],
        });
        const user = rows[0];
        if (!user?.profileUsername) throw new DomainError('not_found', 'User not found');
        const now = clock.now();
        const cards = rows
          .filter((row): row is ProfileRow & CardRow => row.id !== null)
          .map((row) => toProjectCard(row, now));
        return {
          user: { username: user.profileUsername, createdAt: user.profileCreatedAt.toISOString() },
          activeProjects: cards.filter((c) => c.status !== 'completed'),
          completedProjects: cards.filter((c) => c.status === 'completed'),
        };
      },
    );
  };
