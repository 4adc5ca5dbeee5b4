// The owner sets a project's cover: a picture they upload (re-encoded like a check-in photo, so no
// EXIF/GPS survives, and stored by Kept), one of the project's own check-in photos, or none (the tag's
// default picture). A cover is never an address elsewhere: every visitor's browser, and every link
// preview, fetches it from Kept.
import crypto from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  COVER_MESSAGES,
  ChooseCoverRequestSchema,
  ProjectCardResponseSchema,
  ProjectIdParamsSchema as params,
  type ProjectCard,
} from '@kept/contract';
import { MAX_IMAGE_BYTES, uploadTooLargeMessage } from '@kept/domain';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { projectCheckins, projects, users } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import { withErrors } from '../../http/responses.ts';
import { isUuid } from '../../http/validate.ts';
import { processPhoto } from '../checkins/photo.ts';
import { PROJECT_NOT_FOUND, findOwnedProject } from './access.ts';
import { cardColumns, toProjectCard } from './cards.ts';

const response = withErrors({ 200: ProjectCardResponseSchema });
type Log = { warn: (obj: object, msg: string) => void };

/** The uploaded picture: the multipart file field `photo` (other fields are ignored). */
async function readCoverFile(request: FastifyRequest): Promise<Buffer> {
  const noFile = () =>
    new DomainError('validation_error', COVER_MESSAGES.noFile, { photo: COVER_MESSAGES.noFile });
  if (!request.isMultipart()) throw noFile();
  let photo: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1_000 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'photo' && bytes.length > 0) photo = bytes;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('file_too_large', uploadTooLargeMessage());
    if (code?.startsWith('FST_')) throw new DomainError('bad_request', COVER_MESSAGES.failed);
    throw err;
  }
  if (!photo) throw noFile();
  return photo;
}

export const coverRoutes =
  (deps: { db: Db; storage: Storage; clock: Clock; log: Log }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, storage, clock } = deps;

    /** Set the cover of a project `userId` owns and has not deleted; false when it is gone. */
    async function setCover(projectId: string, userId: string, imageUrl: string | null): Promise<boolean> {
      const updated = await db
        .update(projects)
        .set({ imageUrl, updatedAt: clock.now() })
        .where(and(eq(projects.id, projectId), eq(projects.userId, userId), isNull(projects.deletedAt)))
        .returning({ id: projects.id });
      return updated.length > 0;
    }

    async function cardOf(projectId: string): Promise<{ project: ProjectCard }> {
      const [row] = await db
        .select(cardColumns)
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(eq(projects.id, projectId));
      return { project: toProjectCard(row!, clock.now()) };
    }

    app.post(
      '/api/projects/:projectId/cover',
      { schema: { params, response, description: 'Multipart form: the picture in the file field `photo`.' } },
      async (request) => {
        const user = await request.requireUser();
        const bytes = await readCoverFile(request);
        const project = await findOwnedProject(db, request.params.projectId, user);
        const photo = await processPhoto(bytes);
        const key = `covers/${project.id}/${crypto.randomUUID()}.${photo.ext}`;
        const url = await storage.put(key, photo.image, photo.mime);
        let set = false;
        try {
          set = await setCover(project.id, user.id, url);
        } finally {
          if (!set)
            await storage
              .remove(key)
              .catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove an unused cover'));
        }
        // Deleted while the picture was being stored.
        if (!set) throw new DomainError('not_found', PROJECT_NOT_FOUND);
        return cardOf(project.id);
      },
    );

    app.put(
      '/api/projects/:projectId/cover',
      { schema: { params, body: ChooseCoverRequestSchema, response } },
      async (request) => {
        const user = await request.requireUser();
        const project = await findOwnedProject(db, request.params.projectId, user);
        let imageUrl: string | null = null;
        if (request.body.source === 'check-in') {
          const { checkInId } = request.body;
          const [chosen] = isUuid(checkInId)
            ? await db
                .select({ photoUrl: projectCheckins.photoUrl })
                .from(projectCheckins)
                .where(
                  and(
                    eq(projectCheckins.id, checkInId),
                    eq(projectCheckins.projectId, project.id),
                    isNotNull(projectCheckins.photoUrl),
                  ),
                )
            : [];
          if (!chosen?.photoUrl)
            throw new DomainError('validation_error', COVER_MESSAGES.notACheckInPhoto, {
              checkInId: COVER_MESSAGES.notACheckInPhoto,
            });
          imageUrl = chosen.photoUrl;
        }
        if (!(await setCover(project.id, user.id, imageUrl)))
          throw new DomainError('not_found', PROJECT_NOT_FOUND);
        return cardOf(project.id);
      },
    );
  };
