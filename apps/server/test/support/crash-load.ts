// Crash under load: simulated clients sign up, create projects (deposit intent + simulated card
// confirm), check in with text and donate, against the real server process; at a seeded random
// moment the process gets SIGKILL with requests in flight, is started again on the same database,
// and the database is checked: every acknowledged (2xx) write is there, the ledger balances, nothing
// is half made. Clients then carry on like browsers would: a card confirm that got no answer is sent
// again; anything else unanswered is given up. After the last kill a quiet round re-sends every
// unanswered confirm and checks that no payment the processor took is left unapplied.
// No vitest imports: the test (crash-under-load.test.ts) and `npm run bench` (bench/crash.ts) share it.
import crypto from 'node:crypto';
import { TERMS_VERSION } from '@kept/domain';
import type { Db } from '../../src/db/client.ts';
import {
  acknowledgedCount,
  chargedNotApplied,
  consistencyProblems,
  emptyAcknowledged,
  lostWrites,
  snapshot,
  type Acknowledged,
} from './crash-checks.ts';
import { killServer, startServerProcess, type Exit, type ServerProcess } from './crash-server.ts';
import { prng } from '../../src/seed/scale.ts';

export type CrashOptions = {
  /** The database the server runs on (already created; migrated here or by the server at boot). */
  databaseUrl: string;
  /** A pool on the same database, for the checks. */
  db: Db;
  /** The server's DATA_DIR (email outbox, uploads). */
  dataDir: string;
  kills: number;
  seed: number;
  /** Simulated clients sending requests side by side (default 8). */
  clients?: number;
  /** Requests started in a round before the kill is armed: a seeded pick in [min, max]. */
  killAfterRequests?: [number, number];
  /** Every child started is handed here first, so a caller can kill it whatever happens. */
  track: (server: ServerProcess) => void;
  progress?: (line: string) => void;
};

export type KillRecord = {
  round: number;
  exit: Exit;
  /** Requests sent and not yet answered when SIGKILL was sent. */
  inFlight: number;
  requests: number;
  acknowledged: number;
  startMs: number;
};

export type CrashReport = {
  seed: number;
  kills: KillRecord[];
  acknowledged: Acknowledged;
  /** Acknowledged writes missing after a restart, prefixed with the round. */
  lost: string[];
  /** Broken ledger or half-made records after a restart, prefixed with the round. */
  problems: string[];
  /** Non-2xx answers while the server was up (none are expected from this load). */
  unexpected: string[];
  /** Payments charged by the processor but not applied, after the final quiet round. */
  chargedNotApplied: string[];
  /** Confirms that got no answer before a kill and were sent again after the restart. */
  retriedConfirms: number;
  /** The last round ends with SIGTERM instead: in-flight requests must be answered, exit 0. */
  graceful: {
    exit: Exit | null;
    inFlight: number;
    requests: number;
    /** Requests in flight at SIGTERM that never got an answer (connection closed). */
    cut: string[];
    /** Requests answered 503 while closing (refused before any work, so nothing is lost). */
    refused: number;
    /** The end of the server's log when it did not exit 0. */
    log?: string;
  };
  requests: number;
};

const between = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** The server went away under this request (connection reset or refused): no answer, no acknowledgement. */
class NoAnswer extends Error {}

type PendingConfirm = {
  kind: 'deposit' | 'donation';
  paymentId: string;
  clientSecret: string;
  projectId: string | null;
  amountCents: number;
};

type Client = {
  n: number;
  rand: () => number;
  user?: { email: string; password: string; userId?: string; cookie?: string };
  projectId?: string;
  /** A confirm sent before a kill and never answered: a browser would send it again. */
  pendingConfirm?: PendingConfirm;
};

const PASSWORD = 'crash test password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

