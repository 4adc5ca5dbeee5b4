// Supporters of a project (issue 22): who gave (a name, or 'Anonymous'), the amount only when the donor
// chose to show it, and an optional message of encouragement in plain text that the owner can hide.

/** A supporter's message is at most 280 characters (counted as a person counts them: code points). */
export const SUPPORTER_MESSAGE_MAX = 280;

export const SUPPORTER_MESSAGES = {
  messageTooLong: `A message can be at most ${SUPPORTER_MESSAGE_MAX} characters.`,
  messageNotPlain: 'A message can only be plain text.',
  anonymous: 'Anonymous',
} as const;

/** Control characters other than a line break are not plain text (tabs become spaces on the way in). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Characters as a person counts them (an emoji is one). */
export function messageLength(text: string): number {
  return [...text].length;
}

/** null when `text` (already trimmed) is an acceptable supporter's message; '' means no message. */
export function supporterMessageError(text: string): string | null {
  if (CONTROL.test(text)) return SUPPORTER_MESSAGES.messageNotPlain;
  if (messageLength(text) > SUPPORTER_MESSAGE_MAX) return SUPPORTER_MESSAGES.messageTooLong;
  return null;
}

/** The trimmed message with Windows line breaks made plain and tabs as spaces. */
export function normalizeSupporterMessage(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').trim();
}

/** The name a supporters list shows: the donor's name unless anonymous or blank, else 'Anonymous'. */
export function supporterName(donor: { name: string | null; anonymous: boolean }): string {
  const name = donor.name?.trim() ?? '';
  return donor.anonymous || name === '' ? SUPPORTER_MESSAGES.anonymous : name;
}
