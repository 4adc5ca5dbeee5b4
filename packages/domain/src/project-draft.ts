// The create-project and edit-project forms (spec §5 Create project, Edit project).
import { isTagName } from './categories.ts';
import type { TagName } from './categories.ts';
import { depositChargeCents, validateDepositCents } from './money.ts';
import {
  FREQUENCY_MAX,
  FREQUENCY_MIN,
  LENGTH_MAX,
  LENGTH_MIN,
  frequencyError,
  isFrequencyOption,
  isFrequencyUnit,
  isLengthOption,
  isLengthUnit,
  toDays,
} from './units.ts';
import type { FrequencyUnit, LengthUnit } from './units.ts';

export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;

export const PROJECT_MESSAGES = {
  required: 'Please fill in all required fields.',
  /** The payment form's default when the project form is not valid yet. */
  requiredForPayment: 'Please fill in all required fields',
  invalidTag: 'Please select a valid category.',
  titleTooLong: `Project name must be ${TITLE_MAX_LENGTH} characters or less.`,
  descriptionTooLong: `Description must be ${DESCRIPTION_MAX_LENGTH} characters or less.`,
  frequencyRange: `Check-in frequency must be between ${FREQUENCY_MIN} and ${FREQUENCY_MAX}.`,
  permanentWarning: 'Length and check-in frequency are permanent once the project is created.',
  mustBeLoggedIn: 'You must be logged in to create a project.',
} as const;

/** 'Project length must be between 2 and 31 days.' */
export function lengthRangeMessage(unit: LengthUnit): string {
  return `Project length must be between ${LENGTH_MIN[unit]} and ${LENGTH_MAX[unit]} ${unit}.`;
}

/** What the create form sends. Everything may be missing; validation says what is wrong. */
export type ProjectDraftInput = {
  title?: string | null;
  description?: string | null;
  tag?: string | null;
  lengthValue?: number | null;
  lengthUnit?: string | null;
  frequencyValue?: number | null;
  frequencyUnit?: string | null;
  depositCents?: number | null;
};

export type ProjectDraft = {
  title: string;
  description: string;
  tag: TagName;
  lengthValue: number;
  lengthUnit: LengthUnit;
  lengthDays: number;
  frequencyValue: number;
  frequencyUnit: FrequencyUnit;
  frequencyDays: number;
  depositCents: number;
  /** Deposit + fees: what the card is charged. */
  chargeCents: number;
};

export type DraftField = keyof ProjectDraftInput;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string; field: DraftField };

const fail = (field: DraftField, message: string): { ok: false; message: string; field: DraftField } => ({
  ok: false,
  message,
  field,
});

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

function missingNumber(value: number | null | undefined): boolean {
  return value === null || value === undefined || Number.isNaN(value);
}

/**
 * The create form, in the spec's order: required fields ('Please fill in all required fields.'),
 * deposit chosen, custom deposit range, then the half-length rule. Text is trimmed.
 */
export function validateProjectDraft(input: ProjectDraftInput): ValidationResult<ProjectDraft> {
  const required: [DraftField, boolean][] = [
    ['title', blank(input.title)],
    ['description', blank(input.description)],
    ['tag', blank(input.tag)],
    ['lengthValue', missingNumber(input.lengthValue) || blank(input.lengthUnit)],
    ['frequencyValue', missingNumber(input.frequencyValue) || blank(input.frequencyUnit)],
  ];
  const missing = required.find(([, isMissing]) => isMissing);
  if (missing) return fail(missing[0], PROJECT_MESSAGES.required);

  const title = (input.title ?? '').trim();
  const description = (input.description ?? '').trim();
  const tag = (input.tag ?? '').trim();
  if (title.length > TITLE_MAX_LENGTH) return fail('title', PROJECT_MESSAGES.titleTooLong);
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return fail('description', PROJECT_MESSAGES.descriptionTooLong);
  if (!isTagName(tag)) return fail('tag', PROJECT_MESSAGES.invalidTag);

  const lengthUnit = input.lengthUnit;
  const lengthValue = input.lengthValue as number;
  if (!isLengthUnit(lengthUnit)) return fail('lengthUnit', PROJECT_MESSAGES.required);
  if (!isLengthOption(lengthValue, lengthUnit)) return fail('lengthValue', lengthRangeMessage(lengthUnit));
  const frequencyUnit = input.frequencyUnit;
  const frequencyValue = input.frequencyValue as number;
  if (!isFrequencyUnit(frequencyUnit)) return fail('frequencyUnit', PROJECT_MESSAGES.required);
  if (!isFrequencyOption(frequencyValue)) return fail('frequencyValue', PROJECT_MESSAGES.frequencyRange);

  const depositError = validateDepositCents(input.depositCents);
  if (depositError) return fail('depositCents', depositError);
  const depositCents = input.depositCents as number;

  const halfError = frequencyError(lengthValue, lengthUnit, frequencyValue, frequencyUnit);
  if (halfError) return fail('frequencyValue', halfError);

  return {
    ok: true,
    value: {
      title,
      description,
      tag,
      lengthValue,
      lengthUnit,
      lengthDays: toDays(lengthValue, lengthUnit),
      frequencyValue,
      frequencyUnit,
      frequencyDays: toDays(frequencyValue, frequencyUnit),
      depositCents,
      chargeCents: depositChargeCents(depositCents),
    },
  };
}

export type ProjectEditInput = {
  title?: string | null;
  description?: string | null;
  tag?: string | null;
};

export type ProjectEdit = { title: string; description: string; tag: TagName };

/**
 * The edit dialog: name, description and tag required, as at creation ('Please fill in all required
 * fields.'). The cover is not part of an edit: it has routes of its own and never comes from an address.
 */
export function validateProjectEdit(input: ProjectEditInput): ValidationResult<ProjectEdit> {
  if (blank(input.title)) return fail('title', PROJECT_MESSAGES.required);
  if (blank(input.description)) return fail('description', PROJECT_MESSAGES.required);
  if (blank(input.tag)) return fail('tag', PROJECT_MESSAGES.required);
  const title = (input.title ?? '').trim();
  const description = (input.description ?? '').trim();
  const tag = (input.tag ?? '').trim();
  if (title.length > TITLE_MAX_LENGTH) return fail('title', PROJECT_MESSAGES.titleTooLong);
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return fail('description', PROJECT_MESSAGES.descriptionTooLong);
  if (!isTagName(tag)) return fail('tag', PROJECT_MESSAGES.invalidTag);
  return { ok: true, value: { title, description, tag } };
}
