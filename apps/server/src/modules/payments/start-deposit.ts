// POST /api/payments/deposit-intent: a signed-in user starts paying a new project's deposit (plus its
// fee); the project is made when the payment succeeds (projects' 'deposit' effect).
import type { CreateProjectData, DepositIntentResponse } from '@kept/contract';
import { depositFeeCents } from '@kept/domain';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import type { CardTestingGuard, CardTryer } from './card-testing.ts';
import type { PaymentDeps } from './deps.ts';
import { intentResponse, startPayment } from './start-payment.ts';

const HOUR = 3_600_000;

export async function startDeposit(
  deps: PaymentDeps & { limiter: RateLimiter; cardTesting: CardTestingGuard },
  input: {
    user: { id: string; email: string };
    draft: CreateProjectData;
    clientKey: string | undefined;
    /** Where the consent came from: the request's address and browser. */
    from: { ip: string; userAgent: string | null };
    tryer: () => Promise<CardTryer>;
  },
): Promise<DepositIntentResponse> {
  const { user, draft } = input;
  await deps.limiter.consume({ key: `payments:deposit:user:${user.id}`, max: 100, windowMs: HOUR });
  await deps.cardTesting.checkTryer(await input.tryer());
  const feeCents = depositFeeCents(draft.depositCents);
  const { row, intent } = await startPayment(deps, {
    kind: 'deposit',
    amountCents: draft.depositCents + feeCents,
    userId: user.id,
    projectId: null,
    draft,
    metadata: { userId: user.id, depositCents: String(draft.depositCents), feeCents: String(feeCents) },
    description: `Kept deposit: ${draft.title}`.slice(0, 200),
    clientKey: input.clientKey,
    request: draft,
    customer: { email: user.email, userId: user.id },
    consent: { termsVersion: draft.termsVersion, ...input.from },
  });
  return {
    ...intentResponse(deps, row, intent),
    depositCents: draft.depositCents,
    feeCents,
    customerId: intent.customerId,
  };
}
