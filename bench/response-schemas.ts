// What a response schema costs per answer: the home page's and a project page's answers serialised
// three ways. `plain`: JSON.stringify (no schema); `zod`: fastify-type-provider-zod's serializer (the
// answer checked and encoded with its zod schema, then JSON.stringify); `compiled`: fast-json-stringify
// compiled from the schema's JSON Schema (what Fastify does with JSON Schemas: shapes, no checks).
// Prints one JSON line per answer: microseconds per answer for each, and the answer's size.
//
//   node bench/response-schemas.ts [--iterations 2000]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  HomeResponseSchema,
  ProjectDetailResponseSchema,
  type CheckInDto,
  type HomeResponse,
  type ProjectCard,
  type ProjectFacts,
  type ProjectDetailResponse,
} from '@kept/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '2000' } } });
const iterations = Number(values.iterations);

const TAGS = [
  'Art',
  'Music',
  'Fitness',
  'Writing',
  'Coding',
  'Learning',
  'Health',
  'Career',
  'Home',
  'Other',
];

function facts(i: number): ProjectFacts {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Project number ${i}: run a marathon before the summer`,
    tag: TAGS[i % TAGS.length]!,
    description: 'Training four times a week, logging every run, and checking in every Sunday. '.repeat(2),
    imageUrl: `/uploads/covers/${i}.webp`,
    depositCents: 5_000 + i,
    refundableCents: 7_500 + i,
    userId: `user-${i}`,
    username: `runner_${i}`,
    createdAt: '2026-03-01T12:00:00.000Z',
    endDate: '2026-05-01T12:00:00.000Z',
    timezone: 'Europe/Paris',
    totalLengthDays: 60,
    checkInFrequencyDays: 7,
    status: 'active',
    finishingSoon: i % 3 === 0,
    daysLeftBadge: i % 3 === 0 ? { days: 3, colour: 'orange', text: '3 days left' } : null,
    isFavorite: false,
  };
}

function card(i: number): ProjectCard {
  const { id, title, tag, imageUrl, refundableCents, status, daysLeftBadge, isFavorite } = facts(i);
  return { id, title, tag, imageUrl, refundableCents, status, daysLeftBadge, isFavorite };
}

function checkIn(i: number): CheckInDto {
  return {
    id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    projectId: '00000000-0000-4000-8000-000000000001',
    updateText: `Week ${i}: ran 42 km in four runs, the long one at an easy pace. Knee holds up.`,
    photoUrl: i % 2 === 0 ? `/uploads/checkins/${i}.webp` : null,
    photoThumbUrl: i % 2 === 0 ? `/uploads/checkins/${i}-thumb.webp` : null,
    videoUrl: null,
    videoType: null,
    isCoverPhoto: false,
    checkInTimezone: 'Europe/Paris',
    checkInLocalDate: '2026-03-08',
    checkInProjectDate: '2026-03-08',
    createdAt: '2026-03-08T18:00:00.000Z',
  };
}

const cards = (from: number, n: number) => Array.from({ length: n }, (_, i) => card(from + i));
const home: HomeResponse = {
  favorites: cards(0, 8),
  topFunded: cards(100, 8),
  finishingSoon: cards(200, 8),
  featured: cards(300, 8),
  byTag: TAGS.map((tag, t) => ({ tag, slug: tag.toLowerCase(), projects: cards(1000 + t * 8, 8) })),
};

const detail: ProjectDetailResponse = {
  project: {
    ...facts(1),
    ownImageUrl: null,
    visibility: 'public',
    updatedAt: '2026-03-20T12:00:00.000Z',
    lengthValue: 2,
    lengthUnit: 'months',
    frequencyValue: 1,
    frequencyUnit: 'weeks',
    summary: {
      status: 'active',
      listStatus: 'active',
      timezone: 'Europe/Paris',
      today: '2026-03-20',
      startDate: '2026-03-01',
      endDate: '2026-04-30',
      startsAt: '2026-02-28T23:00:00.000Z',
      endsAt: '2026-04-30T22:00:00.000Z',
      lengthDays: 60,
      frequencyDays: 7,
      totalCheckIns: 9,
      missedCheckIns: 0,
      completedCheckIns: 3,
      nextCheckIn: { date: '2026-03-22', overdue: false, label: 'Due in 2 days', colour: 'green' },
      progressPercent: 33,
      progressLabel: '3 of 9 check-ins',
      progressBand: 'in-progress',
      daysLeft: 41,
      daysLeftBadge: null,
      finishingSoon: false,
      pausedCheckIns: 0,
      ended: false,
      endedEarly: false,
    },
  },
  checkIns: Array.from({ length: 60 }, (_, i) => checkIn(i)),
  viewer: { isOwner: true, isFavorite: false, signedIn: true },
  refundIfEndedToday: {
    poolCents: 7_500,
    refundCents: 7_500,
    forfeitCents: 0,
    refundToCardCents: 5_000,
    payoutCents: 2_500,
  },
  settlement: null,
  commitment: {
    charity: {
      id: 'givedirectly',
      name: 'GiveDirectly',
      registration: 'EIN 27-1661997',
      site: 'https://www.givedirectly.org',
    },
    pausedPeriods: [3],
    endedEarlyAt: null,
    cancelledAt: null,
  },
};

function measure(name: string, schema: z.ZodType, answer: unknown): void {
  schema.parse(answer); // the fixture is a valid answer
  const zodSerialize = serializerCompiler({ schema, method: 'GET', url: name, httpStatus: '200' });
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'output' });
  const compiled = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  const ways: Record<string, (value: unknown) => string> = {
    plain: (value) => JSON.stringify(value),
    zod: (value) => zodSerialize(value),
    compiled: (value) => compiled(value),
  };
  const result: Record<string, number | string> = { answer: name, bytes: JSON.stringify(answer).length };
  for (const [way, serialize] of Object.entries(ways)) {
    for (let i = 0; i < Math.min(200, iterations); i++) serialize(answer); // warm up
    const start = performance.now();
    for (let i = 0; i < iterations; i++) serialize(answer);
    result[`${way}Us`] = Math.round(((performance.now() - start) * 1000) / iterations);
  }
  console.log(JSON.stringify(result));
}

measure('home', HomeResponseSchema, home);
measure('detail', ProjectDetailResponseSchema, detail);
