// A check-in's request, written with zod/mini: the server validates POST /api/projects/:id/check-ins
// with these rules (the JSON body with CheckInRequestSchema, the multipart form's text fields with the
// same fields and the same rule across them, projects.ts) and the web app's check-in dialog checks with
// the very same ones. Nothing here may import 'zod' itself or a module that does.
import {
  CHECK_IN_MESSAGES,
  UPDATE_TEXT_MAX_LENGTH,
  parseYouTubeUrl,
  validateCheckInDraft,
} from '@kept/domain';
import * as z from 'zod/mini';
import { textField } from './mini-rules.ts';

/** A check-in's text fields: an update of at most 5000 characters, a YouTube link. Both trimmed, both optional. */
export const checkInTextFields = {
  updateText: z.optional(
    textField(CHECK_IN_MESSAGES.empty).check(
      z.trim(),
      z.maxLength(UPDATE_TEXT_MAX_LENGTH, { error: CHECK_IN_MESSAGES.updateTooLong }),
    ),
  ),
  videoUrl: z.optional(
    z.string({ error: CHECK_IN_MESSAGES.invalidVideo }).check(
      z.trim(),
      z.refine((url) => url === '' || parseYouTubeUrl(url) !== null, {
        error: CHECK_IN_MESSAGES.invalidVideo,
      }),
    ),
  ),
};

export const COVER_FLAG_MESSAGE = 'isCoverPhoto must be true or false.';

/**
 * What a check-in keeps: text, photo or video is required (the one rule across fields, which needs
 * to know whether a photo came with it; its message stands on `updateText`). A video's canonical watch
 * URL and id.
 */
export const toCheckInData =
  (hasPhoto: boolean) =>
  (
    value: { updateText?: string | undefined; videoUrl?: string | undefined; isCoverPhoto: boolean },
    ctx: z.core.ParsePayload,
  ) => {
    const error = validateCheckInDraft({ ...value, hasPhoto });
    if (error) {
      ctx.issues.push({ code: 'custom', message: error, path: ['updateText'], input: value });
      return z.NEVER;
    }
    const video = parseYouTubeUrl(value.videoUrl ?? '');
    return {
      updateText: value.updateText ? value.updateText : null,
      videoUrl: video?.watchUrl ?? null,
      videoId: video?.id ?? null,
      isCoverPhoto: hasPhoto && value.isCoverPhoto,
    };
  };

/**
 * A check-in as JSON (`isCoverPhoto` a boolean): with `hasPhoto` false it is the JSON body of POST
 * /api/projects/:id/check-ins (a check-in without a photo); the web app's dialog checks its fields with
 * `hasPhoto` saying whether a photo is chosen.
 */
export const checkInRequest = (hasPhoto: boolean) =>
  z.pipe(
    z.object(
      {
        ...checkInTextFields,
        isCoverPhoto: z._default(z.boolean({ error: COVER_FLAG_MESSAGE }), false),
      },
      { error: CHECK_IN_MESSAGES.empty },
    ),
    z.transform(toCheckInData(hasPhoto)),
  );

/** A check-in without a photo (JSON body). */
export const CheckInRequestSchema = checkInRequest(false);
export type CheckInRequest = z.input<typeof CheckInRequestSchema>;
export type CheckInData = z.output<typeof CheckInRequestSchema>;
