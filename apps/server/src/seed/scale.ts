// Fills a database at scale for benchmarks and load tests: N projects (about 10 check-ins each), one
// creator per 10 projects, donations on one project in five, all money-consistent (write.ts). Data is
// generated from a seeded PRNG, so two runs with the same seed and `now` describe the same site.
import crypto from 'node:crypto';
import type pg from 'pg';
import {
  DAY_MS,
  DEPOSIT_PRESETS,
  DONATION_PRESETS_CENTS,
  FREQUENCY_UNITS,
  TAG_NAMES,
  addDays,
  endDateFor,
  localDateOf,
  projectSchedule,
  startOfLocalDay,
  toDays,
  type FrequencyUnit,
  type LengthUnit,
} from '@kept/domain';
import { FIRST_CHECK_IN_TEXT } from '../modules/projects/create-from-deposit.ts';
import { writeSeed, type SeedCheckIn, type SeedProject, type SeedUser } from './write.ts';

const HOUR_MS = 3_600_000;
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Lagos',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const ADJECTIVES = [
  'brave',
  'calm',
  'eager',
  'gentle',
  'happy',
  'keen',
  'lucky',
  'merry',
  'quiet',
  'steady',
  'sunny',
  'witty',
];
const NOUNS = [
  'otter',
  'falcon',
  'maple',
  'river',
  'comet',
  'badger',
  'willow',
  'harbor',
  'meadow',
  'lark',
  'fox',
  'pine',
];
const GOALS: Record<string, string[]> = {
  'Home Improvements': [
    'Renovate the kitchen',
    'Build a garden shed',
    'Paint the living room',
    'Fix the leaky roof',
    'Tile the bathroom',
  ],
  Art: [
    'Paint a portrait series',
    'Daily ink sketches',
    'Learn oil painting',
    'Photograph the city at night',
    'Sculpt in clay',
  ],
  Fitness: [
    'Run a half marathon',
    'Swim 2 km without stopping',
    'Daily push-ups',
    'Cycle 1000 km',
    'Learn to climb',
  ],
  Writing: [
    'Finish my novel draft',
    'Write a poem a day',
    'Start a travel blog',
    'Write short stories',
    'Journal every night',
  ],
  Speaking: [
    'Give a conference talk',
    'Practice Spanish conversation',
    'Start a podcast',
    'Join a debate club',
    'Record video lessons',
  ],
  Music: [
    'Learn guitar chords',
    'Practice piano scales',
    'Write an album',
    'Learn the violin',
    'Sing in a choir',
  ],
  Crafting: ['Knit a scarf', 'Build a birdhouse', 'Sew a jacket', 'Learn pottery', 'Carve wooden spoons'],
  Reading: [
    'Read 20 books',
    'Read the classics',
    'Read every night',
    'Finish a philosophy series',
    'Read poetry daily',
  ],
};
const DETAILS = [
  'Small steps every day and an honest check-in.',
  'This time I am putting money on it so I actually follow through.',
  'Tracking progress with photos and notes along the way.',
  'My friends are watching, and so is my deposit.',
  'Consistency over intensity: show up, log it, repeat.',
];
const UPDATES = [
  'Showed up today.',
  'Harder than expected, but done.',
  'Good progress this week.',
  'Missed my plan by a bit, caught up.',
  'Feeling the momentum now.',
  'Short session, still counts.',
];

/** A small, fast, seeded PRNG (mulberry32): numbers in [0, 1); a run's choices replay from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Rand = ReturnType<typeof prng>;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** A length the create form allows, and a frequency that fits it with 4 to 20 check-ins when possible. */
function shape(rand: Rand): { length: [number, LengthUnit]; frequency: [number, FrequencyUnit] } {
  const unit = pick<LengthUnit>(rand, ['days', 'days', 'weeks', 'weeks', 'months']);
  const value =
    unit === 'days' ? between(rand, 7, 31) : unit === 'weeks' ? between(rand, 2, 26) : between(rand, 1, 12);
  const lengthDays = toDays(value, unit);
  const options: [number, FrequencyUnit][] = [];
  for (const fu of FREQUENCY_UNITS)
    for (let fv = 1; fv <= 5; fv += 1) if (toDays(fv, fu) * 2 <= lengthDays) options.push([fv, fu]);
  const preferred = options.filter(([fv, fu]) => {
    const periods = Math.floor((lengthDays - 1) / toDays(fv, fu)) + 1;
    return periods >= 4 && periods <= 20;
  });
  const frequency = preferred.length > 0 ? pick(rand, preferred) : options[options.length - 1]!;
  return { length: [value, unit], frequency };
}

