import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  PROJECT_MESSAGES,
  checkInFileName,
  isValidEmail,
  normalizeEmail,
  parseYouTubeUrl,
  uploadTooLargeMessage,
  validateCheckInDraft,
  validateEmail,
  validateImageFile,
  validateOptionalEmail,
  validatePassword,
  validatePasswordReset,
  validateProjectDraft,
  validateProjectEdit,
  youTubeVideoId,
} from '../src/index.ts';
import type { ProjectDraftInput } from '../src/index.ts';

describe('email', () => {
  it.each(['a@b.co', 'first.last@example.com', 'x+tag@sub.domain.org', '  pad@example.com  '])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
      expect(validateEmail(email)).toBeNull();
    },
  );

  it.each(['plain', 'a@b', '@b.co', 'a@.', 'a b@c.co', 'a@b@c.co', 'a@b.'])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(validateEmail(email)).toBe('Please enter a valid email address');
  });

  it('asks for an address when blank, after trimming', () => {
    expect(validateEmail('')).toBe('Please enter your email address');
    expect(validateEmail('   ')).toBe('Please enter your email address');
    expect(validateEmail(undefined)).toBe('Please enter your email address');
  });

  it('lets an optional address be blank', () => {
    expect(validateOptionalEmail('')).toBeNull();
    expect(validateOptionalEmail('nope')).toBe('Please enter a valid email address');
  });

  it('normalizes for storage', () => {
    expect(normalizeEmail('  Jane@Example.COM ')).toBe('jane@example.com');
    expect(EMAIL_PATTERN.test('a@b.c')).toBe(true);
  });
});

describe('passwords', () => {
  it('needs at least 6 characters', () => {
    expect(validatePassword('12345')).toBe('Password must be at least 6 characters long.');
    expect(validatePassword('')).toBe('Password must be at least 6 characters long.');
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('x'.repeat(129))).toBe('Password must be 128 characters or less.');
  });

  it('needs both entries to match', () => {
    expect(validatePasswordReset('secret1', 'secret2')).toBe('Passwords do not match.');
    expect(validatePasswordReset('short', 'short')).toBe('Password must be at least 6 characters long.');
    expect(validatePasswordReset('secret1', 'secret1')).toBeNull();
  });
});

describe('YouTube links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/abcDEF12_-x', 'abcDEF12_-x'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (url, id) => {
    expect(youTubeVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/12345',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    '',
    'not a url',
  ])('refuses %j', (url) => {
    expect(youTubeVideoId(url)).toBeNull();
  });

  it('gives canonical links and a thumbnail', () => {
    expect(parseYouTubeUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      id: 'dQw4w9WgXcQ',
      watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      thumbnailUrl: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(parseYouTubeUrl('https://example.com')).toBeNull();
  });
});

