// POST /api/projects/:projectId/check-ins: JSON, or a multipart form with a picture.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckInParamsSchema,
  COVER_MESSAGES,
  DeleteCheckInResponseSchema,
  EditCheckInFormFieldsSchema,
  EditCheckInFormSchema,
  EditCheckInRequestSchema,
  type EditCheckInRequest,
  CheckInFormSchema,
  CheckInRequestSchema,
  CheckInResponseSchema,
  ProjectIdParamsSchema,
  checkInRequestSchema,
  toProjectSummaryDto,
  type CheckInData,
} from '@kept/contract';
import { CHECK_IN_MESSAGES } from '@kept/domain';
import { DomainError } from '../../http/errors.ts';
import { readMultipart } from '../../http/multipart.ts';
import { withErrors } from '../../http/responses.ts';
import { MULTIPART, parseOrThrow } from '../../http/validate.ts';
import type { AddCheckIn } from './add-check-in.ts';
import type { deleteCheckIn, editCheckIn } from './fix-check-in.ts';

type Bound<F> = F extends (deps: never, input: infer I) => infer R ? (input: I) => R : never;

/** The two shapes of a multipart check-in, built once (a zod schema is costly to build per request). */
const FORM_WITH_PHOTO = checkInRequestSchema({ hasPhoto: true });
const FORM_WITHOUT_PHOTO = checkInRequestSchema({ hasPhoto: false });

/** What a check-in's multipart form (posting one, or replacing its photo) may hold. */
const CHECK_IN_FORM_LIMITS = {
  maxFields: 10,
  maxFieldBytes: 20_000,
  failedMessage: CHECK_IN_MESSAGES.failed,
};

export const checkInRoutes =
  (useCases: {
    addCheckIn: AddCheckIn;
    editCheckIn: Bound<typeof editCheckIn>;
    deleteCheckIn: Bound<typeof deleteCheckIn>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/projects/:projectId/check-ins',
      {
        schema: {
          params: ProjectIdParamsSchema,
          body: {
            content: {
              'application/json': { schema: CheckInRequestSchema },
              [MULTIPART]: { schema: CheckInFormSchema },
            },
          },
          response: withErrors({ 201: CheckInResponseSchema }),
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        let fields: CheckInData;
        let photo: Buffer | undefined;
        if (request.isMultipart()) {
          const form = await readMultipart(request, CHECK_IN_FORM_LIMITS);
          photo = form.photo;
          fields = parseOrThrow(photo ? FORM_WITH_PHOTO : FORM_WITHOUT_PHOTO, form.fields);
        } else {
          // A JSON body was checked against CheckInRequestSchema on its way in (Fastify validates per
          // content type); anything else (no body, text) is parsed here.
          fields =
            request.mediaType === 'application/json'
              ? (request.body as CheckInData)
              : parseOrThrow(CheckInRequestSchema, request.body ?? {});
        }
        const result = await useCases.addCheckIn({
          projectId: request.params.projectId,
          user,
          fields,
          ...(photo ? { photo } : {}),
        });
        return reply
          .status(201)
          .send({ checkIn: result.checkIn, summary: toProjectSummaryDto(result.summary) });
      },
    );

    // Fixing a check-in in its first 15 minutes (issue 23): PATCH its text or link (JSON), or replace its
    // photo (multipart, with optional text fields), or DELETE it.
    app.patch(
      '/api/projects/:projectId/check-ins/:checkInId',
      {
        schema: {
          params: CheckInParamsSchema,
          body: {
            content: {
              'application/json': { schema: EditCheckInRequestSchema },
              [MULTIPART]: { schema: EditCheckInFormSchema },
            },
          },
          response: withErrors({ 200: CheckInResponseSchema }),
        },
      },
      async (request) => {
        const user = await request.requireUser();
        let fields: EditCheckInRequest;
        let photo: Buffer | undefined;
        if (request.isMultipart()) {
          const form = await readMultipart(request, CHECK_IN_FORM_LIMITS);
          photo = form.photo;
          if (!photo) throw new DomainError('validation_error', COVER_MESSAGES.noFile);
          fields = parseOrThrow(EditCheckInFormFieldsSchema, form.fields);
        } else {
          fields =
            request.mediaType === 'application/json'
              ? (request.body as EditCheckInRequest)
              : parseOrThrow(EditCheckInRequestSchema, request.body ?? {});
        }
        const result = await useCases.editCheckIn({
          user,
          ...request.params,
          fields,
          ...(photo ? { photo } : {}),
        });
        return { checkIn: result.checkIn, summary: toProjectSummaryDto(result.summary) };
      },
    );
    app.delete(
      '/api/projects/:projectId/check-ins/:checkInId',
      { schema: { params: CheckInParamsSchema, response: withErrors({ 200: DeleteCheckInResponseSchema }) } },
      async (request) => {
        const result = await useCases.deleteCheckIn({ user: await request.requireUser(), ...request.params });
        return { summary: toProjectSummaryDto(result.summary) };
      },
    );
  };
