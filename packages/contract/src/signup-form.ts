// What a person types to sign up, in zod/mini, shared by the server's route (signup-request.ts) and the
// web app's signup form. A module of its own: the username rules stay out of the other account screens'
// chunks.
import { MESSAGES, validatePassword } from '@kept/domain';
import * as z from 'zod/mini';
import { domainRule, emailSchema, notBlank, textField } from './mini-rules.ts';
import { UsernameSchema } from './username-rule.ts';

/**
 * What a person types to sign up: 'Email, password, and username are required.' when any is missing or
 * blank, then the username rules, the email pattern and the password length. Output: trimmed username,
 * normalized email. The signup form checks with this; the route with the whole request below.
 */
export const signupFields = {
  username: UsernameSchema({ missing: MESSAGES.signupRequired, notText: MESSAGES.signupRequired }),
  email: emailSchema(MESSAGES.signupRequired, MESSAGES.signupRequired),
  password: textField(MESSAGES.signupRequired).check(
    z.refine(notBlank, { error: MESSAGES.signupRequired }),
    domainRule((value: string) => (notBlank(value) ? validatePassword(value) : null)),
  ),
};
export const SignupFieldsSchema = z.object(signupFields);
export type SignupFields = z.input<typeof SignupFieldsSchema>;
