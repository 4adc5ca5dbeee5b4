// The username rule of signup and Settings, in zod/mini. A module of its own: a chunk is made of whole
// modules, so the signup screen and the Settings sections share this rule and nothing else of each other.
import { normalizeUsername, validateUsername } from '@kept/domain';
import * as z from 'zod/mini';
import { domainRule, textField } from './mini-rules.ts';

/** A username (signup, settings): missing or blank answers `missing`, then the username rules. Output trimmed. */
export const UsernameSchema = (messages: { missing: string; notText: string }) =>
  z.pipe(
    textField(messages.missing, messages.notText).check(
      z.trim(),
      z.minLength(1, { error: messages.missing }),
      domainRule((value: string) => (value === '' ? null : validateUsername(value))),
    ),
    z.transform(normalizeUsername),
  );
