// Input fuzzing: every JSON endpoint gets random and hostile bodies, query strings and path parameters,
// derived from the contract's zod schemas (support/zod-arbitrary.ts) and from hostile variants of a
// valid example. Whatever arrives: never a 5xx, every failure in the error format, and a 4xx writes
// nothing. Runs are bounded and seeded (FUZZ_SEED, printed with any counterexample) so a run is
// repeatable: `FUZZ_SEED=123 npx vitest run test/security/fuzz.test.ts`.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryQuerySchema,
  CheckInRequestSchema,
  ChooseCoverRequestSchema,
  CreateProjectRequestSchema,
  DonationRequestSchema,
  EditProjectRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  NewsletterRequestSchema,
  NewsletterResponseSchema,
  PaymentStatusQuerySchema,
  ProjectSearchQuerySchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  SimulatedConfirmRequestSchema,
  UpdateTimezoneRequestSchema,
  UpdateUsernameRequestSchema,
} from '@kept/contract';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { multipartBody } from '../support/multipart.ts';
import { insertProjectRow } from '../support/project-rows.ts';
import { projectDraft, startDeposit } from '../support/projects.ts';
import { dataFingerprint, expectErrorEnvelope, expectSecurityHeaders } from '../support/security.ts';
import { createUser, type SignedIn } from '../support/users.ts';
import {
  EDGE_DATES,
  HOSTILE_STRINGS,
  OUT_OF_CALENDAR_DATES,
  calendarDate,
  hostileJsonBody,
  hostileQuery,
} from '../support/zod-arbitrary.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_320);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const clock = manualClock(new Date('2026-03-20T12:00:00Z'));
let t: TestApp;
let owner: SignedIn;
let projectId: string;
let payment: { paymentId: string; clientSecret: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await createUser(t.app);
  projectId = await insertProjectRow(t.database.pool, {
    userId: owner.user.id,
    createdAt: '2026-03-01T12:00:00Z',
  });
  const intent = await startDeposit(t.app, owner, projectDraft());
  payment = { paymentId: intent.paymentId, clientSecret: intent.clientSecret };
});
afterAll(async () => {
  await t.close();
});

/**
 * Replies that need not be the error envelope: the newsletter answers its form's own shape (spec §7,
 * `{ success: false, error }`) once the body has been read; a body that cannot be read gets the envelope.
 */
const OWN_FORMAT: Record<string, (res: LightMyRequestResponse) => void> = {
  'POST /api/newsletter': (res) => {
    const parsed = NewsletterResponseSchema.strict().safeParse(res.json());
    if (parsed.success)
      expect(parsed.data.success === false && typeof parsed.data.error === 'string').toBe(true);
    else expectErrorEnvelope(res, 'POST /api/newsletter');
  },
};

let sent = 0;
/** Send one request and hold the server to the rules; returns nothing, throws on a broken rule. */
async function check(
  label: string,
  request: { method: string; url: string; payload?: string; contentType?: string; signedIn?: boolean },
): Promise<void> {
  const before = await dataFingerprint(t.database.pool);
  sent += 1;
  const res = await t.app.inject({
    method: request.method as 'POST',
    url: request.url,
    remoteAddress: `10.7.${(sent >> 8) & 255}.${sent & 255}`,
    headers: {
      ...(request.signedIn ? { cookie: owner.cookie } : {}),
      ...(request.payload !== undefined ? { 'content-type': request.contentType ?? 'application/json' } : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  const what = `${label} ${request.method} ${request.url.slice(0, 120)} ${String(request.payload).slice(0, 120)}`;
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expectSecurityHeaders(res, { what });
  if (res.statusCode >= 300) {
    const own = OWN_FORMAT[label];
    if (own) own(res);
    else expectErrorEnvelope(res, what);
  }
  if (res.statusCode >= 400) {
    expect(await dataFingerprint(t.database.pool), `${what} → ${res.statusCode} but wrote`).toEqual(before);
  }
}

async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  run: (value: T) => Promise<void>,
  runs = RUNS,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await run(value);
    }),
    { seed: SEED, numRuns: runs, endOnFailure: true },
  );
}

