// Where forfeits go (RULES.md "Where forfeits go"): a short vetted list, kept as data. Without a choice a
// project's forfeits go to the Kept Charity Fund, split equally among the listed charities at each transfer.
import type { Cents } from './money.ts';

export type Charity = {
  id: string;
  name: string;
  /** The charity's registration: a US EIN (501(c)(3)). */
  registration: string;
  site: string;
  /** One line on what it does. */
  summary: string;
};

export const CHARITIES = [
  {
    id: 'givedirectly',
    name: 'GiveDirectly',
    registration: 'EIN 27-1661997',
    site: 'https://www.givedirectly.org',
    summary: 'Sends cash directly to people living in extreme poverty.',
  },
  {
    id: 'against-malaria',
    name: 'Against Malaria Foundation',
    registration: 'EIN 20-3069841',
    site: 'https://www.againstmalaria.com',
    summary: 'Funds long-lasting insecticidal nets that protect families from malaria.',
  },
  {
    id: 'msf-usa',
    name: 'Doctors Without Borders USA',
    registration: 'EIN 13-3433452',
    site: 'https://www.doctorswithoutborders.org',
    summary: 'Gives emergency medical care where it is needed most.',
  },
  {
    id: 'khan-academy',
    name: 'Khan Academy',
    registration: 'EIN 26-1544963',
    site: 'https://www.khanacademy.org',
    summary: 'Free, world-class education for anyone, anywhere.',
  },
  {
    id: 'wikimedia',
    name: 'Wikimedia Foundation',
    registration: 'EIN 20-0049703',
    site: 'https://wikimediafoundation.org',
    summary: 'Keeps Wikipedia free and open to everyone.',
  },
] as const satisfies readonly Charity[];

export type CharityId = (typeof CHARITIES)[number]['id'];

/** The default: forfeits held for all the listed charities, split equally at each transfer. */
export const CHARITY_FUND = {
  id: 'kept-fund',
  name: 'Kept Charity Fund',
  registration: 'Held by Kept for the charities listed',
  site: '/transparency',
  summary: 'Split equally among the charities listed, at each transfer.',
} as const satisfies Charity;

export type ForfeitDestinationId = CharityId | typeof CHARITY_FUND.id;

export const FORFEIT_DESTINATION_IDS = [CHARITY_FUND.id, ...CHARITIES.map((c) => c.id)] as [
  ForfeitDestinationId,
  ...ForfeitDestinationId[],
];

/** The charity (or the fund) with this id, or null. */
export function forfeitDestination(id: string | null | undefined): Charity | null {
  if (id === null || id === undefined) return null;
  if (id === CHARITY_FUND.id) return CHARITY_FUND;
  return CHARITIES.find((charity) => charity.id === id) ?? null;
}

/** The ledger account forfeits to this destination are booked to. */
export function charityAccount(id: ForfeitDestinationId): `charity:${string}` {
  return `charity:${id}`;
}

/**
 * `cents` split into `parts` shares as equal as whole cents allow: the first `cents mod parts` shares
 * get one cent more. The shares add up to `cents` exactly.
 */
export function splitEvenly(cents: Cents, parts: number): Cents[] {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount to split: ${cents}`);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`Cannot split into ${parts} parts`);
  const base = Math.floor(cents / parts);
  const extra = cents % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}
