import { TERMS_VERSION } from '@kept/domain';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Test cards of the simulated payment provider. */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export interface ProjectDraft {
  title: string;
  description: string;
  tag: string;
  lengthValue: number;
  lengthUnit: 'days' | 'weeks' | 'months';
  frequencyValue: number;
  frequencyUnit: 'days' | 'weeks';
  depositCents: number;
  /** The commitment's terms version, agreed to before paying (the server refuses a deposit without). */
  agreedToTerms: string;
  charityId?: string;
}

export function projectDraft(overrides: Partial<ProjectDraft> = {}): ProjectDraft {
  return {
    title: `Practice guitar ${Date.now().toString(36)}`,
    description: 'Twenty minutes of scales and one new song a week.',
    tag: 'Music',
    lengthValue: 30,
    lengthUnit: 'days',
    frequencyValue: 1,
    frequencyUnit: 'weeks',
    depositCents: 5000,
    agreedToTerms: TERMS_VERSION,
    ...overrides,
  };
}

/** A card expiry ('MM / YY') safely in the future. */
export function futureExpiry(): string {
  const year = (new Date().getUTCFullYear() + 3) % 100;
  return `12 / ${String(year).padStart(2, '0')}`;
}

/**
 * Creates a project for the signed-in user of `request` the way the app does: a deposit intent for the
 * draft, then the simulated card confirm with 4242…. Returns the new project's id.
 */
export async function createProjectViaApi(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<ProjectDraft> = {},
): Promise<{ projectId: string; draft: ProjectDraft }> {
  const headers = { Origin: new URL(baseURL).origin };
  const draft = projectDraft(overrides);
  const intentResponse = await request.post('/api/payments/deposit-intent', { headers, data: draft });
  expect(intentResponse.status(), await intentResponse.text()).toBe(200);
  const intent = (await intentResponse.json()) as { paymentId: string; clientSecret: string };
  const confirm = await request.post('/api/payments/simulated/confirm', {
    headers,
    data: {
      paymentId: intent.paymentId,
      clientSecret: intent.clientSecret,
      cardNumber: CARDS.succeeds,
      expiry: futureExpiry(),
      cvc: '123',
    },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const status = (await confirm.json()) as { status: string; projectId: string | null };
  expect(status.status).toBe('succeeded');
  expect(status.projectId).toBeTruthy();
  return { projectId: status.projectId!, draft };
}

/** Fills the simulated card form of the payment form inside `scope` (a page or a dialog). */
export async function fillCard(
  scope: Pick<Page, 'getByLabel'>,
  cardNumber: string,
  expiry = futureExpiry(),
  cvc = '123',
): Promise<void> {
  await scope.getByLabel('Card number').fill(cardNumber);
  await scope.getByLabel('Expiry').fill(expiry);
  await scope.getByLabel('CVC').fill(cvc);
}

/** A tiny valid PNG (1×1 pixel), for photo uploads. */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
}

/**
 * The test expects these console errors: a browser logs every 4xx answer ('Failed to load resource: …
 * 402'), which is how a declined card is told. Takes them out of the fixture's list, once each.
 */
export function allowConsoleErrors(problems: { text: string }[], ...patterns: RegExp[]): void {
  for (const pattern of patterns) {
    const index = problems.findIndex((problem) => pattern.test(problem.text));
    if (index >= 0) problems.splice(index, 1);
  }
}
