// "Download my data" (issue 24): the signed-in person's latest export and its progress.
import { DATA_EXPORT_STATES } from '@kept/domain';
import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';

export const DataExportStateSchema = z.enum(DATA_EXPORT_STATES);

export const DataExportSchema = z.object({
  id: z.string(),
  state: DataExportStateSchema,
  /** Steps of the build done so far, out of `total` (done = total once ready). */
  progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(1) }),
  createdAt: IsoDateTimeSchema,
  readyAt: IsoDateTimeSchema.nullable(),
  /** When the file is deleted (7 days after it became ready). */
  expiresAt: IsoDateTimeSchema.nullable(),
  /** The zip's size in bytes, once ready. */
  sizeBytes: z.number().int().min(0).nullable(),
  /** Where the owner downloads it, while it is ready and not expired. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET and POST /api/me/data-export: the latest export (null when none was ever requested). */
export const DataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof DataExportResponseSchema>;

export const DataExportParamsSchema = z.object({
  exportId: z.string().max(100),
});
