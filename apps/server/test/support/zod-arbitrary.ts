// fast-check arbitraries derived from the contract's zod schemas (zod 4 internals: `_zod.def`), plus
// hostile values and hostile variants of valid examples, for the security suite's input fuzzing.
// Values follow a schema's shape (types, lengths, enums, formats); the domain rules inside refinements
// are not modelled, so most generated bodies are near-misses that the server must refuse cleanly.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string } & Record<string, unknown>;
type Check = { _zod: { def: { check: string } & Record<string, unknown> } };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check['_zod']['def'][] =>
  ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** Strings a hostile client sends: markup, SQL, control characters, odd unicode, path tricks, numbers. */
export const HOSTILE_STRINGS: readonly string[] = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  "javascript:alert('x')",
  "' OR '1'='1",
  "'; drop table users; --",
  '1); select pg_sleep(5); --',
  '\\',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202eevil\u202c',
  '\ufeff',
  '\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  '👨‍👩‍👧‍👦'.repeat(50),
  'ﷺ'.repeat(500),
  '../../../../etc/passwd',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  '  ',
  '',
  'x'.repeat(10_001),
  'y'.repeat(200_000),
];

/** Any hostile JSON value: hostile strings, numbers at the edges, wrong types, nested junk. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      0.5,
      -0.000001,
      1e308,
      -1e308,
      2 ** 53 + 2,
      [],
      {},
      [null],
      { $gt: '' },
      { toString: 'x' },
      ['<script>', 1],
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const DAY_MS = 86_400_000;

/** Dates the contract's 'YYYY-MM-DD' fields accept, from the first day of year 0000 to 9999-12-31. */
export const EDGE_DATES: readonly string[] = [
  '0000-01-01',
  '0000-02-29',
  '0001-01-01',
  '0099-12-31',
  '0100-01-01',
  '1000-01-01',
  '1969-12-31',
  '1970-01-01',
  '9996-02-29',
  '9999-12-30',
  '9999-12-31',
];

/** Any day of that calendar, its edges more often than the rest. */
export const calendarDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_DATES),
  fc
    .integer({
      min: Date.parse('0000-01-01T00:00:00Z') / DAY_MS,
      max: Date.parse('9999-12-31T00:00:00Z') / DAY_MS,
    })
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10)),
);

/** Date-shaped text no 'YYYY-MM-DD' field accepts: past the calendar's ends, or not real days. */
export const OUT_OF_CALENDAR_DATES: readonly string[] = [
  '10000-01-01',
  '+275760-09-13',
  '-000001-12-31',
  '+010000-01-01',
  '9999-12-32',
  '0000-00-00',
  '2026-02-29',
];

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 40;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Number(check.minimum);
    if (check.check === 'max_length') maxLength = Number(check.maximum);
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
  }
  const format = (def.format ?? checksOf(def).find((c) => c.check === 'string_format')?.format) as
    string | undefined;
  if (format === 'email') return fc.emailAddress();
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (format === 'date') return fc.oneof(calendarDate, fc.constantFrom(...OUT_OF_CALENDAR_DATES));
  if (format === 'url') return fc.webUrl();
  const cap = Math.max(minLength, Math.min(maxLength, 60));
  return fc.oneof(
    fc.string({ minLength, maxLength: cap }),
    fc.string({ unit: 'grapheme', minLength, maxLength: cap }),
    // Just past the declared length, where off-by-one and truncation bugs live.
    ...(maxLength < 100_000 ? [fc.constant('z'.repeat(maxLength + 1))] : []),
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const int = checksOf(def).some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  return int
    ? fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 49, 50, 5_000, 100_000_000, Number.MAX_SAFE_INTEGER))
    : fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: -1_000, max: 1_000_000 }),
      );
}

/** Values shaped like `schema`'s input (see the note at the top). */
export function arbitraryFor(schema: z.ZodType | unknown): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(arbitraryFor(def.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return arbitraryFor(def.innerType);
    case 'pipe': {
      // z.preprocess(fn, schema) is pipe(transform, schema): generate what the schema after it takes.
      const from = defOf(def.in);
      return from.type === 'transform' ? arbitraryFor(def.out) : arbitraryFor(def.in);
    }
    case 'array':
      return fc.array(arbitraryFor(def.element), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => arbitraryFor(o)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const parts: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        parts[key] = arbitraryFor(field);
        if (defOf(field).type !== 'optional') required.push(key);
      }
      return fc.record(parts, { requiredKeys: required });
    }
    default:
      // transform, unknown, any, custom…: anything at all.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A valid example with one field replaced by a hostile value, one field dropped, or one junk field added. */
export function hostileVariantOf(example: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(example);
  const junkKeys = [
    'id',
    'userId',
    'user_id',
    'isAdmin',
    'role',
    'amount',
    'status',
    'deletedAt',
    'toString',
    '',
  ];
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), hostileValue).map(([key, value]) => ({ ...example, [key]: value })),
    fc
      .constantFrom(...keys)
      .map((key) => Object.fromEntries(Object.entries(example).filter(([k]) => k !== key))),
    fc
      .tuple(fc.constantFrom(...junkKeys), hostileValue)
      .map(([key, value]) => ({ ...example, [key]: value })),
  );
}

/**
 * A request body as sent on the wire: JSON of the schema's shape, hostile variants of a valid example,
 * any JSON at all, prototype-pollution keys, and broken JSON.
 */
export function hostileJsonBody(schema: unknown, example: Record<string, unknown>): fc.Arbitrary<string> {
  const exampleJson = JSON.stringify(example);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: (schema ? arbitraryFor(schema) : fc.jsonValue()).map((v) => JSON.stringify(v) ?? 'null'),
    },
    { weight: 4, arbitrary: hostileVariantOf(example).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${exampleJson.slice(0, -1)},"__proto__":{"isAdmin":true}}`,
        `${exampleJson.slice(0, -1)},"constructor":{"prototype":{"isAdmin":true}}}`,
        exampleJson.slice(0, -1),
        `${exampleJson}${exampleJson}`,
        '{"a":'.repeat(2_000),
        '',
        'null',
        '"just a string"',
        '[1,2,3]',
        '\u0000',
      ),
    },
  );
}

/** Query-string values: the schema's shape as strings, hostile strings, repeated and bracketed keys. */
export function hostileQuery(schema: unknown): fc.Arbitrary<string> {
  const root = defOf(schema);
  const shape = (root.type === 'pipe' ? defOf(root.in) : root).shape as Record<string, unknown>;
  const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const hostileText = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 20_000)),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('-1', '0', '1e400', '1.5', 'Infinity', '0x10', '2026-02-31', '9999-99-99', 'true', 'on'),
    fc.constantFrom(...EDGE_DATES, ...OUT_OF_CALENDAR_DATES),
  );
  const entry = fc.oneof(
    ...Object.entries(shape).map(([key, field]) =>
      fc.tuple(fc.constant(key), fc.oneof(hostileText, arbitraryFor(field).map(asText))),
    ),
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x[y]', 'limit[]', ''), hostileText),
  );
  return fc.array(entry, { maxLength: 6 }).map((entries) => {
    const params = new URLSearchParams();
    for (const [k, v] of entries) params.append(k, v);
    return params.toString();
  });
}
