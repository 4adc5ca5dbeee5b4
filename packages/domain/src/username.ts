// Username rules (RULES.md "Username", spec §5). Word lists live in ./data/*.json.
import harmless from './data/harmless-words.json' with { type: 'json' };
import profanity from './data/profanity.json' with { type: 'json' };
import reserved from './data/reserved-words.json' with { type: 'json' };

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export const USERNAME_MESSAGES = {
  required: 'Username is required',
  tooShort: 'Username must be at least 3 characters long',
  tooLong: 'Username must be 30 characters or less',
  characters: 'Username can only contain letters, numbers, underscores, and hyphens',
  inappropriate: 'Username contains inappropriate content',
  consecutive: 'Username cannot contain consecutive underscores or hyphens',
  edges: 'Username cannot start or end with underscores or hyphens',
  /** Settings' fallback when no specific message applies. */
  invalid: 'Invalid username',
  taken: 'Username is already taken. Please choose a different username.',
} as const;

/** The hint under the signup field. */
export const USERNAME_HINT = '3-30 characters, letters, numbers, underscores, and hyphens only';

/** Look-alikes: a character in a name stands for these letters. */
const LOOK_ALIKES: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '@': ['a'],
  $: ['s'],
};

const BLOCKED_WORDS: readonly string[] = profanity.words;
const HARMLESS_WORDS: readonly string[] = harmless.words;
const RESERVED_WORDS: readonly string[] = reserved.words;

/** A name reduced to lower-case letters, digits and look-alike symbols, with the word each came from. */
type Normalized = { chars: string[]; segments: number[] };

function normalize(name: string): Normalized {
  const chars: string[] = [];
  const segments: number[] = [];
  let segment = 0;
  let previousWasSeparator = false;
  for (const ch of name.toLowerCase()) {
    if (/[a-z0-9]/.test(ch) || ch in LOOK_ALIKES) {
      if (previousWasSeparator && chars.length > 0) segment += 1;
      chars.push(ch);
      segments.push(segment);
      previousWasSeparator = false;
    } else {
      previousWasSeparator = true;
    }
  }
  return { chars, segments };
}

function charMatches(ch: string, letter: string): boolean {
  return ch === letter || (LOOK_ALIKES[ch]?.includes(letter) ?? false);
}

function matchesAt(chars: readonly string[], start: number, word: string): boolean {
  if (start + word.length > chars.length) return false;
  for (let j = 0; j < word.length; j += 1) {
    if (!charMatches(chars[start + j] as string, word[j] as string)) return false;
  }
  return true;
}

function occurrences(chars: readonly string[], word: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i + word.length <= chars.length; i += 1) if (matchesAt(chars, i, word)) starts.push(i);
  return starts;
}

function insideHarmlessWord(chars: readonly string[], start: number, end: number): boolean {
  return HARMLESS_WORDS.some((word) =>
    occurrences(chars, word).some((at) => at <= start && at + word.length >= end),
  );
}

/**
 * A hit that straddles one separator between two words, each keeping at least two of its own
 * characters outside the hit ('thomas_smith', 'lucas-silva'), is a coincidence of two ordinary words.
 * Spelled-out words ('f_u_c_k', 'sh_it', 'as_s') are not: one side keeps fewer than two characters.
 */
function straddlesTwoWords(name: Normalized, start: number, end: number): boolean {
  const first = name.segments[start] as number;
  const last = name.segments[end - 1] as number;
  if (last !== first + 1) return false;
  const before = name.segments.slice(0, start).filter((s) => s === first).length;
  const after = name.segments.slice(end).filter((s) => s === last).length;
  return before >= 2 && after >= 2;
}

function isReservedName(chars: readonly string[]): boolean {
  for (let split = chars.length; split >= 1; split -= 1) {
    if (split < chars.length && !/[0-9]/.test(chars[split] as string)) break; // suffix must be all digits
    const prefix = chars.slice(0, split);
    if (RESERVED_WORDS.some((word) => word.length === prefix.length && matchesAt(prefix, 0, word)))
      return true;
  }
  return false;
}

/**
 * Inappropriate content, checked case-insensitively after removing punctuation and mapping
 * look-alikes (0→o 1→i/l 3→e 4→a 5→s 7→t @→a $→s): a blocked word anywhere, unless the hit lies
 * inside a harmless word (or straddles two ordinary words); or a reserved word as the whole name,
 * optionally followed by digits ('admin', 'Adm1n', 'a_dmin', 'support2').
 */
export function containsInappropriateContent(name: string): boolean {
  const normalized = normalize(name);
  const { chars } = normalized;
  if (isReservedName(chars)) return true;
  for (const word of BLOCKED_WORDS) {
    for (const start of occurrences(chars, word)) {
      const end = start + word.length;
      if (insideHarmlessWord(chars, start, end)) continue;
      if (straddlesTwoWords(normalized, start, end)) continue;
      return true;
    }
  }
  return false;
}

/**
 * The first rule a username breaks, or null when it is acceptable. Trimmed first. Order: required;
 * at least 3; at most 30; letters, digits, _ and - only; inappropriate content; no consecutive _/-;
 * not starting or ending with _/-.
 */
export function validateUsername(input: string | null | undefined): string | null {
  const name = (input ?? '').trim();
  if (name === '') return USERNAME_MESSAGES.required;
  if (name.length < USERNAME_MIN_LENGTH) return USERNAME_MESSAGES.tooShort;
  if (name.length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.tooLong;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return USERNAME_MESSAGES.characters;
  if (containsInappropriateContent(name)) return USERNAME_MESSAGES.inappropriate;
  if (/[_-]{2}/.test(name)) return USERNAME_MESSAGES.consecutive;
  if (/^[_-]|[_-]$/.test(name)) return USERNAME_MESSAGES.edges;
  return null;
}

/** The username as stored: trimmed. */
export function normalizeUsername(input: string): string {
  return input.trim();
}
