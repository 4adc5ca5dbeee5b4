// The search table (project_search, decisions 059 and 062) follows every change of a project that a
// search can see: a search with words reads it, so a project found there must be what projects holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectListResponseSchema } from '@kept/contract';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject, titles } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser, type SignedIn } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
const clock = manualClock(NOW);
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Titles a search with these words (and filters) finds, sorted. */
async function found(query: Record<string, string>): Promise<string[]> {
  const res = await get(t.app, `/api/projects?${new URLSearchParams({ limit: '200', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return titles(ProjectListResponseSchema.parse(res.json()).projects).sort();
}

/** Rows of projects that the search table does not hold as they are (and the other way round). */
async function driftBetweenTables(): Promise<unknown[]> {
  const columns = `id, tag, user_id, refundable_amount, created_at, end_date, deleted_at, visibility,
    project_status, total_length_days, counters_valid_until, missed_checkins, completed_checkins, search_doc`;
  const { rows } = await t.database.pool.query(
    `(select ${columns} from projects except select ${columns} from project_search)
     union all
     (select ${columns} from project_search except select ${columns} from projects)`,
  );
  return rows;
}

/** A running project of the signed-in owner (created before NOW, ending after it). */
const ownersProject = (title: string, tag: string, refundableCents?: number) =>
  insertProject(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T10:00:00Z',
    lengthDays: 60,
    frequencyDays: 7,
    title,
    tag,
    ...(refundableCents === undefined ? {} : { refundableCents }),
  });

describe('the search table', () => {
  it("follows the owner's edit of the words and the tag", async () => {
    const id = await ownersProject('srt-quill letters', 'Writing');
    expect(await found({ searchText: 'srt-quill', categoryTags: 'Writing' })).toEqual(['srt-quill letters']);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${id}`,
      headers: { cookie: owner.cookie },
      payload: { title: 'srt-easel sketches', description: 'Daily drawing', tag: 'Art' },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await found({ searchText: 'srt-quill' })).toEqual([]);
    expect(await found({ searchText: 'srt-easel', categoryTags: 'Writing' })).toEqual([]);
    expect(await found({ searchText: 'srt-easel', categoryTags: 'Art' })).toEqual(['srt-easel sketches']);
    expect(await found({ searchText: 'daily drawing srt' })).toEqual(['srt-easel sketches']);
    expect(await driftBetweenTables()).toEqual([]);
  });

  it('follows the amounts, the counters, the visibility, the status and a deletion', async () => {
    const id = await ownersProject('srt-kiln pots', 'Crafting', 4_000);
    const pool = t.database.pool;
    const search = (extra: Record<string, string> = {}) => found({ searchText: 'srt-kiln', ...extra });
    expect(await search({ refundAmountMinCents: '5000' })).toEqual([]);

    // A donation raises the refundable amount.
    await pool.query(`update projects set refundable_amount = 6000 where id = $1`, [id]);
    expect(await search({ refundAmountMinCents: '5000' })).toEqual(['srt-kiln pots']);

    // The counters a missed-check-in filter compares (current until after NOW).
    await pool.query(
      `update projects set missed_checkins = 3, completed_checkins = 2,
              counters_valid_until = '2026-03-25T00:00:00Z' where id = $1`,
      [id],
    );
    expect(await search({ missedCheckinsMin: '3' })).toEqual(['srt-kiln pots']);
    expect(await search({ missedCheckinsMax: '2' })).toEqual([]);

    // Unlisted by its owner, listed again.
    await pool.query(`update projects set visibility = 'unlisted' where id = $1`, [id]);
    expect(await search()).toEqual([]);
    await pool.query(`update projects set visibility = 'public' where id = $1`, [id]);
    expect(await search()).toEqual(['srt-kiln pots']);

    // Ended: found only with completed projects, from the other status half, whose rows sit in the
    // tag's partition of ended projects (decision 062).
    const partition = async () =>
      (
        await pool.query<{ part: string }>(
          `select tableoid::regclass::text as part from project_search where id = $1`,
          [id],
        )
      ).rows.map((row) => row.part);
    expect(await partition()).toEqual(['project_search_crafting_live']);
    await pool.query(
      `update projects set project_status = 'completed', end_date = '2026-03-10T00:00:00Z' where id = $1`,
      [id],
    );
    expect(await partition()).toEqual(['project_search_crafting_ended']);
    expect(await search()).toEqual([]);
    expect(await search({ includeCompleted: 'true' })).toEqual(['srt-kiln pots']);

    // Deleted (cancelled), then gone from the database altogether.
    await pool.query(`update projects set deleted_at = $2 where id = $1`, [id, NOW]);
    expect(await search({ includeCompleted: 'true' })).toEqual([]);
    expect(await driftBetweenTables()).toEqual([]);
    await pool.query(`delete from project_checkins where project_id = $1`, [id]);
    await pool.query(`delete from projects where id = $1`, [id]);
    const { rows } = await pool.query(`select 1 from project_search where id = $1`, [id]);
    expect(rows).toEqual([]);
  });

  it("is not written by a change it does not hold (a check-in's page version)", async () => {
    const id = await ownersProject('srt-loom weave', 'Crafting');
    const version = async () =>
      (
        await t.database.pool.query<{ xmin: string }>(`select xmin::text from project_search where id = $1`, [
          id,
        ])
      ).rows[0]?.xmin;
    const before = await version();
    await t.database.pool.query(`update projects set page_version = page_version + 1 where id = $1`, [id]);
    expect(await version()).toBe(before);
    await t.database.pool.query(
      `update projects set refundable_amount = refundable_amount + 1 where id = $1`,
      [id],
    );
    expect(await version()).not.toBe(before);
  });
});