type JsonEndpoint = {
  method: string;
  url: () => string;
  schema: unknown;
  example: Record<string, unknown>;
  signedIn?: boolean;
};

const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/auth/sign-up': {
    method: 'POST',
    url: () => '/api/auth/sign-up',
    schema: SignupRequestSchema,
    example: {
      username: 'fuzzy_one',
      email: 'fuzzy@example.com',
      password: 'correct horse',
      timezone: 'UTC',
    },
  },
  'POST /api/auth/sign-in': {
    method: 'POST',
    url: () => '/api/auth/sign-in',
    schema: LoginRequestSchema,
    example: { email: 'nobody@example.com', password: 'wrong password' },
  },
  'POST /api/auth/forgot-password': {
    method: 'POST',
    url: () => '/api/auth/forgot-password',
    schema: ForgotPasswordRequestSchema,
    example: { email: 'nobody@example.com' },
  },
  'POST /api/auth/reset-password': {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    schema: ResetPasswordRequestSchema,
    example: { token: 'abc', password: 'new password', confirmPassword: 'new password' },
  },
  'PUT /api/me/username': {
    method: 'PUT',
    url: () => '/api/me/username',
    schema: UpdateUsernameRequestSchema,
    example: { username: 'fuzzed_name' },
    signedIn: true,
  },
  'PUT /api/me/timezone': {
    method: 'PUT',
    url: () => '/api/me/timezone',
    schema: UpdateTimezoneRequestSchema,
    example: { timezone: 'Europe/London' },
    signedIn: true,
  },
  'POST /api/payments/deposit-intent': {
    method: 'POST',
    url: () => '/api/payments/deposit-intent',
    schema: CreateProjectRequestSchema,
    example: { ...projectDraft() },
    signedIn: true,
  },
  'POST /api/payments/simulated/confirm': {
    method: 'POST',
    url: () => '/api/payments/simulated/confirm',
    schema: SimulatedConfirmRequestSchema,
    // A wrong secret: the property is that nothing reaches the card processor with a hostile body.
    example: {
      paymentId: 'x',
      clientSecret: 'y',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '1',
    },
  },
  'POST /api/donations/intent': {
    method: 'POST',
    url: () => '/api/donations/intent',
    schema: DonationRequestSchema,
    example: {
      projectId: 'set in beforeAll',
      amountCents: 500,
      donorName: 'A friend',
      donorEmail: 'f@example.com',
    },
  },
  'POST /api/newsletter': {
    method: 'POST',
    url: () => '/api/newsletter',
    schema: NewsletterRequestSchema,
    example: { email: 'reader@example.com' },
  },
  'POST /api/projects/:projectId/check-ins': {
    method: 'POST',
    url: () => `/api/projects/${projectId}/check-ins`,
    schema: CheckInRequestSchema,
    example: { updateText: 'Wrote a page', videoUrl: '', isCoverPhoto: false },
    signedIn: true,
  },
  'PATCH /api/projects/:projectId': {
    method: 'PATCH',
    url: () => `/api/projects/${projectId}`,
    schema: EditProjectRequestSchema,
    example: { title: 'A title', description: 'Words', tag: 'Art' },
    signedIn: true,
  },
  'PUT /api/projects/:projectId/cover': {
    method: 'PUT',
    url: () => `/api/projects/${projectId}/cover`,
    schema: ChooseCoverRequestSchema,
    example: { source: 'tag' },
    signedIn: true,
  },
};

/** The endpoint's valid example (the donation's needs the project made in beforeAll). */
const exampleOf = (label: string): Record<string, unknown> =>
  label === 'POST /api/donations/intent'
    ? { ...JSON_ENDPOINTS[label]!.example, projectId }
    : JSON_ENDPOINTS[label]!.example;

