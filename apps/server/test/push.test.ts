// Web push (issue 23) end to end: a browser subscribes through the API; reminders (push preference) and
// "You received a donation" are queued, sent by the send_push job through web-push to a local push
// service at the network edge, which checks the VAPID signature and decrypts the aes128gcm payload with
// the browser's private key; a 410 from the push service removes the subscription.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_REMINDER_PREFS } from '@kept/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { manualClock } from './support/clock.ts';
import { walkClock } from './support/jobs.ts';
import { createPaidProject, donate } from './support/projects.ts';
import { pushAgent, startPushEndpoint, type PushEndpoint } from './support/push-endpoint.ts';
import { createUser, type SignedIn } from './support/users.ts';

// Weekly 30-day projects made on 2026-03-01 (UTC): period 1's check-in day is 03-08.
const clock = manualClock(new Date('2026-03-01T20:00:00Z'));
let t: TestApp;
let endpoint: PushEndpoint;
let publicKey: string;
let owner: SignedIn;
let other: SignedIn;
let projectId: string;

const devices = async (user: SignedIn) =>
  t.app.inject({ url: '/api/me/push-subscriptions', headers: { cookie: user.cookie } });

async function subscribe(user: SignedIn, name: string) {
  const { request } = endpoint.subscribe(name);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/push-subscriptions',
    headers: {
      cookie: user.cookie,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
    },
    payload: request,
  });
  expect(res.statusCode, res.body).toBe(200);
  return request.endpoint;
}

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  t = await createTestApp({ clock, pushAgent: pushAgent() });
  owner = await createUser(t.app, { timezone: 'UTC' });
  other = await createUser(t.app, { timezone: 'UTC' });
  ({ projectId } = await createPaidProject(t.app, {
    owner,
    draft: {
      title: 'Weekly sketches',
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'weeks',
    },
  }));
  await t.app.jobs.runDue();
  publicKey = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey;
});
afterAll(async () => {
  await t?.close();
  await endpoint?.close();
});

describe('the VAPID key pair', () => {
  it('is made once and kept in DATA_DIR, readable by its owner only', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const file = path.join(t.dataDir, 'vapid-keys.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).publicKey).toBe(publicKey);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // Another instance on the same DATA_DIR signs with the same key (subscriptions stay valid).
    const again = await createTestApp({ database: t.database, env: { DATA_DIR: t.dataDir } });
    try {
      expect((await again.app.inject({ url: '/api/push/public-key' })).json().publicKey).toBe(publicKey);
    } finally {
      await again.app.close();
    }
  });
});

describe('push subscriptions', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: endpoint.subscribe('nobody').request,
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me/push-subscriptions' })).statusCode).toBe(401);
  });

  it('refuses a subscription it cannot use, with a clear error, and stores nothing', async () => {
    const good = endpoint.subscribe('bad').request;
    for (const payload of [
      { ...good, endpoint: 'http://127.0.0.1/push/plain-http' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
      { endpoint: good.endpoint },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        headers: { cookie: other.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await devices(other)).json().devices).toEqual([]);
  });

  it('lists a user’s devices, and only the owner can remove one', async () => {
    const url = await subscribe(other, 'other-laptop');
    const list = (await devices(other)).json().devices;
    expect(list).toEqual([
      expect.objectContaining({ endpoint: url, deviceLabel: 'Chrome on Linux', lastSuccessAt: null }),
    ]);
    const id = list[0].id as string;
    const byOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/push-subscriptions/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(byOwner.statusCode).toBe(404);
    expect((await devices(other)).json().devices).toHaveLength(1);
    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/push-subscriptions/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json().devices).toEqual([]);
  });
});

describe('pushes', () => {
  it('sends a check-in reminder by push when the owner chose push', async () => {
    await subscribe(owner, 'owner-phone');
    const prefs = { ...DEFAULT_REMINDER_PREFS, channels: { email: false, push: true } };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/me/reminders',
      headers: { cookie: owner.cookie },
      payload: prefs,
    });
    expect(put.statusCode).toBe(200);
    await walkClock(t.app, clock, '2026-03-08T09:30:00Z');
    expect(endpoint.messagesOf('owner-phone', publicKey)).toEqual([
      {
        title: 'Check-in due today: Weekly sketches',
        body: 'It counts until the end of March 14, 2026.',
        url: `/project/${projectId}`,
        tag: `reminder:${projectId}`,
      },
    ]);
    // The clock walks by the hour: the reminder went at 09:00, and the push service took it then.
    expect((await devices(owner)).json().devices[0].lastSuccessAt).toBe('2026-03-08T09:00:00.000Z');
  });

  it('sends "You received a donation" to every browser of the owner', async () => {
    await subscribe(owner, 'owner-laptop');
    await donate(t.app, projectId, { amountCents: 2500, donorName: 'Ada', donorAnonymous: false });
    await t.app.jobs.drain();
    const donation = {
      title: 'You received a donation',
      body: 'Ada donated $25.00 to "Weekly sketches".',
      url: `/project/${projectId}`,
      tag: `donation:${projectId}`,
    };
    expect(endpoint.messagesOf('owner-laptop', publicKey)).toEqual([donation]);
    expect(endpoint.messagesOf('owner-phone', publicKey)).toContainEqual(donation);
  });

  it('removes a subscription the push service says is gone (410), and keeps the others', async () => {
    endpoint.answer('owner-laptop', 410);
    await donate(t.app, projectId, { amountCents: 1000, donorAnonymous: true });
    await t.app.jobs.drain();
    const left = (await devices(owner)).json().devices.map((d: { endpoint: string }) => d.endpoint);
    expect(left).toEqual([expect.stringContaining('/push/owner-phone')]);
    expect(endpoint.messagesOf('owner-phone', publicKey).at(-1)).toEqual(
      expect.objectContaining({ body: 'An anonymous supporter donated $10.00 to "Weekly sketches".' }),
    );
  });
});