export async function runCrashScenario(opts: CrashOptions): Promise<CrashReport> {
  const rand = prng(opts.seed);
  const authSecret = crypto.createHash('sha256').update(`crash-${opts.seed}`).digest('hex');
  const runTag = opts.seed.toString(36);
  const [killMin, killMax] = opts.killAfterRequests ?? [40, 160];
  const acked = emptyAcknowledged();
  const report: CrashReport = {
    seed: opts.seed,
    kills: [],
    acknowledged: acked,
    lost: [],
    problems: [],
    unexpected: [],
    chargedNotApplied: [],
    retriedConfirms: 0,
    graceful: { exit: null, inFlight: -1, requests: 0, cut: [], refused: 0 },
    requests: 0,
  };
  const clients: Client[] = Array.from({ length: opts.clients ?? 8 }, (_, n) => ({
    n,
    rand: prng(opts.seed * 31 + n + 1),
  }));
  const projects: { id: string; ownerN: number }[] = [];
  let ipCounter = 0;
  let nameCounter = 0;
  let textCounter = 0;

  // ---- one round: a server process, load until it is killed (or, last, until the work is done) ----
  let server!: ServerProcess;
  let inFlight = 0;
  let started = 0;
  let onRequestStart: (() => void) | undefined;
  let stopping = false;
  /** SIGTERM was sent: requests in flight must still be answered. */
  let draining = false;

  async function call(
    method: string,
    path: string,
    opts2: { body?: unknown; cookie?: string } = {},
  ): Promise<{ status: number; json: unknown; setCookie: string[] }> {
    if (stopping) throw new NoAnswer('round over');
    ipCounter += 1;
    const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    const headers: Record<string, string> = { 'x-forwarded-for': ip };
    if (opts2.body !== undefined) headers['content-type'] = 'application/json';
    if (opts2.cookie) headers.cookie = opts2.cookie;
    inFlight += 1;
    started += 1;
    report.requests += 1;
    const request = fetch(server.base + path, {
      method,
      headers,
      ...(opts2.body !== undefined ? { body: JSON.stringify(opts2.body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    onRequestStart?.();
    try {
      const res = await request;
      const text = await res.text();
      const json: unknown = text ? JSON.parse(text) : null;
      if (res.status < 200 || res.status > 299) {
        // While shutting down the server may refuse what it had not started: 503, and nothing done.
        if (draining && res.status === 503) report.graceful.refused += 1;
        // Any other answer, even one that came just before a kill: none but 2xx is expected here.
        else report.unexpected.push(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
        throw new NoAnswer(`status ${res.status}`);
      }
      return { status: res.status, json, setCookie: res.headers.getSetCookie() };
    } catch (err) {
      if (err instanceof NoAnswer) throw err;
      // The process died under this request (fine after SIGKILL, a defect after SIGTERM); anything
      // else is a harness or server bug worth seeing.
      if (draining) report.graceful.cut.push(`${method} ${path}: ${String(err)}`);
      else if (!stopping && server.alive())
        report.unexpected.push(`${method} ${path} failed while the server was up: ${String(err)}`);
      throw new NoAnswer(String(err));
    } finally {
      inFlight -= 1;
    }
  }

  async function signUpAndIn(c: Client): Promise<void> {
    if (!c.user) {
      nameCounter += 1;
      const username = `k${runTag}x${nameCounter}`;
      const email = `${username}@crash.example.com`;
      await call('POST', '/api/auth/sign-up', {
        body: { username, email, password: PASSWORD, timezone: 'America/New_York' },
      });
      acked.signUps.push({ email });
      c.user = { email, password: PASSWORD };
    }
    const res = await call('POST', '/api/auth/sign-in', {
      body: { email: c.user.email, password: PASSWORD },
    });
    c.user.cookie = res.setCookie.map((s) => s.split(';')[0]).join('; ');
    c.user.userId = (res.json as { user: { id: string } }).user.id;
  }

  async function confirm(c: Client, pending: PendingConfirm): Promise<void> {
    c.pendingConfirm = pending;
    const res = await call('POST', '/api/payments/simulated/confirm', {
      body: { paymentId: pending.paymentId, clientSecret: pending.clientSecret, ...CARD },
    });
    c.pendingConfirm = undefined;
    const status = res.json as { status: string; projectId: string | null };
    if (status.status !== 'succeeded' || !status.projectId) {
      report.unexpected.push(`confirm ${pending.paymentId} answered ${JSON.stringify(status)}`);
      return;
    }
    if (pending.kind === 'deposit') {
      acked.deposits.push({
        paymentId: pending.paymentId,
        projectId: status.projectId,
        userId: c.user!.userId!,
      });
      if (!c.projectId) {
        c.projectId = status.projectId;
        projects.push({ id: status.projectId, ownerN: c.n });
      }
    } else {
      acked.donations.push({
        paymentId: pending.paymentId,
        projectId: pending.projectId!,
        amountCents: pending.amountCents,
      });
    }
  }

  async function createProject(c: Client): Promise<void> {
    const res = await call('POST', '/api/payments/deposit-intent', {
      cookie: c.user!.cookie!,
      body: {
        title: `Crash-proof habit ${c.n}`,
        description: 'Written while the server is being killed.',
        tag: 'Music',
        lengthValue: 30,
        lengthUnit: 'days',
        frequencyValue: 1,
        frequencyUnit: 'days',
        depositCents: 5_000 + 100 * between(c.rand, 0, 50),
        agreedToTerms: TERMS_VERSION,
      },
    });
    const intent = res.json as { paymentId: string; clientSecret: string; amountCents: number };
    await confirm(c, {
      kind: 'deposit',
      paymentId: intent.paymentId,
      clientSecret: intent.clientSecret,
      projectId: null,
      amountCents: intent.amountCents,
    });
  }

  async function checkIn(c: Client): Promise<void> {
    textCounter += 1;
    const text = `Day's work ${runTag}-${textCounter}: ${'words '.repeat(between(c.rand, 1, 40)).trim()}`;
    const res = await call('POST', `/api/projects/${c.projectId}/check-ins`, {
      cookie: c.user!.cookie!,
      body: { updateText: text },
    });
    const { checkIn } = res.json as { checkIn: { id: string } };
    acked.checkIns.push({ id: checkIn.id, projectId: c.projectId!, text });
  }

  async function donate(c: Client): Promise<boolean> {
    const others = projects.filter((p) => p.ownerN !== c.n);
    if (others.length === 0) return false;
    const project = others[between(c.rand, 0, others.length - 1)]!;
    const amountCents = 50 + 25 * between(c.rand, 0, 400);
    const signedIn = c.rand() < 0.5 && c.user?.cookie;
    const res = await call('POST', '/api/donations/intent', {
      ...(signedIn ? { cookie: c.user!.cookie! } : {}),
      body: { projectId: project.id, amountCents, donorName: `Fan ${c.n}`, donorAnonymous: c.rand() < 0.3 },
    });
    const intent = res.json as { paymentId: string; clientSecret: string };
    await confirm(c, {
      kind: 'donation',
      paymentId: intent.paymentId,
      clientSecret: intent.clientSecret,
      projectId: project.id,
      amountCents,
    });
    return true;
  }

  /** One client's next step: finish what a kill interrupted, else a seeded pick of the mix. */
  async function step(c: Client): Promise<void> {
    if (c.pendingConfirm) {
      report.retriedConfirms += 1;
      return confirm(c, c.pendingConfirm);
    }
    if (!c.user?.cookie) return signUpAndIn(c);
    if (!c.projectId) return createProject(c);
    const r = c.rand();
    if (r < 0.05) {
      // A new person on the same device: sign up again (password hashing makes this the costly write).
      c.user = undefined;
      c.projectId = undefined;
      return signUpAndIn(c);
    }
    if (r < 0.6) return checkIn(c);
    if (r < 0.95 && (await donate(c))) return;
    return checkIn(c);
  }

  async function clientLoop(c: Client): Promise<void> {
    while (!stopping) {
      try {
        await step(c);
      } catch (err) {
        if (!(err instanceof NoAnswer)) throw err;
        if (!server.alive() || stopping) return;
      }
    }
  }

  async function checkDatabase(label: string): Promise<void> {
    // One snapshot: the restarted server's own boot work (reconciliation) cannot skew the picture.
    const { lost, problems } = await snapshot(opts.db, async (q) => ({
      lost: await lostWrites(q, acked),
      problems: await consistencyProblems(q),
    }));
    for (const l of lost) report.lost.push(`${label}: ${l}`);
    for (const p of problems) report.problems.push(`${label}: ${p}`);
  }

  const startRound = async () => {
    stopping = false;
    draining = false;
    inFlight = 0;
    started = 0;
    onRequestStart = undefined;
    const t0 = performance.now();
    server = await startServerProcess({
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      authSecret,
      track: opts.track,
    });
    return Math.round(performance.now() - t0);
  };

  /**
   * Load until the `afterRequests`-th request of the round has started, then (a seeded few ms later,
   * and only with requests in flight) send `signal`; wait for the process to exit.
   */
  async function loadThenSignal(signal: 'SIGKILL' | 'SIGTERM', afterRequests: number, delayMs: number) {
    let inFlightAtSignal = -1;
    const signalled = new Promise<void>((resolve) => {
      const fire = () => {
        if (stopping || inFlight === 0) return; // nothing in flight: wait for the next request to start
        onRequestStart = undefined;
        inFlightAtSignal = inFlight;
        // From here on no new request starts; answers already on their way still count.
        stopping = true;
        draining = signal === 'SIGTERM';
        server.child.kill(signal);
        resolve();
      };
      onRequestStart = () => {
        if (started < afterRequests) return;
        onRequestStart = fire;
        // A seeded instant a little after the chosen request went out, so signals land at any stage.
        setTimeout(fire, delayMs);
      };
    });
    const loops = Promise.all(clients.map((c) => clientLoop(c)));
    await Promise.race([
      signalled,
      loops.then(() => {
        throw new Error(`the clients stopped before the ${signal}:\n${report.unexpected.join('\n')}`);
      }),
    ]);
    const exit = await server.exited;
    await loops;
    return { exit, inFlight: inFlightAtSignal };
  }

  let startMs = await startRound();
  for (let round = 1; round <= opts.kills; round++) {
    const ackedBefore = acknowledgedCount(acked);
    const { exit, inFlight: inFlightAtKill } = await loadThenSignal(
      'SIGKILL',
      between(rand, killMin, killMax),
      between(rand, 0, 20),
    );
    const requests = started;
    report.kills.push({
      round,
      exit,
      inFlight: inFlightAtKill,
      requests,
      acknowledged: acknowledgedCount(acked) - ackedBefore,
      startMs,
    });
    startMs = await startRound();
    await checkDatabase(`after kill ${round}`);
    opts.progress?.(
      `kill ${round}/${opts.kills}: ${exit.signal} with ${inFlightAtKill} in flight after ${requests} requests; ` +
        `${acknowledgedCount(acked)} acknowledged so far; restarted in ${startMs} ms`,
    );
    if (report.lost.length > 0 || report.problems.length > 0) break;
  }

  // Quiet moment: every confirm left unanswered by a kill is sent again, as the card form would.
  for (const c of clients) {
    if (c.pendingConfirm) {
      report.retriedConfirms += 1;
      await confirm(c, c.pendingConfirm).catch((err: unknown) => {
        if (!(err instanceof NoAnswer)) throw err;
      });
    }
  }
  // Last, a graceful stop under the same load: SIGTERM with requests in flight; every one of them
  // gets its answer (README: "SIGTERM lets in-flight requests finish") and the process exits 0.
  opts.progress?.(`retried ${report.retriedConfirms} unanswered confirms; now SIGTERM under load`);
  const hardStop = setTimeout(() => void killServer(server), 40_000);
  const graceful = await loadThenSignal('SIGTERM', between(rand, killMin, killMax), between(rand, 0, 20));
  clearTimeout(hardStop);
  report.graceful = {
    ...report.graceful,
    exit: graceful.exit,
    inFlight: graceful.inFlight,
    requests: started,
    ...(graceful.exit.code !== 0 ? { log: server.output().slice(-4000) } : {}),
  };
  await checkDatabase('after SIGTERM');
  report.chargedNotApplied = await snapshot(opts.db, (q) => chargedNotApplied(q));
  return report;
}
