// The public profile's SQL.
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { CARD_SELECT_SQL, type CardRow } from '../projects/cards.ts';

/**
 * The creator (by username, case-insensitively, on users_username_key) and their listed (not unlisted) projects newest
 * first, in one round trip: a creator without projects is one row with a null project id.
 */
export const PROFILE_SQL = `select u.username as "profileUsername", u.created_at as "profileCreatedAt", p.*
  from users u
  left join lateral (
    select ${CARD_SELECT_SQL} from projects p
     where p.user_id = u.id and p.deleted_at is null and p.visibility = 'public'
     order by p.created_at desc
  ) p on true
 where lower(u.username) = lower($1)`;

export type ProfileRow = { profileUsername: string | null; profileCreatedAt: Date } & (
  CardRow | { [K in keyof CardRow]: null }
);

export async function selectProfile(db: Db, username: string): Promise<ProfileRow[]> {
  const pool: pg.Pool = db.$client;
  const { rows } = await pool.query<ProfileRow>({ text: PROFILE_SQL, values: [username] });
  return rows;
}
