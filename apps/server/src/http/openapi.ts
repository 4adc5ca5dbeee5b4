// The API's OpenAPI document, built by @fastify/swagger from the same zod schemas the routes validate
// and serialise with, at /api/openapi.json; a rendered reference (@fastify/swagger-ui) at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

type OpenApiDocument = { openapi: string; info: Record<string, unknown>; paths: Record<string, unknown> };

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

type RouteDocument = Parameters<typeof zodTransform>[0];
type BodyByContentType = { content: Record<string, { schema: z.ZodType }> };

const isBodyByContentType = (body: unknown): body is BodyByContentType =>
  typeof body === 'object' && body !== null && !(body instanceof z.ZodType) && 'content' in body;

/**
 * The route's schemas as JSON Schema. A body declared per content type (JSON or a multipart form)
 * has each of its schemas converted like a plain body.
 */
function transformRoute(document: RouteDocument): ReturnType<typeof zodTransform> {
  const { body, ...schema } = (document.schema ?? {}) as Record<string, unknown>;
  if (!isBodyByContentType(body)) return zodTransform(document);
  const converted = zodTransform({ ...document, schema });
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, media] of Object.entries(body.content)) {
    const one = zodTransform({ ...document, schema: { body: media.schema } });
    content[type] = { schema: (one.schema as { body: unknown }).body };
  }
  return { ...converted, schema: { ...converted.schema, body: { content } } };
}

/**
 * Registers the document and its reference. Call before any route: @fastify/swagger collects routes as
 * they are added. Only /api routes are documented (pages, uploads and the reference's own files are not).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kept API',
        version: '1.0.0',
        description:
          'JSON over HTTPS with a cookie session. Every error answers `{ "error": { "code", "message", "fields"? } }`; ' +
          'clients branch on `code` (the ErrorCode enum), never on the status.',
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/') || document.url.startsWith(`${DOCS_PREFIX}/`))
        return { schema: { ...document.schema, hide: true }, url: document.url };
      return transformRoute(document);
    },
    transformObject: jsonSchemaTransformObject,
  });

  // The document itself, as a route of the API (its answer is the document, described loosely on purpose).
  app.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    {
      schema: {
        hide: true,
        response: {
          200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger() as unknown as OpenApiDocument),
  );

  // The reference: static files and a page without inline scripts, so the app's CSP applies unchanged.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: false },
  });
}