describe('hostile JSON bodies', () => {
  it.each(Object.keys(JSON_ENDPOINTS))('%s', async (label) => {
    const endpoint = JSON_ENDPOINTS[label]!;
    const example = exampleOf(label);
    await fuzz(hostileJsonBody(endpoint.schema, example), (payload) =>
      check(label, {
        method: endpoint.method,
        url: endpoint.url(),
        payload,
        signedIn: endpoint.signedIn ?? false,
      }),
    );
  });

  it.each(Object.keys(JSON_ENDPOINTS))('%s: oversized, wrongly typed and non-JSON bodies', async (label) => {
    const endpoint = JSON_ENDPOINTS[label]!;
    const example = exampleOf(label);
    const base = { method: endpoint.method, url: endpoint.url(), signedIn: endpoint.signedIn ?? false };
    const bodies: [string, string][] = [
      ['application/json', JSON.stringify({ ...example, pad: 'x'.repeat(1024 * 1024) })],
      [
        'application/json',
        JSON.stringify(Object.fromEntries(Object.keys(example).map((k) => [k, 'x'.repeat(500_000)]))),
      ],
      [
        'application/json',
        JSON.stringify(Object.fromEntries(Object.keys(example).map((k) => [k, { nested: [k] }]))),
      ],
      ['application/json', `[${JSON.stringify(example)}]`],
      ['application/json; charset=latin1', JSON.stringify(example)],
      ['application/xml', '<a>1</a>'],
      ['application/octet-stream', '\u0000\u0001\u0002'],
    ];
    // Every field in turn: a NUL character (PostgreSQL text cannot hold one) and a lone surrogate.
    for (const key of Object.keys(example)) {
      for (const odd of ['a\u0000b', '\ud800x']) {
        bodies.push(['application/json', JSON.stringify({ ...example, [key]: odd })]);
      }
    }
    for (const [contentType, payload] of bodies) await check(label, { ...base, payload, contentType });
  });
});

describe('hostile multipart check-ins', () => {
  it('refuses NUL characters and oversized fields in the form parts of a check-in', async () => {
    const forms: Record<string, string>[] = [
      { updateText: 'a\u0000b' },
      { updateText: 'ok', videoUrl: 'https://youtu.be/\u0000' },
      { updateText: 'x'.repeat(30_000) },
      { updateText: '<script>alert(1)</script>'.repeat(300) },
    ];
    for (const fields of forms) {
      const { payload, headers } = multipartBody(fields);
      await check('POST /api/projects/:projectId/check-ins', {
        method: 'POST',
        url: `/api/projects/${projectId}/check-ins`,
        payload: payload.toString('latin1'),
        contentType: headers['content-type'],
        signedIn: true,
      });
    }
  });
});

describe('hostile query strings', () => {
  const QUERIES: Record<string, { path: () => string; schema: unknown }> = {
    'GET /api/home': { path: () => '/api/home', schema: ProjectSearchQuerySchema },
    'GET /api/projects': { path: () => '/api/projects', schema: ProjectSearchQuerySchema },
    'GET /api/categories/:slug': { path: () => '/api/categories/art', schema: CategoryQuerySchema },
    'GET /api/payments/:paymentId/status': {
      path: () => `/api/payments/${payment.paymentId}/status`,
      schema: PaymentStatusQuerySchema,
    },
  };
  it.each(Object.keys(QUERIES))('%s', async (label) => {
    const { path, schema } = QUERIES[label]!;
    await fuzz(hostileQuery(schema), (query) => check(label, { method: 'GET', url: `${path()}?${query}` }));
  });

  it.each(Object.keys(QUERIES))('%s: NUL characters and lone surrogates in each parameter', async (label) => {
    const { path } = QUERIES[label]!;
    for (const key of [
      'searchText',
      'timeZone',
      'categoryTags',
      'createdDateFrom',
      'limit',
      'clientSecret',
    ]) {
      for (const odd of ['a%00b', '%ED%A0%80', 'a\u0000b']) {
        await check(label, { method: 'GET', url: `${path()}?${key}=${odd}` });
      }
    }
  });
});

