// The API contract as the app publishes it: every /api route declares its success and error responses
// (from app.routeList, so a route added without them fails here), /api/openapi.json documents every
// one of them, the document holds OpenAPI's structural rules and exact schemas, and the reference at
// /api/docs loads under the app's own CSP.
import {
  CategoryResponseSchema,
  ErrorEnvelopeSchema,
  HomeResponseSchema,
  ProjectDetailResponseSchema,
  ProjectListResponseSchema,
} from '@kept/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/http/error-handler.ts';
import { DOCS_PREFIX, OPENAPI_PATH } from '../src/http/openapi.ts';
import { withErrors } from '../src/http/responses.ts';
import type { RegisteredRoute } from '../src/http/route-list.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertUser } from './support/browse.ts';
import { insertProjectRow } from './support/project-rows.ts';
import { STRIPE_TEST_KEYS } from './support/fake-stripe.ts';
import { makeWebDist } from './support/security.ts';

const dist = makeWebDist();
let t: TestApp;
let stripeApp: TestApp;

beforeAll(async () => {
  t = await createTestApp({ webDistDir: dist.dir });
  // The Stripe webhook exists only with Stripe's keys.
  stripeApp = await createTestApp({
    env: { ...STRIPE_TEST_KEYS },
    database: t.database,
    webDistDir: dist.dir,
  });
  await Promise.all([t.app.ready(), stripeApp.app.ready()]);
});
afterAll(async () => {
  await stripeApp.close();
  await t.close();
  dist.remove();
});

/** The API's own routes: /api, without HEAD twins and without the reference's files. */
function apiRoutes(app: TestApp): RegisteredRoute[] {
  return app.app.routeList.filter(
    (r) =>
      r.method !== 'HEAD' &&
      r.url.startsWith('/api/') &&
      r.url !== DOCS_PREFIX &&
      !r.url.startsWith(`${DOCS_PREFIX}/`),
  );
}

const documented = (app: TestApp) => apiRoutes(app).filter((r) => r.url !== OPENAPI_PATH);

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

