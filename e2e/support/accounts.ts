import { expect, type Page } from '@playwright/test';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A new, unique account for this test (usernames: letters, digits, '_' and '-', 3-30 characters). */
export function newAccount(): TestAccount {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = `reader_${suffix}`.slice(0, 30);
  return { username, email: `${username}@example.com`, password: 'correct-horse-battery-staple' };
}

/**
 * Registers the account and signs the page's browser context in through the API (the forms are tested in
 * their own journeys). Cookies land in the context, so the next page load is signed in.
 */
export async function signUpAndSignIn(
  page: Page,
  baseURL: string,
  account = newAccount(),
): Promise<TestAccount> {
  const headers = { Origin: new URL(baseURL).origin };
  const signUp = await page.request.post('/api/auth/sign-up', {
    headers,
    data: { username: account.username, email: account.email, password: account.password, timezone: 'UTC' },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const signIn = await page.request.post('/api/auth/sign-in', {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return account;
}