describe('check-ins', () => {
  it('needs an update, a photo or a video', () => {
    expect(validateCheckInDraft({})).toBe('Please provide an update, photo, or video');
    expect(validateCheckInDraft({ updateText: '   ', videoUrl: ' ' })).toBe(
      'Please provide an update, photo, or video',
    );
    expect(validateCheckInDraft({ updateText: 'Day 3 done' })).toBeNull();
    expect(validateCheckInDraft({ hasPhoto: true })).toBeNull();
    expect(validateCheckInDraft({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })).toBeNull();
  });

  it('needs a video to be a YouTube link', () => {
    expect(validateCheckInDraft({ videoUrl: 'https://vimeo.com/1' })).toBe(
      'Please enter a valid YouTube link',
    );
    expect(validateCheckInDraft({ updateText: 'x'.repeat(5001) })).toBe(
      'Update must be 5000 characters or less.',
    );
  });

  it('checks image type and size', () => {
    expect(validateImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(validateImageFile({ type: 'image/jpg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(validateImageFile({ type: 'image/svg+xml', size: 1000 })).toBe(
      'Please select a valid image file (JPEG, PNG, WebP, or GIF)',
    );
    expect(validateImageFile({ type: 'image/gif', size: 10 * 1024 * 1024 + 1 })).toBe(
      'Image file is too large. Maximum size is 10MB.',
    );
    expect(uploadTooLargeMessage()).toBe('File size too large. Maximum size is 10MB.');
  });

  it('names uploaded files checkin_{project}_{timestamp}.{ext}', () => {
    expect(checkInFileName('p1', 1700000000000, 'Photo.PNG')).toBe('checkin_p1_1700000000000.png');
    expect(checkInFileName('p1', 1, 'photo.webp')).toBe('checkin_p1_1.webp');
    expect(checkInFileName('p1', 1, 'photo')).toBe('checkin_p1_1.jpg');
    expect(checkInFileName('p1', 1, 'evil.php')).toBe('checkin_p1_1.jpg');
  });
});

describe('create project draft', () => {
  const valid: ProjectDraftInput = {
    title: ' Learn guitar ',
    description: 'Practice every day',
    tag: 'Music',
    lengthValue: 30,
    lengthUnit: 'days',
    frequencyValue: 1,
    frequencyUnit: 'weeks',
    depositCents: 2000,
  };

  it('accepts a complete draft and computes days and the charge', () => {
    expect(validateProjectDraft(valid)).toEqual({
      ok: true,
      value: {
        title: 'Learn guitar',
        description: 'Practice every day',
        tag: 'Music',
        lengthValue: 30,
        lengthUnit: 'days',
        lengthDays: 30,
        frequencyValue: 1,
        frequencyUnit: 'weeks',
        frequencyDays: 7,
        depositCents: 2000,
        chargeCents: 2170,
      },
    });
  });

  it.each([
    'title',
    'description',
    'tag',
    'lengthValue',
    'lengthUnit',
    'frequencyValue',
    'frequencyUnit',
  ] as const)('requires %s', (field) => {
    const result = validateProjectDraft({ ...valid, [field]: field.endsWith('Value') ? null : '  ' });
    expect(result).toMatchObject({ ok: false, message: 'Please fill in all required fields.' });
  });

  it('requires a deposit, and a custom one within range', () => {
    expect(validateProjectDraft({ ...valid, depositCents: null })).toMatchObject({
      ok: false,
      field: 'depositCents',
      message: 'Please select a deposit amount.',
    });
    expect(validateProjectDraft({ ...valid, depositCents: 999 })).toMatchObject({
      message: 'Custom deposit amount must be between $10 and $1000.',
    });
    expect(validateProjectDraft({ ...valid, depositCents: 3333 }).ok).toBe(true);
  });

  it('applies the half-length rule', () => {
    expect(
      validateProjectDraft({
        ...valid,
        lengthValue: 3,
        lengthUnit: 'weeks',
        frequencyValue: 2,
        frequencyUnit: 'weeks',
      }),
    ).toMatchObject({
      ok: false,
      field: 'frequencyValue',
      message: 'Check-in frequency must be 1 week or less (half of 3 weeks)',
    });
    expect(
      validateProjectDraft({
        ...valid,
        lengthValue: 2,
        lengthUnit: 'weeks',
        frequencyValue: 1,
        frequencyUnit: 'weeks',
      }).ok,
    ).toBe(true);
  });

  it('refuses values outside the options and unknown tags', () => {
    expect(validateProjectDraft({ ...valid, lengthValue: 32 })).toMatchObject({
      message: 'Project length must be between 2 and 31 days.',
    });
    // A 1-day project has no check-in frequency of at most half its length: it is not an option.
    expect(
      validateProjectDraft({
        ...valid,
        lengthValue: 1,
        lengthUnit: 'days',
        frequencyValue: 1,
        frequencyUnit: 'days',
      }),
    ).toMatchObject({ field: 'lengthValue', message: 'Project length must be between 2 and 31 days.' });
    expect(validateProjectDraft({ ...valid, lengthValue: 13, lengthUnit: 'months' })).toMatchObject({
      message: 'Project length must be between 1 and 12 months.',
    });
    expect(validateProjectDraft({ ...valid, frequencyValue: 6, frequencyUnit: 'days' })).toMatchObject({
      message: PROJECT_MESSAGES.frequencyRange,
    });
    expect(validateProjectDraft({ ...valid, lengthUnit: 'years' })).toMatchObject({ field: 'lengthUnit' });
    expect(validateProjectDraft({ ...valid, frequencyUnit: 'months' })).toMatchObject({
      field: 'frequencyUnit',
    });
    expect(validateProjectDraft({ ...valid, tag: 'Gardening' })).toMatchObject({
      message: 'Please select a valid category.',
    });
    expect(validateProjectDraft({ ...valid, title: 'x'.repeat(121) })).toMatchObject({ field: 'title' });
  });

  it('checks required fields before the deposit and the deposit before the frequency', () => {
    expect(validateProjectDraft({ ...valid, title: '', depositCents: null })).toMatchObject({
      message: 'Please fill in all required fields.',
    });
    expect(
      validateProjectDraft({
        ...valid,
        depositCents: null,
        frequencyValue: 5,
        frequencyUnit: 'days',
        lengthValue: 3,
      }),
    ).toMatchObject({
      message: 'Please select a deposit amount.',
    });
  });
});

describe('edit project', () => {
  it('requires name, description and tag, as creation does, and trims them', () => {
    expect(validateProjectEdit({ title: '', description: 'd', tag: 'Art' })).toMatchObject({
      field: 'title',
      message: 'Please fill in all required fields.',
    });
    expect(validateProjectEdit({ title: 'x', description: 'd', tag: '' })).toMatchObject({
      field: 'tag',
      message: 'Please fill in all required fields.',
    });
    for (const description of [undefined, null, '', '   \n ']) {
      expect(validateProjectEdit({ title: 'x', description, tag: 'Art' })).toMatchObject({
        ok: false,
        field: 'description',
        message: 'Please fill in all required fields.',
      });
    }
    expect(validateProjectEdit({ title: ' New ', tag: 'Art', description: ' d ' })).toEqual({
      ok: true,
      value: { title: 'New', tag: 'Art', description: 'd' },
    });
  });
});
