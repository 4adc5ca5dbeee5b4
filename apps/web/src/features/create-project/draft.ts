// The create form's values and the request they make. Their check (the contract's schema, with zod) is
// draft-check.ts, a chunk the form loads right after it shows.
import {
  CHARITY_FUND,
  DEFAULT_PROJECT_VISIBILITY,
  TERMS_VERSION,
  parseCustomDeposit,
  type ForfeitDestinationId,
  type FrequencyUnit,
  type LengthUnit,
  type ProjectVisibility,
} from '@kept/domain';
import type { FieldPath } from 'react-hook-form';
import type { DepositDraft } from '../payments';

export interface ProjectDraftValues {
  title: string;
  description: string;
  tag: string;
  lengthValue: number;
  lengthUnit: LengthUnit;
  frequencyValue: number;
  frequencyUnit: FrequencyUnit;
  /** The chosen preset's cents as text, 'custom', or '' before any choice. */
  deposit: string;
  /** The custom amount as typed, in dollars. */
  customDeposit: string;
  charityId: ForfeitDestinationId;
  visibility: ProjectVisibility;
  agreedToTerms: boolean;
}

export const CUSTOM = 'custom';

export const EMPTY_DRAFT: ProjectDraftValues = {
  title: '',
  description: '',
  tag: '',
  lengthValue: 30,
  lengthUnit: 'days',
  frequencyValue: 1,
  frequencyUnit: 'weeks',
  deposit: '',
  customDeposit: '',
  charityId: CHARITY_FUND.id as ForfeitDestinationId,
  visibility: DEFAULT_PROJECT_VISIBILITY,
  agreedToTerms: false,
};

/** The fields in the order the form shows them (the first message is the one said at the Pay button). */
export const DRAFT_FIELDS = [
  'title',
  'description',
  'tag',
  'lengthValue',
  'lengthUnit',
  'frequencyValue',
  'frequencyUnit',
  'deposit',
  'customDeposit',
  'charityId',
  'visibility',
  'agreedToTerms',
] as const satisfies readonly FieldPath<ProjectDraftValues>[];

/** The deposit in cents as far as it is known: a preset, a valid custom amount, or what is wrong. */
export function depositOf(values: Pick<ProjectDraftValues, 'deposit' | 'customDeposit'>): {
  cents: number | null;
  error: string | null;
} {
  if (values.deposit === '') return { cents: null, error: null };
  if (values.deposit !== CUSTOM) return { cents: Number(values.deposit), error: null };
  const parsed = parseCustomDeposit(values.customDeposit);
  return 'cents' in parsed ? { cents: parsed.cents, error: null } : { cents: null, error: parsed.error };
}

/** The deposit intent's body for these values, before 'I agree' (which the check requires). */
export type DraftRequest = Omit<DepositDraft, 'agreedToTerms'> & {
  agreedToTerms: typeof TERMS_VERSION | undefined;
};

/**
 * The deposit intent's body for these values (the server checks the draft again and computes the
 * charge). A custom amount that is not one is NaN here, so the check refuses it; it is never sent.
 */
export function toDraftRequest(values: ProjectDraftValues): DraftRequest {
  const deposit = depositOf(values);
  return {
    title: values.title,
    description: values.description,
    tag: values.tag,
    lengthValue: values.lengthValue,
    lengthUnit: values.lengthUnit,
    frequencyValue: values.frequencyValue,
    frequencyUnit: values.frequencyUnit,
    depositCents: deposit.cents ?? (values.deposit === CUSTOM ? Number.NaN : null),
    charityId: values.charityId,
    visibility: values.visibility,
    agreedToTerms: values.agreedToTerms ? TERMS_VERSION : undefined,
  };
}
