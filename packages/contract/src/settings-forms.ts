// Settings' username and timezone requests, written with zod/mini: the server validates the two PUT
// routes' bodies with these schemas and the web app's Settings forms check with the very same ones. A
// module of its own, so the signup screen does not carry the timezone rule. Nothing here may import 'zod'
// itself or a module that does.
import { MESSAGES, USERNAME_MESSAGES, listedTimezone } from '@kept/domain';
import * as z from 'zod/mini';
import { UsernameSchema } from './username-rule.ts';

/** Settings: a new username, same rules as signup; output trimmed. Missing: 'Username is required'. */
export const UpdateUsernameRequestSchema = z.object({
  username: UsernameSchema({
    missing: USERNAME_MESSAGES.required,
    notText: USERNAME_MESSAGES.invalid,
  }),
});
export type UpdateUsernameRequest = z.input<typeof UpdateUsernameRequestSchema>;

/** Settings: one of the 35 listed timezones (an alias of one is stored as the listed name). */
export const UpdateTimezoneRequestSchema = z.object({
  timezone: z.pipe(
    z
      .string({ error: MESSAGES.invalidTimezone })
      .check(z.refine((value) => listedTimezone(value) !== null, { error: MESSAGES.invalidTimezone })),
    z.transform((value: string) => listedTimezone(value) ?? value),
  ),
});
export type UpdateTimezoneRequest = z.input<typeof UpdateTimezoneRequestSchema>;
