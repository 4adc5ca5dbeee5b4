// Paid projects and donations through the real payment path (simulated provider, the default):
// deposit intent → card confirm → the payment-succeeded event creates the project. Other tests reuse
// these instead of inserting projects by hand, so every project they see has its payment and ledger.
import { TERMS_VERSION } from '@kept/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type {
  CreateProjectRequest,
  DepositIntentResponse,
  PaymentIntentResponse,
  PaymentStatusResponse,
} from '@kept/contract';
import { createUser, type SignedIn } from './users.ts';

export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
export const GOOD_EXPIRY = '12 / 34';
export const GOOD_CVC = '123';

/** A valid create-project draft: $50 deposit, 30 days, check-in every week. */
export function projectDraft(overrides: Partial<CreateProjectRequest> = {}): CreateProjectRequest {
  return {
    title: 'Learn the guitar',
    description: 'Scales every morning, one song a month.',
    tag: 'Music',
    lengthValue: 30,
    lengthUnit: 'days',
    frequencyValue: 1,
    frequencyUnit: 'weeks',
    depositCents: 5_000,
    agreedToTerms: TERMS_VERSION,
    ...overrides,
  };
}

function expectOk(res: LightMyRequestResponse, what: string): void {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
}

/** POST /api/payments/deposit-intent as `owner`. */
export async function startDeposit(
  app: FastifyInstance,
  owner: SignedIn,
  draft: CreateProjectRequest = projectDraft(),
  headers: Record<string, string> = {},
): Promise<DepositIntentResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/deposit-intent',
    headers: { cookie: owner.cookie, ...headers },
    payload: draft,
  });
  expectOk(res, 'deposit intent');
  return res.json();
}

/**
 * POST /api/payments/simulated/confirm with a card (4242… by default); the raw response. `from`: the
 * client's address (one visitor per address for the card-testing bounds).
 */
export function confirmCard(
  app: FastifyInstance,
  intent: { paymentId: string; clientSecret: string },
  card: { cardNumber?: string; expiry?: string; cvc?: string } = {},
  from?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    ...(from ? { remoteAddress: from } : {}),
    payload: {
      paymentId: intent.paymentId,
      clientSecret: intent.clientSecret,
      cardNumber: card.cardNumber ?? TEST_CARDS.success,
      expiry: card.expiry ?? GOOD_EXPIRY,
      cvc: card.cvc ?? GOOD_CVC,
    },
  });
}

export type PaidProject = {
  projectId: string;
  paymentId: string;
  owner: SignedIn;
  intent: DepositIntentResponse;
};

/** A project created through the real deposit path, for `owner` (a new user by default). */
export async function createPaidProject(
  app: FastifyInstance,
  opts: { owner?: SignedIn; draft?: Partial<CreateProjectRequest> } = {},
): Promise<PaidProject> {
  const owner = opts.owner ?? (await createUser(app));
  const intent = await startDeposit(app, owner, projectDraft(opts.draft));
  const res = await confirmCard(app, intent);
  expectOk(res, 'deposit confirm');
  const status: PaymentStatusResponse = res.json();
  if (status.status !== 'succeeded' || !status.projectId)
    throw new Error(`deposit did not create a project: ${res.body}`);
  return { projectId: status.projectId, paymentId: intent.paymentId, owner, intent };
}

export type DonationInput = {
  amountCents: number;
  donor?: SignedIn;
  donorName?: string;
  donorEmail?: string;
  donorAnonymous?: boolean;
  message?: string;
  showAmount?: boolean;
};

/** POST /api/donations/intent (as `donor`, or anonymously); the raw response. */
export function requestDonation(
  app: FastifyInstance,
  projectId: string,
  input: DonationInput,
): Promise<LightMyRequestResponse> {
  const { donor, ...body } = input;
  return app.inject({
    method: 'POST',
    url: '/api/donations/intent',
    headers: donor ? { cookie: donor.cookie } : {},
    payload: { projectId, ...body },
  });
}

export async function startDonation(
  app: FastifyInstance,
  projectId: string,
  input: DonationInput,
): Promise<PaymentIntentResponse> {
  const res = await requestDonation(app, projectId, input);
  expectOk(res, 'donation intent');
  return res.json();
}

/** A succeeded donation through the real path; returns its payment id. */
export async function donate(app: FastifyInstance, projectId: string, input: DonationInput): Promise<string> {
  const intent = await startDonation(app, projectId, input);
  const res = await confirmCard(app, intent);
  expectOk(res, 'donation confirm');
  return intent.paymentId;
}
