// Completed projects in lists, and the figure a project card shows (spec §4: completed projects are
// hidden unless includeCompleted; RULES.md "Start, end, lifecycle", "Money", "Filters").
import type { ProjectStatus } from './lifecycle.ts';

/**
 * Does a list show a project with this status at `now`? One rule for every list — the home's
 * sections (Largest Commitments, Finishing Soon, Editor's Picks, the tags, Favorites), the category
 * pages and the filtered list: `upcoming` and `active` always, `completed` only with
 * `includeCompleted`. Profiles and My Projects are a creator's history, not lists: they show both.
 */
export function isListed(status: ProjectStatus, includeCompleted: boolean): boolean {
  return includeCompleted || status !== 'completed';
}

/**
 * Which figure a card shows:
 * - `refundable`: a project that has not ended: its refundable pool P, still growing with donations.
 * - `pool-at-end`: an ended project whose settlement is not recorded yet: P as it stood at the end.
 * - `settled-refund`: a settled project: R = floor(P × (t − m) / t), what came back to the creator
 *   (the card refund plus any payout); the rest of P went to charity.
 */
export const CARD_AMOUNT_KINDS = ['refundable', 'pool-at-end', 'settled-refund'] as const;
export type CardAmountKind = (typeof CARD_AMOUNT_KINDS)[number];
export type CardAmount = { kind: CardAmountKind; cents: number };

/** The words after the figure on a card: '$70.00 refundable', '$14.00 back to the creator'. */
export const CARD_AMOUNT_CAPTIONS: Readonly<Record<CardAmountKind, string>> = {
  refundable: 'refundable',
  'pool-at-end': 'in the pool at the end',
  'settled-refund': 'back to the creator',
};

/**
 * The figure a card shows for a project: `refundableCents` is the current pool P, `settledRefundCents`
 * the refund R of its settlement, or null before there is one. A settlement counts only once the
 * project is completed.
 */
export function cardAmount(input: {
  status: ProjectStatus;
  refundableCents: number;
  settledRefundCents: number | null;
}): CardAmount {
  if (input.status !== 'completed') return { kind: 'refundable', cents: input.refundableCents };
  if (input.settledRefundCents === null) return { kind: 'pool-at-end', cents: input.refundableCents };
  return { kind: 'settled-refund', cents: input.settledRefundCents };
}

/**
 * Who finds a project (issue 24): `public` projects are listed (home, search, categories, counts, the
 * creator's public profile); `unlisted` ones are reachable by their link only. Either way the page,
 * donations and the money rules are the same; the owner's own My Projects shows both.
 */
export const PROJECT_VISIBILITIES = ['public', 'unlisted'] as const;
export type ProjectVisibility = (typeof PROJECT_VISIBILITIES)[number];
export const DEFAULT_PROJECT_VISIBILITY: ProjectVisibility = 'public';

/** The words the owner chooses between, at creation and later. */
export const PROJECT_VISIBILITY_LABELS: Readonly<Record<ProjectVisibility, { label: string; hint: string }>> =
  {
    public: {
      label: 'Public',
      hint: 'Shown on the home page, in search, in categories and on your profile.',
    },
    unlisted: {
      label: 'Unlisted',
      hint: 'Only people with the link can see it. It is left out of every list and of your profile.',
    },
  };
