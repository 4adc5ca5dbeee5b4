import { expect, type APIRequestContext } from '@playwright/test';
import { validateUsername } from '@kept/domain';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/**
 * A new, unique account for this test (usernames: letters, digits, '_' and '-', 3-30 characters). A
 * random suffix the username rules refuse (it can spell a word they block) is skipped.
 */
export function newAccount(): TestAccount {
  for (;;) {
    counter += 1;
    const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
    const username = `reader_${suffix}`.slice(0, 30);
    if (validateUsername(username) !== null) continue;
    return { username, email: `${username}@example.com`, password: 'correct-horse-battery-staple' };
  }
}

/**
 * A client address of its own for each account made here (198.18.0.0/15 is reserved for tests). The e2e
 * server trusts X-Forwarded-For, so the per-IP rate limits (20 sign-ups an hour) apply per test account
 * instead of to the whole run, which makes far more accounts than that from 127.0.0.1.
 */
function clientAddress(): string {
  return `198.18.${process.pid % 256}.${(counter % 254) + 1}`;
}

/**
 * Registers the account and signs the page's browser context in through the API (the forms are tested in
 * their own journeys). Cookies land in the context, so the next page load is signed in. Takes a page, or
 * anything else with a request context (an API-only context keeps the session cookie in its storage state).
 */
export async function signUpAndSignIn(
  page: { request: APIRequestContext },
  baseURL: string,
  account = newAccount(),
): Promise<TestAccount> {
  const headers = { Origin: new URL(baseURL).origin, 'X-Forwarded-For': clientAddress() };
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