async function documentOf(app: TestApp): Promise<OpenApiDocument> {
  const res = await app.app.inject({ url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<OpenApiDocument>();
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('every API route declares its responses', () => {
  it.each([
    ['the app', () => t],
    ['the app with Stripe', () => stripeApp],
  ])('%s: a success schema and the error format for 4xx and 5xx', (_name, app) => {
    const routes = apiRoutes(app());
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const what = `${route.method} ${route.url}`;
      const response = route.schema?.response as Record<string, unknown> | undefined;
      expect(response, `${what} has no response schema`).toBeDefined();
      const success = Object.keys(response!).filter((status) => /^2\d\d$/.test(status));
      expect(success, `${what} has no success response`).not.toEqual([]);
      if (route.url === OPENAPI_PATH) continue;
      expect(response!['4xx'], `${what}: 4xx is not the error format`).toBe(ErrorEnvelopeSchema);
      expect(response!['5xx'], `${what}: 5xx is not the error format`).toBe(ErrorEnvelopeSchema);
    }
  });

  it('answers an error through the route schema: the code is one of the enum', async () => {
    const res = await t.app.inject({ url: '/api/projects/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(ErrorEnvelopeSchema.strict().parse(res.json())).toEqual({
      error: { code: 'not_found', message: 'Project not found' },
    });
  });
});

describe('an answer on its way out', () => {
  it('drops what its schema does not name, and a mismatch is a logged 500 in the error format', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const response = withErrors({ 200: z.object({ username: z.string() }) });
    app.withTypeProvider<ZodTypeProvider>().get('/extra', { schema: { response } }, async () => {
      return { username: 'ada', email: 'ada@example.com' } as { username: string };
    });
    app.withTypeProvider<ZodTypeProvider>().get('/wrong', { schema: { response } }, async () => {
      return { username: 42 } as unknown as { username: string };
    });
    const extra = await app.inject({ url: '/extra' });
    expect(extra.json()).toEqual({ username: 'ada' });
    const wrong = await app.inject({ url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({
      error: { code: 'internal_error', message: 'An unexpected error occurred. Please try again later.' },
    });
    expect(logged.join('')).toMatch(/unhandled error/);
    await app.close();
  });
});

describe('answers the browse screens send pre-serialised (cached buffers, no serializer on the way out)', () => {
  it('match their schemas exactly: every field typed, none left over', async () => {
    const owner = await insertUser(t.database.pool);
    const ids = [];
    for (const tag of ['Writing', 'Music', 'Fitness'])
      ids.push(await insertProjectRow(t.database.pool, { userId: owner.id, tag, createdAt: new Date() }));
    const answers: [string, z.ZodType][] = [
      ['/api/home', HomeResponseSchema],
      ['/api/home?searchText=project', HomeResponseSchema],
      ['/api/projects?includeCompleted=true', ProjectListResponseSchema],
      ['/api/categories/writing', CategoryResponseSchema],
      [`/api/projects/${ids[0]}`, ProjectDetailResponseSchema],
    ];
    for (const [url, schema] of answers) {
      const res = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
      expect(res.statusCode, url).toBe(200);
      const body: unknown = res.json();
      // zod drops keys a schema does not name: equal after parsing means nothing was left over.
      expect(schema.parse(body), url).toEqual(body);
    }
  });
});

describe(OPENAPI_PATH, () => {
  it.each([
    ['the app', () => t],
    ['the app with Stripe', () => stripeApp],
  ])('%s: documents every /api route with its responses', async (_name, app) => {
    const document = await documentOf(app());
    const routes = documented(app());
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} is not in the document`).toBeDefined();
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations.length, 'operations that are no route of the app').toBe(routes.length);
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/api\//);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(await documentOf(t)));
    expect(result.errors ?? [], 'errors of the OpenAPI 3.1 schema').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds the structural rules of OpenAPI 3.1', async () => {
    const document = await documentOf(t);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const schemas = document.components?.schemas ?? {};
    const refs: string[] = [];
    collectRefs(document, refs);
    for (const ref of refs) {
      expect(ref, 'a $ref outside the document').toMatch(/^#\/components\/schemas\//);
      expect(schemas, `${ref} does not resolve`).toHaveProperty(ref.replace('#/components/schemas/', ''));
    }
    for (const [path, item] of Object.entries(document.paths)) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(item)) {
        const what = `${method.toUpperCase()} ${path}`;
        expect(['get', 'put', 'post', 'delete', 'patch'], what).toContain(method);
        const params = operation.parameters ?? [];
        const inPath = params.filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort(), `${what}: path parameters`).toEqual([...templated].sort());
        for (const p of inPath) expect(p.required, `${what}: ${p.name} must be required`).toBe(true);
        for (const p of params) {
          expect(['path', 'query', 'header', 'cookie'], what).toContain(p.in);
          expect(p.schema, `${what}: ${p.name} has no schema`).toBeDefined();
        }
        const keys = params.map((p) => `${p.in}:${p.name}`);
        expect(new Set(keys).size, `${what}: a parameter is declared twice`).toBe(keys.length);
        expect(Object.keys(operation.responses).length, what).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(status, what).toMatch(/^(default|[1-5](\d\d|XX))$/);
          expect(typeof response.description, `${what} ${status}: description`).toBe('string');
          for (const [type, media] of Object.entries(response.content ?? {})) {
            expect(type, what).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
            expect(media.schema, `${what} ${status} ${type}: schema`).toBeDefined();
          }
        }
      }
    }
  });

  it('describes JSON answers exactly: no schema that accepts anything, no open objects', async () => {
    const document = await documentOf(stripeApp);
    const loose: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (schema) findLoose(schema, `${method.toUpperCase()} ${path} ${status}`, loose);
        }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
      if (!name.endsWith('Input')) findLoose(schema, name, loose);
    expect(loose).toEqual([]);
  });

  it('describes what routes read exactly: bodies, multipart forms and query strings', async () => {
    const document = await documentOf(stripeApp);
    const loose: string[] = [];
    const withoutBody: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const what = `${method.toUpperCase()} ${path}`;
        const content = operation.requestBody?.content ?? {};
        for (const [type, media] of Object.entries(content))
          findAnything(media.schema, `${what} ${type}`, loose);
        for (const p of operation.parameters ?? [])
          findAnything(p.schema, `${what} ${p.in}:${p.name}`, loose);
        if (['post', 'put', 'patch'].includes(method) && Object.keys(content).length === 0)
          withoutBody.push(what);
      }
    expect(loose).toEqual([]);
    // Every write reads a declared body but these, which read none.
    expect(withoutBody.sort()).toEqual([
      'POST /api/auth/sign-out',
      'POST /api/me/calendar-feed/rotate',
      'POST /api/me/data-export',
      'POST /api/me/verification-email',
      'POST /api/notifications/unsubscribe',
      'POST /api/projects/{projectId}/cancel',
      'POST /api/projects/{projectId}/end',
      'POST /api/webhooks/stripe',
      'PUT /api/projects/{projectId}/favorite',
    ]);
    // The routes that read their input as it streams in (multipart) or answer its refusals in their own
    // format (the newsletter) still declare it.
    const operation = (path: string, method: string) => document.paths[path]![method]!;
    const checkIn = operation('/api/projects/{projectId}/check-ins', 'post').requestBody!.content;
    expect(Object.keys(checkIn).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(checkIn['multipart/form-data']!.schema).toMatchObject({
      type: 'object',
      properties: {
        updateText: { type: 'string', maxLength: 5000 },
        videoUrl: { type: 'string' },
        isCoverPhoto: { type: 'string' },
        photo: { type: 'string', format: 'binary' },
      },
    });
    expect(operation('/api/projects/{projectId}/cover', 'post').requestBody!.content).toEqual({
      'multipart/form-data': {
        schema: expect.objectContaining({
          properties: { photo: expect.objectContaining({ type: 'string', format: 'binary' }) },
          required: ['photo'],
        }),
      },
    });
    expect(
      operation('/api/newsletter', 'post').requestBody!.content['application/json']!.schema,
    ).toMatchObject({ properties: { email: { type: 'string' } }, required: ['email'] });
    for (const path of ['/api/newsletter/unsubscribe', '/api/notifications/unsubscribe'])
      expect(operation(path, 'get').parameters).toEqual([
        expect.objectContaining({ in: 'query', name: 'token', schema: { type: 'string', maxLength: 200 } }),
      ]);
    // Query-string numbers are text by nature, read by a codec: the document says text.
    const limit = operation('/api/projects', 'get').parameters!.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'string' });
  });

  it('names every error code of the contract in the error format', async () => {
    const document = await documentOf(t);
    const envelope = document.components?.schemas?.ErrorEnvelope as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(envelope.properties.error.properties.code.enum).toEqual(
      ErrorEnvelopeSchema.shape.error.shape.code.options,
    );
  });
});

describe(DOCS_PREFIX, () => {
  it('renders the reference under the app CSP: scripts from the app itself, none inline', async () => {
    const page = await t.app.inject({ url: DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The pages' CSP, not the API answers' (which allows nothing to load).
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    const data = await t.app.inject({ url: '/api/health' });
    expect(data.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\/[^"]+\.js"/);
      expect(body!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const file = await t.app.inject({ url: src });
      expect(file.statusCode, src).toBe(200);
      expect(file.headers['content-type'], src).toMatch(/javascript/);
    }
    // The page loads the document the reference reads from its own address.
    const json = await t.app.inject({ url: `${DOCS_PREFIX}/json` });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(await documentOf(t));
  });
});

function collectRefs(value: unknown, refs: string[]): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') refs.push(child);
      else collectRefs(child, refs);
    }
}

const JsonSchemaNode = z.record(z.string(), z.unknown());

/**
 * Request schemas that accept any value (`{}`: what a preprocessing shell becomes in the document). A
 * request object may name fewer properties than are sent: the parser drops the others.
 */
function findAnything(schema: unknown, where: string, found: string[]): void {
  const node = JsonSchemaNode.safeParse(schema);
  if (!node.success) return;
  const s = node.data;
  const keys = Object.keys(s).filter((k) => !['description', 'title', 'examples', 'default'].includes(k));
  if (keys.length === 0) found.push(`${where}: accepts anything`);
  for (const [key, child] of Object.entries(s)) {
    if (key === 'properties' && child && typeof child === 'object')
      for (const [name, property] of Object.entries(child)) findAnything(property, `${where}.${name}`, found);
    else if (['items', 'additionalProperties', 'not'].includes(key)) findAnything(child, `${where}[]`, found);
    else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key) && Array.isArray(child))
      child.forEach((item, i) => findAnything(item, `${where}|${i}`, found));
  }
}

/** Schemas that accept any value (`{}`), or objects that accept properties they do not name. */
function findLoose(schema: unknown, where: string, found: string[]): void {
  const node = JsonSchemaNode.safeParse(schema);
  if (!node.success) return;
  const s = node.data;
  const keys = Object.keys(s).filter((k) => !['description', 'title', 'examples', 'default'].includes(k));
  if (keys.length === 0) found.push(`${where}: accepts anything`);
  if (s.type === 'object' && s.properties && s.additionalProperties !== false)
    found.push(`${where}: an object open to other properties`);
  for (const [key, child] of Object.entries(s)) {
    if (key === 'properties' && child && typeof child === 'object')
      for (const [name, property] of Object.entries(child)) findLoose(property, `${where}.${name}`, found);
    else if (['items', 'additionalProperties', 'not'].includes(key)) findLoose(child, `${where}[]`, found);
    else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key) && Array.isArray(child))
      child.forEach((item, i) => findLoose(item, `${where}|${i}`, found));
  }
}
