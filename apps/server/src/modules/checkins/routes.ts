import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckInResponseSchema,
  ProjectIdParamsSchema,
  checkInRequestSchema,
  toProjectSummaryDto,
} from '@kept/contract';
import { CHECK_IN_MESSAGES, MAX_IMAGE_BYTES, uploadTooLargeMessage } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { refuseBadText } from '../../http/text-guard.ts';
import { parseOrThrow } from '../../http/validate.ts';
import type { CheckInService } from './service.ts';

/** The check-in's text fields and its photo, from a multipart form or a JSON body. */
async function readCheckIn(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; photo?: Buffer }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 20_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('file_too_large', uploadTooLargeMessage());
    if (code?.startsWith('FST_')) throw new DomainError('bad_request', CHECK_IN_MESSAGES.failed);
    throw err;
  }
  return photo ? { fields, photo } : { fields };
}

/** The two shapes of a check-in, built once (a zod schema is costly to build per request). */
const WITH_PHOTO = checkInRequestSchema({ hasPhoto: true });
const WITHOUT_PHOTO = checkInRequestSchema({ hasPhoto: false });

export const checkInRoutes =
  (checkIns: CheckInService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/projects/:projectId/check-ins',
      {
        schema: {
          params: ProjectIdParamsSchema,
          response: withErrors({ 201: CheckInResponseSchema }),
          description:
            'JSON (CheckInRequest) or a multipart form with the same text fields and an optional picture in `photo`.',
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        const { fields, photo } = await readCheckIn(request);
        refuseBadText(fields); // multipart fields are read here, after the app's preValidation guard
        const data = parseOrThrow(photo ? WITH_PHOTO : WITHOUT_PHOTO, fields);
        const result = await checkIns.add({
          projectId: request.params.projectId,
          user,
          fields: data,
          ...(photo ? { photo } : {}),
        });
        return reply
          .status(201)
          .send({ checkIn: result.checkIn, summary: toProjectSummaryDto(result.summary) });
      },
    );
  };
