import { describe, expect, it } from 'vitest';
import harmless from '../src/data/harmless-words.json' with { type: 'json' };
import profanity from '../src/data/profanity.json' with { type: 'json' };
import reserved from '../src/data/reserved-words.json' with { type: 'json' };
import {
  USERNAME_HINT,
  USERNAME_MESSAGES,
  containsInappropriateContent,
  normalizeUsername,
  validateUsername,
} from '../src/index.ts';

describe('username messages (spec §5), in order', () => {
  it.each([
    ['', 'Username is required'],
    ['   ', 'Username is required'],
    [null, 'Username is required'],
    ['ab', 'Username must be at least 3 characters long'],
    [' ab ', 'Username must be at least 3 characters long'],
    ['a'.repeat(31), 'Username must be 30 characters or less'],
    ['john doe', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['john.doe', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['jöhn', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['@dmin', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['admin', 'Username contains inappropriate content'],
    ['john__doe', 'Username cannot contain consecutive underscores or hyphens'],
    ['john-_doe', 'Username cannot contain consecutive underscores or hyphens'],
    ['john--doe', 'Username cannot contain consecutive underscores or hyphens'],
    ['_john', 'Username cannot start or end with underscores or hyphens'],
    ['john-', 'Username cannot start or end with underscores or hyphens'],
  ])('%j → %s', (input, message) => {
    expect(validateUsername(input)).toBe(message);
  });

  it('checks length before characters and characters before content', () => {
    expect(validateUsername('a!')).toBe(USERNAME_MESSAGES.tooShort);
    expect(validateUsername('!'.repeat(31))).toBe(USERNAME_MESSAGES.tooLong);
    expect(validateUsername('sh!t')).toBe(USERNAME_MESSAGES.characters);
  });

  it('checks content before consecutive separators and edges', () => {
    expect(validateUsername('sh__it')).toBe(USERNAME_MESSAGES.inappropriate);
    expect(validateUsername('_admin')).toBe(USERNAME_MESSAGES.inappropriate);
  });

  it('trims before checking', () => {
    expect(validateUsername('  reader_42  ')).toBeNull();
    expect(normalizeUsername('  reader_42  ')).toBe('reader_42');
  });

  it('accepts exactly 3 and exactly 30 characters', () => {
    expect(validateUsername('abc')).toBeNull();
    expect(validateUsername('a'.repeat(30))).toBeNull();
  });

  it('has the hint and the other texts', () => {
    expect(USERNAME_HINT).toBe('3-30 characters, letters, numbers, underscores, and hyphens only');
    expect(USERNAME_MESSAGES.invalid).toBe('Invalid username');
    expect(USERNAME_MESSAGES.taken).toBe('Username is already taken. Please choose a different username.');
  });
});

describe('reserved words', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN',
    'Adm1n',
    'a_dmin',
    'ad-min',
    'adm1n42',
    'admin0',
    '4dmin',
    'administrator',
    'support',
    'support2',
    '5upp0rt',
    'system',
    'sy5tem',
    'test',
    'te5t',
    'test123',
    't3st',
    'root',
    'r00t',
    'moderator',
    'm0derat0r',
    'staff',
    '5taff',
    'help',
    'he1p',
    'kept',
    'k3pt',
    'kept2025',
    'official',
    '0ff1c1al',
  ])('refuses %s', (name) => {
    expect(validateUsername(name)).toBe(USERNAME_MESSAGES.inappropriate);
  });

  it.each([
    'contest-winner',
    'testing',
    'helper',
    'systems_guy',
    'rooted',
    'kept_promise',
    'support_the_arts',
    'admin2b',
  ])('accepts %s (reserved word not the whole name)', (name) => {
    expect(validateUsername(name)).toBeNull();
  });

  it('lists exactly the reserved words of RULES.md', () => {
    expect(reserved.words).toEqual([
      'admin',
      'administrator',
      'support',
      'system',
      'test',
      'root',
      'moderator',
      'staff',
      'help',
      'kept',
      'official',
    ]);
  });
});

describe('profanity and slurs', () => {
  it.each([
    'shit',
    'sh1t',
    '5h1t',
    'SHIT',
    'bullshit99',
    'x_fuck_x',
    'f_u_c_k',
    'fu-ck',
    'sh_it',
    'a_s_s',
    'as_s',
    'asshat',
    'b1tch',
    'cunt',
    'my-c0ck',
    'wh0re',
    'dumbass',
    'push_it',
  ])('refuses %s', (name) => {
    expect(validateUsername(name)).toBe(USERNAME_MESSAGES.inappropriate);
  });

  it('refuses every word of the list, plain and with look-alikes', () => {
    const leet: Record<string, string> = { o: '0', i: '1', l: '1', e: '3', a: '4', s: '5', t: '7' };
    for (const word of profanity.words) {
      const padded = word.length < 3 ? `${word}xx` : word;
      expect(containsInappropriateContent(padded), word).toBe(true);
      expect(containsInappropriateContent(`x${[...word].map((c) => leet[c] ?? c).join('')}x`), word).toBe(
        true,
      );
    }
  });

  it('maps @ and $ as look-alikes', () => {
    expect(containsInappropriateContent('@$$')).toBe(true);
    expect(containsInappropriateContent('$hit')).toBe(true);
  });

  it('keeps the word lists as lower-case data', () => {
    for (const word of [...profanity.words, ...harmless.words, ...reserved.words]) {
      expect(word).toMatch(/^[a-z]+$/);
    }
  });

  it('excuses every harmless word on its own', () => {
    for (const word of harmless.words) expect(containsInappropriateContent(word), word).toBe(false);
  });
});

describe('ordinary names pass', () => {
  it.each([
    'classic_reader',
    'bassist',
    'contest-winner',
    'cocktail_hour',
    'scunthorpe_fan',
    'grasshopper',
    'thomas_smith',
    'lucas-silva',
    'nicholas_stone',
    'passionate_painter',
    'massage-therapist',
    'the_assistant',
    'glass_blower',
    'peacock42',
    'hancock',
    'raccoon_city',
    'spice_girl',
    'compass-rose',
    'jurassic_park',
    'sassy_sally',
    'alice',
    'bob_jones',
    'maria-garcia',
    'wei_zhang',
    'priya_k',
    'runner_2026',
    'night-owl',
    'guitar_hero',
    'book-worm',
    'early_bird_7',
    'JaneDoe',
    'x_writer_x',
    'saltwater_swimmer',
    'embassy_row',
    'drape_maker',
    'hello_world',
  ])('%s', (name) => {
    expect(validateUsername(name)).toBeNull();
  });
});