function scaleCheckIns(
  rand: Rand,
  project: Omit<SeedProject, 'checkIns' | 'donations'>,
  now: Date,
): SeedCheckIn[] {
  const { timezone, createdAt } = project;
  const schedule = projectSchedule({
    createdAt,
    endDate: endDateFor(createdAt, project.lengthDays, timezone),
    totalLengthDays: project.lengthDays,
    checkInFrequencyDays: project.frequencyDays,
    timezone,
  });
  const today = localDateOf(now, timezone);
  const keepRate = 0.55 + rand() * 0.45;
  const wanted = between(rand, 5, 15);
  const checkIns: SeedCheckIn[] = [{ localDate: schedule.startDate, createdAt, text: FIRST_CHECK_IN_TEXT }];
  const kept: string[] = [];
  for (const [k, date] of schedule.checkInDates.entries()) {
    if (k === 0 || date >= today) continue;
    if (rand() < keepRate) kept.push(date);
  }
  const at = (date: string) =>
    new Date(startOfLocalDay(date, timezone).getTime() + between(rand, 7, 21) * HOUR_MS);
  for (const date of kept) checkIns.push({ localDate: date, createdAt: at(date), text: pick(rand, UPDATES) });
  // Extra check-ins inside periods already kept ("several in one period count once").
  for (let extra = checkIns.length; extra < wanted && kept.length > 0; extra += 1) {
    const date = pick(rand, kept);
    const later = addDays(date, between(rand, 0, project.frequencyDays - 1));
    const day = later < today && later <= schedule.endDate ? later : date;
    checkIns.push({ localDate: day, createdAt: at(day), text: pick(rand, UPDATES) });
  }
  return checkIns.filter(
    (c) => c.createdAt.getTime() <= now.getTime() && c.createdAt.getTime() <= schedule.endsAt.getTime(),
  );
}

export type ScaleSeedOptions = {
  projects: number;
  now: Date;
  seed?: number;
  batchSize?: number;
  onProgress?: (done: { projects: number; checkIns: number; total: number }) => void;
};

/** Seed `projects` projects (and their creators, check-ins, donations and ledger) into `pool`. */
export async function seedAtScale(
  pool: pg.Pool,
  opts: ScaleSeedOptions,
): Promise<{ users: number; projects: number; checkIns: number }> {
  const rand = prng(opts.seed ?? 20260320);
  const { now } = opts;
  const batchSize = opts.batchSize ?? 2_000;
  const runId = crypto.randomBytes(3).toString('hex');
  const users: SeedUser[] = [];
  const userCount = Math.max(1, Math.ceil(opts.projects / 10));
  for (let i = 0; i < userCount; i += 1) {
    const username = `${pick(rand, ADJECTIVES)}_${pick(rand, NOUNS)}${runId}${i}`;
    users.push({
      id: crypto.randomBytes(16).toString('hex'),
      username,
      email: `${username}@scale.kept.invalid`,
      timezone: pick(rand, ZONES),
      createdAt: new Date(now.getTime() - between(rand, 250, 400) * DAY_MS),
    });
  }
  const withClient = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  for (let i = 0; i < users.length; i += 10_000) {
    await withClient((client) => writeSeed(client, { users: users.slice(i, i + 10_000), projects: [], now }));
  }

  let done = 0;
  let checkIns = 0;
  while (done < opts.projects) {
    const batch: SeedProject[] = [];
    for (let i = 0; i < Math.min(batchSize, opts.projects - done); i += 1) {
      const owner = pick(rand, users);
      const tag = pick(rand, TAG_NAMES);
      const { length, frequency } = shape(rand);
      const preset = rand() < 0.8;
      const depositCents = preset ? pick(rand, DEPOSIT_PRESETS).cents : between(rand, 1_000, 100_000);
      const createdAt = new Date(now.getTime() - Math.floor(rand() * 240 * DAY_MS) - HOUR_MS);
      const base = {
        id: crypto.randomUUID(),
        userId: owner.id,
        title: `${pick(rand, GOALS[tag]!)} #${done + i + 1}`,
        description: `${pick(rand, DETAILS)} ${pick(rand, DETAILS)}`,
        tag,
        imageUrl: null,
        depositCents,
        createdAt,
        lengthDays: toDays(length[0], length[1]),
        lengthValue: length[0],
        lengthUnit: length[1],
        frequencyDays: toDays(frequency[0], frequency[1]),
        frequencyValue: frequency[0],
        frequencyUnit: frequency[1],
        timezone: owner.timezone,
      };
      const projectCheckIns = scaleCheckIns(rand, base, now);
      const donations =
        rand() < 0.2
          ? Array.from({ length: between(rand, 1, 3) }, () => {
              const donorName = rand() < 0.5 ? null : `${pick(rand, ADJECTIVES)} friend`;
              return {
                amountCents: pick(rand, DONATION_PRESETS_CENTS),
                donorName,
                anonymous: donorName === null,
                createdAt: new Date(
                  createdAt.getTime() + Math.floor(rand() * (now.getTime() - createdAt.getTime())),
                ),
              };
            })
          : [];
      checkIns += projectCheckIns.length;
      batch.push({ ...base, checkIns: projectCheckIns, donations });
    }
    await withClient((client) => writeSeed(client, { users: [], projects: batch, now }));
    done += batch.length;
    opts.onProgress?.({ projects: done, checkIns, total: opts.projects });
  }
  return { users: users.length, projects: done, checkIns };
}
