import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataExportParamsSchema, DataExportResponseSchema } from '@kept/contract';
import { textFile, withErrors } from '../../http/responses.ts';
import type { ExportDeps } from './build-export.ts';
import { downloadDataExport } from './download-export.ts';
import { requestDataExport } from './request-export.ts';
import { showDataExport } from './show-export.ts';

const zipFile = textFile('The zip of the export (JSON, CSV, photos and a README.txt).', 'application/zip');

/** GET/POST /api/me/data-export, GET /api/me/data-exports/:exportId/download — one's own data only. */
export const dataExportRoutes =
  (deps: ExportDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/data-export',
      { schema: { response: withErrors({ 200: DataExportResponseSchema }) } },
      async (request, reply) => {
        const user = await request.requireUser();
        reply.header('cache-control', 'no-store');
        return showDataExport(deps, user);
      },
    );
    app.post(
      '/api/me/data-export',
      {
        schema: {
          description:
            'Start building a copy of your data (202); while one is queued or building, that one (200).',
          response: withErrors({ 200: DataExportResponseSchema, 202: DataExportResponseSchema }),
        },
      },
      async (request, reply) => {
        const { created, body } = await requestDataExport(deps, await request.requireUser());
        reply.header('cache-control', 'no-store');
        return reply.code(created ? 202 : 200).send(body);
      },
    );
    app.get(
      '/api/me/data-exports/:exportId/download',
      {
        schema: {
          description: "The export's zip, to its owner, while it is ready (7 days); otherwise a 404.",
          params: DataExportParamsSchema,
          response: withErrors({ 200: zipFile }),
        },
      },
      async (request, reply) => {
        const file = await downloadDataExport(deps, await request.requireUser(), request.params.exportId);
        return (
          reply
            .type('application/zip')
            .header('content-length', String(file.size))
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .header('cache-control', 'no-store')
            // Fastify pipes a stream as it is; the schema above only documents the body for OpenAPI.
            .send(file.stream as unknown as string)
        );
      },
    );
  };