describe('date bounds at the edges of the calendar', () => {
  const DATE_KEYS = ['createdDateFrom', 'createdDateTo', 'endDateFrom', 'endDateTo'];
  const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Asia/Kolkata'];

  it.each(['/api/home', '/api/projects'])(
    '%s answers every date the contract accepts, and refuses the rest with a 400',
    async (path) => {
      for (const key of DATE_KEYS) {
        for (const timeZone of ZONES) {
          for (const date of EDGE_DATES) {
            const url = `${path}?${key}=${date}&timeZone=${encodeURIComponent(timeZone)}`;
            const res = await t.app.inject({ url, headers: { cookie: owner.cookie } });
            expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
          }
          for (const date of OUT_OF_CALENDAR_DATES) {
            const url = `${path}?${key}=${encodeURIComponent(date)}&timeZone=${encodeURIComponent(timeZone)}`;
            const res = await t.app.inject({ url });
            expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(400);
            expectErrorEnvelope(res, url);
            expect(res.json().error.message).toBe('Please enter a valid date (YYYY-MM-DD).');
          }
        }
      }
    },
  );

  it('finds the project between any two dates of the calendar that hold it, in any zone', async () => {
    const params = fc.record({
      from: calendarDate,
      to: calendarDate,
      key: fc.constantFrom('createdDate', 'endDate'),
      timeZone: fc.constantFrom(...ZONES),
    });
    await fuzz(params, async ({ from, to, key, timeZone }) => {
      const [low, high] = from <= to ? [from, to] : [to, from];
      const query = `${key}From=${low}&${key}To=${high}&includeCompleted=true&timeZone=${encodeURIComponent(timeZone)}`;
      const res = await t.app.inject({ url: `/api/projects?${query}` });
      expect(res.statusCode, `${query} → ${res.body.slice(0, 300)}`).toBe(200);
      const ids = (res.json() as { projects: { id: string }[] }).projects.map((p) => p.id);
      // The project made in beforeAll was created on 2026-03-01 and ends within the same year.
      const holds = low <= '2026-02-28' && high >= '2026-12-31';
      if (holds) expect(ids, query).toContain(projectId);
      if (high < '2026-01-01' || low > '2027-01-01') expect(ids, query).not.toContain(projectId);
    });
  });
});

describe('hostile path parameters', () => {
  const PATHS: Record<string, { method: string; url: (p: string) => string; signedIn?: boolean }> = {
    'GET /api/users/:username': { method: 'GET', url: (p) => `/api/users/${p}` },
    'GET /api/auth/reset-password/:token': { method: 'GET', url: (p) => `/api/auth/reset-password/${p}` },
    'GET /api/projects/:projectId': { method: 'GET', url: (p) => `/api/projects/${p}` },
    'GET /api/categories/:slug': { method: 'GET', url: (p) => `/api/categories/${p}` },
    'GET /api/payments/:paymentId/status': {
      method: 'GET',
      url: (p) => `/api/payments/${p}/status?clientSecret=x`,
    },
    'PUT /api/projects/:projectId/favorite': {
      method: 'PUT',
      url: (p) => `/api/projects/${p}/favorite`,
      signedIn: true,
    },
    'DELETE /api/projects/:projectId': { method: 'DELETE', url: (p) => `/api/projects/${p}`, signedIn: true },
    'GET /project/:projectId': { method: 'GET', url: (p) => `/project/${p}` },
    'GET /user/:username': { method: 'GET', url: (p) => `/user/${p}` },
    'GET /category/:category': { method: 'GET', url: (p) => `/category/${p}` },
  };
  const param = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS).map((s) => encodeURIComponent(s.slice(0, 15_000)).slice(0, 15_000)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('%', '%C0', '%E0%A4%A', '%ZZ', '%00', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(5_000)),
  );
  it.each(Object.keys(PATHS))('%s', async (label) => {
    const { method, url, signedIn } = PATHS[label]!;
    await fuzz(param, async (p) => {
      const before = await dataFingerprint(t.database.pool);
      const res = await t.app.inject({
        method: method as 'GET',
        url: url(p),
        headers: signedIn ? { cookie: owner.cookie } : {},
      });
      const what = `${label} ${url(p).slice(0, 120)}`;
      expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
      expectSecurityHeaders(res, { what });
      if (label.includes(' /api/')) {
        expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expectErrorEnvelope(res, what);
      }
      expect(await dataFingerprint(t.database.pool), what).toEqual(before);
    });
  });
});
