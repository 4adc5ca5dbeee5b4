// The signup request as the server's route takes it (zod/mini): the typed fields and what the browser
// adds (its timezone, where to go next). The web app checks the typed fields only (signup-form.ts), so
// this module and the timezone list it needs stay out of its chunks.
import { canonicalTimezone, normalizeTimeZone, safeReturnTo } from '@kept/domain';
import * as z from 'zod/mini';
import { signupFields } from './signup-form.ts';

/**
 * Signup: the typed fields, then a valid IANA timezone (UTC when missing or unknown; a listed zone's
 * alias becomes that zone) and a safe returnTo.
 */
export const SignupRequestSchema = z.object({
  ...signupFields,
  timezone: z.pipe(
    z.optional(z.string({ error: 'Invalid timezone' })),
    z.transform((value) => canonicalTimezone(normalizeTimeZone(value))),
  ),
  returnTo: z.pipe(
    z.optional(z.string({ error: 'Invalid returnTo' })),
    z.transform((value) => safeReturnTo(value)),
  ),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;
export type SignupData = z.output<typeof SignupRequestSchema>;
