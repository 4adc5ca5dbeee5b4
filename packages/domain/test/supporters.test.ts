import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SUPPORTER_MESSAGES,
  SUPPORTER_MESSAGE_MAX,
  normalizeSupporterMessage,
  supporterMessageError,
  supporterName,
} from '../src/index.ts';

describe('supporter messages', () => {
  it('accepts up to 280 characters of plain text, emoji counted as one, line breaks allowed', () => {
    expect(supporterMessageError('')).toBeNull();
    expect(supporterMessageError('You can do it!\nGo go go')).toBeNull();
    expect(supporterMessageError('a'.repeat(SUPPORTER_MESSAGE_MAX))).toBeNull();
    expect(supporterMessageError('🎉'.repeat(SUPPORTER_MESSAGE_MAX))).toBeNull();
    expect(supporterMessageError('a'.repeat(SUPPORTER_MESSAGE_MAX + 1))).toBe(
      'A message can be at most 280 characters.',
    );
  });

  it('refuses control and direction-override characters', () => {
    for (const bad of ['a\u0000b', 'bell\u0007', 'rtl\u202Eevil', 'x\u2028y'])
      expect(supporterMessageError(bad)).toBe(SUPPORTER_MESSAGES.messageNotPlain);
  });

  it('normalizes line breaks and tabs and trims', () => {
    expect(normalizeSupporterMessage('  hi\r\nthere\tfriend \r')).toBe('hi\nthere friend');
  });

  it('any printable text up to the limit passes, anything longer fails', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 400 }), (text) => {
        // eslint-disable-next-line no-control-regex
        const plain = text.replace(/[\u0000-\u001F\u007F]/g, '');
        expect(supporterMessageError(plain) === null).toBe([...plain].length <= SUPPORTER_MESSAGE_MAX);
      }),
    );
  });

  it("names a supporter, or 'Anonymous'", () => {
    expect(supporterName({ name: 'Bob', anonymous: false })).toBe('Bob');
    expect(supporterName({ name: 'Bob', anonymous: true })).toBe('Anonymous');
    expect(supporterName({ name: '  ', anonymous: false })).toBe('Anonymous');
    expect(supporterName({ name: null, anonymous: false })).toBe('Anonymous');
  });
});
