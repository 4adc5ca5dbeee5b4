import { describe, expect, it } from 'vitest';
import {
  ForgotPasswordRequestSchema,
  HealthResponseSchema,
  LoginRequestSchema,
  NewsletterRequestSchema,
  NewsletterResponseSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  SignupRequestSchema,
  UpdateTimezoneRequestSchema,
  UpdateUsernameRequestSchema,
} from '../src/index.ts';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const signup = { username: 'reader_42', email: 'Jane@Example.com ', password: 'secret1' };

describe('signup', () => {
  it.each(['username', 'email', 'password'])('requires %s', (field) => {
    for (const blank of [undefined, null, '', '   ']) {
      const result = SignupRequestSchema.safeParse({ ...signup, [field]: blank });
      expect(firstMessage(result)).toBe('Email, password, and username are required.');
    }
  });

  it.each([
    ['ab', 'Username must be at least 3 characters long'],
    ['a'.repeat(31), 'Username must be 30 characters or less'],
    ['bad name', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['Adm1n', 'Username contains inappropriate content'],
    ['a__b', 'Username cannot contain consecutive underscores or hyphens'],
    ['-ab', 'Username cannot start or end with underscores or hyphens'],
  ])('answers the username rule for %s', (username, message) => {
    expect(firstMessage(SignupRequestSchema.safeParse({ ...signup, username }))).toBe(message);
  });

  it('checks the email and the password', () => {
    expect(firstMessage(SignupRequestSchema.safeParse({ ...signup, email: 'nope' }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(SignupRequestSchema.safeParse({ ...signup, password: '12345' }))).toBe(
      'Password must be at least 6 characters long.',
    );
  });

  it('normalizes what it accepts', () => {
    const result = SignupRequestSchema.parse({
      ...signup,
      username: ' reader_42 ',
      timezone: 'Asia/Tokyo',
      returnTo: '/my-projects',
    });
    expect(result).toEqual({
      username: 'reader_42',
      email: 'jane@example.com',
      password: 'secret1',
      timezone: 'Asia/Tokyo',
      returnTo: '/my-projects',
    });
    expect(
      SignupRequestSchema.parse({ ...signup, timezone: 'Bogus/Zone', returnTo: '//evil.example' }),
    ).toMatchObject({
      timezone: 'UTC',
      returnTo: '/',
    });
    expect(SignupRequestSchema.parse(signup)).toMatchObject({ timezone: 'UTC', returnTo: '/' });
  });
});

describe('login, forgot and reset', () => {
  it('requires email and password to log in', () => {
    expect(firstMessage(LoginRequestSchema.safeParse({ email: 'a@b.co' }))).toBe(
      'Email and password are required.',
    );
    expect(LoginRequestSchema.parse({ email: ' A@B.co ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });

  it('checks the forgot-password address', () => {
    expect(firstMessage(ForgotPasswordRequestSchema.safeParse({ email: ' ' }))).toBe(
      'Please enter your email address',
    );
    expect(firstMessage(ForgotPasswordRequestSchema.safeParse({ email: 'x' }))).toBe(
      'Please enter a valid email address',
    );
    expect(ForgotPasswordRequestSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });

  it('checks the reset form', () => {
    expect(
      firstMessage(ResetPasswordRequestSchema.safeParse({ password: 'secret1', confirmPassword: 'secret1' })),
    ).toBe('Invalid or missing reset tokens. Please request a new password reset.');
    expect(
      firstMessage(
        ResetPasswordRequestSchema.safeParse({ token: 't', password: '123', confirmPassword: '123' }),
      ),
    ).toBe('Password must be at least 6 characters long.');
    const mismatch = ResetPasswordRequestSchema.safeParse({
      token: 't',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(firstMessage(mismatch)).toBe('Passwords do not match.');
    expect(mismatch.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(
      ResetPasswordRequestSchema.parse({ token: ' t ', password: 'secret1', confirmPassword: 'secret1' }),
    ).toEqual({
      token: 't',
      password: 'secret1',
    });
  });
});

describe('settings and newsletter', () => {
  it('validates a new username like signup', () => {
    expect(firstMessage(UpdateUsernameRequestSchema.safeParse({ username: '' }))).toBe(
      'Username is required',
    );
    expect(firstMessage(UpdateUsernameRequestSchema.safeParse({ username: 'support2' }))).toBe(
      'Username contains inappropriate content',
    );
    expect(UpdateUsernameRequestSchema.parse({ username: '  classic_reader ' })).toEqual({
      username: 'classic_reader',
    });
  });

  it('accepts only the listed timezones', () => {
    expect(UpdateTimezoneRequestSchema.safeParse({ timezone: 'Europe/Paris' }).success).toBe(true);
    expect(firstMessage(UpdateTimezoneRequestSchema.safeParse({ timezone: 'Europe/Vilnius' }))).toBe(
      'Please choose a timezone from the list.',
    );
    expect(firstMessage(UpdateTimezoneRequestSchema.safeParse({}))).toBe(
      'Please choose a timezone from the list.',
    );
  });

  it("stores a listed zone's alias as the listed zone, in settings and at sign-up", () => {
    expect(UpdateTimezoneRequestSchema.parse({ timezone: 'Asia/Calcutta' })).toEqual({
      timezone: 'Asia/Kolkata',
    });
    expect(UpdateTimezoneRequestSchema.parse({ timezone: 'Etc/UTC' })).toEqual({ timezone: 'UTC' });
    expect(SignupRequestSchema.parse({ ...signup, timezone: 'Asia/Calcutta' }).timezone).toBe('Asia/Kolkata');
    // A real zone outside the list is kept as it is at sign-up (settings offers it until changed).
    expect(SignupRequestSchema.parse({ ...signup, timezone: 'Europe/Vilnius' }).timezone).toBe(
      'Europe/Vilnius',
    );
  });

  it('checks the newsletter address after trimming', () => {
    expect(firstMessage(NewsletterRequestSchema.safeParse({ email: '   ' }))).toBe(
      'Please enter your email address',
    );
    expect(firstMessage(NewsletterRequestSchema.safeParse({}))).toBe('Please enter your email address');
    expect(firstMessage(NewsletterRequestSchema.safeParse({ email: 'a@b' }))).toBe(
      'Please enter a valid email address',
    );
    expect(NewsletterRequestSchema.parse({ email: '  Fan@Example.com ' })).toEqual({
      email: 'fan@example.com',
    });
    expect(NewsletterResponseSchema.parse({ success: false, error: 'x' })).toEqual({
      success: false,
      error: 'x',
    });
  });
});

describe('missing and mistyped fields', () => {
  it('answer the spec’s words, not zod’s', () => {
    expect(firstMessage(LoginRequestSchema.safeParse({ email: 'a@b.co', password: 5 }))).toBe(
      'Email and password are required.',
    );
    expect(
      firstMessage(LoginRequestSchema.safeParse({ email: 'a'.repeat(250) + '@b.co', password: 'x' })),
    ).toBe('Please enter a valid email address');
    expect(
      firstMessage(
        ResetPasswordRequestSchema.safeParse({
          token: null,
          password: 'secret1',
          confirmPassword: 'secret1',
        }),
      ),
    ).toBe('Invalid or missing reset tokens. Please request a new password reset.');
    expect(firstMessage(NewsletterRequestSchema.safeParse({ email: 42 }))).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(NewsletterRequestSchema.safeParse('fan@example.com'))).toBe(
      'Please enter your email address',
    );
    expect(firstMessage(ForgotPasswordRequestSchema.safeParse({ email: null }))).toBe(
      'Please enter your email address',
    );
    expect(firstMessage(UpdateUsernameRequestSchema.safeParse({ username: 7 }))).toBe('Invalid username');
    expect(firstMessage(UpdateUsernameRequestSchema.safeParse({}))).toBe('Username is required');
    expect(firstMessage(SignupRequestSchema.safeParse({ ...signup, timezone: 3 }))).toBe('Invalid timezone');
  });
});

describe('session and health', () => {
  it('describes who is signed in', () => {
    expect(SessionResponseSchema.parse({ user: null })).toEqual({ user: null });
    const user = {
      id: 'u1',
      email: 'a@b.co',
      username: null,
      timezone: 'UTC',
      createdAt: '2026-03-01T00:00:00.000Z',
      emailVerified: false,
    };
    expect(SessionResponseSchema.parse({ user })).toEqual({ user });
    expect(SessionResponseSchema.safeParse({ user: { ...user, createdAt: 'yesterday' } }).success).toBe(
      false,
    );
  });

  it('describes health', () => {
    expect(HealthResponseSchema.parse({ status: 'ok', database: 'ok' })).toEqual({
      status: 'ok',
      database: 'ok',
    });
    expect(HealthResponseSchema.safeParse({ status: 'fine' }).success).toBe(false);
  });
});
