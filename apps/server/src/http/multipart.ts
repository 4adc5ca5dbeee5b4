// Reading a multipart form (the check-in and cover uploads): its text fields, and the picture in its
// file field `photo`. @fastify/multipart streams the parts, so nothing is validated before the handler
// runs (http/validate.ts): the caller parses the fields with the contract's schema.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, uploadTooLargeMessage } from '@kept/domain';
import { DomainError } from './errors.ts';
import { refuseBadText } from './text-guard.ts';

export type MultipartForm = { fields: Record<string, unknown>; photo?: Buffer };

/**
 * The form's text fields and its non-empty `photo` file (other files are read and dropped). A file
 * over 10 MB is 'file_too_large'; a broken form (too many parts, a field too long) is 'bad_request'
 * with `failedMessage`. Text the database cannot store is refused, as the app's guard does for JSON.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFields: number; maxFieldBytes: number; failedMessage: string },
): Promise<MultipartForm> {
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: 1,
        fields: options.maxFields,
        fieldSize: options.maxFieldBytes,
      },
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
    if (code?.startsWith('FST_')) throw new DomainError('bad_request', options.failedMessage);
    throw err;
  }
  refuseBadText(fields);
  return photo ? { fields, photo } : { fields };
}
