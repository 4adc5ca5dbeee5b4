// A project's supporters and their messages (issue 22): the name or 'Anonymous', the amount only when
// shown, a plain-text message of at most 280 characters checked on the server, hidden by the owner only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { createPaidProject, donate, requestDonation, type PaidProject } from './support/projects.ts';
import { createUser, type SignedIn } from './support/users.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let project: PaidProject;
let fan: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ clock });
  project = await createPaidProject(t.app, { draft: { title: 'Write the novel' } });
  fan = await createUser(t.app);
});
afterEach(async () => {
  await assertLedgerInvariants(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const supporters = (cookie?: string) =>
  t.app.inject({
    url: `/api/projects/${project.projectId}/supporters`,
    headers: cookie ? { cookie } : {},
  });
const hide = (donationId: string, hidden: boolean, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/projects/${project.projectId}/supporters/${donationId}/message`,
    headers: cookie ? { cookie } : {},
    payload: { hidden },
  });
const donationCount = async () =>
  Number((await t.database.pool.query(`select count(*) from donations`)).rows[0].count);

describe('supporters', () => {
  it('refuses a message over 280 characters or with control characters, and stores nothing', async () => {
    const before = await donationCount();
    for (const [message, words] of [
      ['x'.repeat(281), 'A message can be at most 280 characters.'],
      ['evil\u202Etxt', 'A message can only be plain text.'],
      [42, undefined],
    ] as const) {
      const res = await requestDonation(t.app, project.projectId, {
        amountCents: 500,
        message: message as string,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      if (words) expect(res.json().error.fields.message).toBe(words);
    }
    const payments = await t.database.pool.query(
      `select count(*) from payments where kind = 'donation' and project_id = $1`,
      [project.projectId],
    );
    expect(Number(payments.rows[0].count)).toBe(0);
    expect(await donationCount()).toBe(before);
  });

  it('lists supporters newest first: a name or Anonymous, the amount only when shown, the message', async () => {
    clock.advance(60_000);
    await donate(t.app, project.projectId, {
      amountCents: 2_500,
      donor: fan,
      donorName: 'Grace',
      donorAnonymous: false,
      showAmount: true,
      message: '  You can do it!\r\nChapter one is the hardest. 📚 ',
    });
    clock.advance(60_000);
    await donate(t.app, project.projectId, {
      amountCents: 1_000,
      donorName: 'Hidden Name',
      message: '🎉'.repeat(280),
    });
    clock.advance(60_000);
    await donate(t.app, project.projectId, { amountCents: 700 });

    const res = await supporters();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.canHide).toBe(false);
    expect(body.supporters.map((s: { name: string }) => s.name)).toEqual(['Anonymous', 'Anonymous', 'Grace']);
    expect(body.supporters.map((s: { amountCents: number | null }) => s.amountCents)).toEqual([
      null,
      null,
      2_500,
    ]);
    expect(body.supporters[2].message).toBe('You can do it!\nChapter one is the hardest. 📚');
    expect(body.supporters[1].message).toBe('🎉'.repeat(280));
    expect(body.supporters[0].message).toBeNull();
    expect(JSON.stringify(body)).not.toContain('Hidden Name');
    expect(JSON.stringify(body)).not.toContain('@');
  });

  it('lets the owner hide a message from everyone (the owner still sees it) and show it again', async () => {
    const grace = (await supporters()).json().supporters.find((s: { name: string }) => s.name === 'Grace');

    expect((await hide(grace.donationId, true)).statusCode).toBe(401);
    const other = await hide(grace.donationId, true, fan.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('forbidden');
    expect((await supporters()).json().supporters[2].messageHidden).toBe(false);

    const hidden = await hide(grace.donationId, true, project.owner.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().canHide).toBe(true);
    expect(hidden.json().supporters[2]).toMatchObject({
      messageHidden: true,
      message: expect.stringContaining('You can'),
    });

    const publicView = (await supporters(fan.cookie)).json().supporters[2];
    expect(publicView).toMatchObject({ name: 'Grace', messageHidden: true, message: null });

    const shown = await hide(grace.donationId, false, project.owner.cookie);
    expect(shown.json().supporters[2].messageHidden).toBe(false);
    expect((await supporters()).json().supporters[2].message).toContain('You can do it!');
  });

  it("answers 404 for another project's donation, a malformed id, or an unknown project", async () => {
    const elsewhere = await createPaidProject(t.app, { draft: { title: 'Another one' } });
    const theirs = await donate(t.app, elsewhere.projectId, { amountCents: 600, message: 'Go!' });
    const donationId = (
      await t.database.pool.query(`select id from donations where payment_id = $1`, [theirs])
    ).rows[0].id as string;
    for (const id of [donationId, 'not-a-uuid', crypto.randomUUID()]) {
      const res = await hide(id, true, project.owner.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const untouched = await t.database.pool.query(`select message_hidden_at from donations where id = $1`, [
      donationId,
    ]);
    expect(untouched.rows[0].message_hidden_at).toBeNull();
    const unknown = await t.app.inject({ url: `/api/projects/${crypto.randomUUID()}/supporters` });
    expect(unknown.statusCode).toBe(404);
  });
});
