import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckInSchema, ProjectDetailResponseSchema, type ProjectDetailResponse } from '@kept/contract';
import { createTestApp, type TestApp } from './support/app.ts';
import { get, insertProject } from './support/browse.ts';
import { manualClock } from './support/clock.ts';
import { createUser, type SignedIn } from './support/users.ts';

const NOW = new Date('2026-03-20T12:00:00Z');
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let projectId: string;
const LONG = `A long description. ${'Every word of it matters. '.repeat(20)}`.trim();

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(NOW) });
  owner = await createUser(t.app, { timezone: 'UTC' });
  other = await createUser(t.app);
  // 30 days every 7 from 03-01 (UTC): check-in dates 03-01, 03-08, 03-15, 03-22, 03-29 (t = 5).
  projectId = await insertProject(t.database.pool, {
    userId: owner.user.id,
    title: 'Learn the cello',
    description: LONG,
    tag: 'Music',
    createdAt: '2026-03-01T10:00:00Z',
    lengthDays: 30,
    frequencyDays: 7,
    depositCents: 5_000,
    refundableCents: 10_000,
  });
  // Inserted newest first: the answer must still be oldest first. The 03-08 period is missed.
  for (const [text, at] of [
    ['Third', '2026-03-16T09:00:00Z'],
    ['Second', '2026-03-02T09:00:00Z'],
  ] as const) {
    await t.database.pool.query(
      `insert into project_checkins (project_id, user_id, update_text, video_url, video_type, check_in_timezone,
         check_in_local_date, check_in_project_date, created_at)
       values ($1, $2, $3, $4, $5, 'UTC', $6, $6, $7)`,
      [
        projectId,
        owner.user.id,
        text,
        text === 'Third' ? 'https://www.youtube.com/watch?v=abcdefghijk' : null,
        text === 'Third' ? 'youtube' : null,
        at.slice(0, 10),
        at,
      ],
    );
  }
});
afterAll(async () => {
  await t.close();
});

async function detail(id: string, cookie?: string): Promise<ProjectDetailResponse> {
  const res = await get(t.app, `/api/projects/${id}`, cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(200);
  return ProjectDetailResponseSchema.parse(res.json());
}

describe('project detail', () => {
  it('shows everything the page needs to anyone, check-ins oldest first', async () => {
    const body = await detail(projectId);
    expect(body.project).toMatchObject({
      id: projectId,
      title: 'Learn the cello',
      tag: 'Music',
      description: LONG,
      imageUrl: '/images/categories/music.svg',
      ownImageUrl: null,
      depositCents: 5_000,
      refundableCents: 10_000,
      username: owner.user.username,
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 7,
      frequencyUnit: 'days',
      status: 'active',
    });
    expect(body.checkIns.map((c) => c.updateText)).toEqual(['Project created', 'Second', 'Third']);
    expect(body.checkIns[2]).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      videoType: 'youtube',
      checkInProjectDate: '2026-03-16',
    });
    expect(body.project.summary).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-30',
      totalCheckIns: 5,
      completedCheckIns: 2,
      missedCheckIns: 1,
      nextCheckIn: { date: '2026-03-22', overdue: false, label: 'In 2 days' },
      progressLabel: 'Getting Close',
      ended: false,
    });
    expect(body.viewer).toEqual({ isOwner: false, isFavorite: false, signedIn: false });
    expect(body.refundIfEndedToday).toBeNull();
  });

  it('sends each check-in exactly as the contract has it, its instant in ISO form', async () => {
    const res = await get(t.app, `/api/projects/${projectId}`);
    const raw = (res.json() as { checkIns: Record<string, unknown>[] }).checkIns;
    expect(raw.length).toBeGreaterThan(0);
    for (const checkIn of raw) {
      expect(Object.keys(checkIn).sort()).toEqual(Object.keys(CheckInSchema.shape).sort());
      expect(checkIn.createdAt).toBe(new Date(String(checkIn.createdAt)).toISOString());
      expect(checkIn.checkInLocalDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("tells a signed-in visitor whether they starred it, and never shows them the owner's stakes", async () => {
    expect((await detail(projectId, other.cookie)).viewer).toEqual({
      isOwner: false,
      isFavorite: false,
      signedIn: true,
    });
    await t.database.pool.query('insert into user_favorites (user_id, project_id) values ($1, $2)', [
      other.user.id,
      projectId,
    ]);
    const body = await detail(projectId, other.cookie);
    expect(body.viewer).toEqual({ isOwner: false, isFavorite: true, signedIn: true });
    expect(body.project.isFavorite).toBe(true);
    expect(body.refundIfEndedToday).toBeNull();
  });

  it('shows the owner the refund if the project ended today, from the shared rules', async () => {
    const body = await detail(projectId, owner.cookie);
    expect(body.viewer).toEqual({ isOwner: true, isFavorite: false, signedIn: true });
    // R = floor(10000 × (5 − 1) / 5) = 8000: 5000 back to the card, 3000 paid out, 2000 forfeited.
    expect(body.refundIfEndedToday).toEqual({
      poolCents: 10_000,
      refundCents: 8_000,
      forfeitCents: 2_000,
      refundToCardCents: 5_000,
      payoutCents: 3_000,
    });
  });

  it("answers 404 'Project not found' for unknown, malformed and deleted ids", async () => {
    const deleted = await insertProject(t.database.pool, {
      userId: owner.user.id,
      createdAt: '2026-03-01T10:00:00Z',
      deleted: true,
    });
    for (const id of ['6f1c3f4e-8d7a-4b7e-9a51-2b1d0c9e7f00', 'not-a-uuid', deleted, `${projectId}x`]) {
      const res = await get(t.app, `/api/projects/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Project not found' } });
    }
  });
});
