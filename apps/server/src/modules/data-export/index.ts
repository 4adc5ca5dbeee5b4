// "Download my data" (issue 24, decision 035): the owner asks in Settings, a job builds a zip of their
// records and photos, an email and Settings say when it is ready, and it is deleted after 7 days.
import type { FastifyInstance } from 'fastify';
import { buildDataExport, type ExportDeps } from './build-export.ts';
import { expireDataExports } from './expire-exports.ts';
import { dataExportRoutes } from './routes.ts';

export type DataExportJobs = {
  build: (exportId: string) => Promise<void>;
  expire: () => Promise<number>;
};

/** What the jobs run: the build of one export, and the expiry sweep. */
export function dataExportJobs(deps: ExportDeps): DataExportJobs {
  return {
    build: (exportId) => buildDataExport(deps, exportId),
    expire: () => expireDataExports(deps),
  };
}

export async function registerDataExport(app: FastifyInstance, deps: ExportDeps): Promise<void> {
  await app.register(dataExportRoutes(deps));
}
