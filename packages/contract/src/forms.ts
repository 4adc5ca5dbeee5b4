// The requests the web app's forms send (create a project, edit one, donate), written with zod/mini:
// the server validates each route's body with these schemas, and the browser's forms validate with the
// very same ones (react-hook-form's zod resolver) without carrying classic zod's chainable API. Nothing
// here may import 'zod' itself or a module that does, or the forms' chunks would carry it.
import {
  CHARITY_FUND,
  CONSENT_MESSAGE,
  DEFAULT_PROJECT_VISIBILITY,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MESSAGES,
  FORFEIT_DESTINATION_IDS,
  FREQUENCY_UNITS,
  LENGTH_UNITS,
  MESSAGES,
  MONEY_MESSAGES,
  PROJECT_MESSAGES,
  PROJECT_VISIBILITIES,
  SUPPORTER_MESSAGES,
  TAG_NAMES,
  TERMS_VERSION,
  TITLE_MAX_LENGTH,
  validateDepositCents,
  validateDonationCents,
  validateOptionalEmail,
  validateProjectDraft,
  normalizeSupporterMessage,
  supporterMessageError,
} from '@kept/domain';
import * as z from 'zod/mini';
import { domainRule, textField } from './mini-rules.ts';

/** The cover picker's words, the same on the server and in the web app. */
export const COVER_MESSAGES = {
  urlRefused: 'Covers are pictures you upload or one of your check-in photos, not addresses.',
  notACheckInPhoto: "Choose one of this project's check-in photos.",
  noFile: 'Please choose a picture to upload.',
  failed: 'The cover could not be changed. Please try again.',
} as const;

export const DONOR_NAME_MAX_LENGTH = 100;

/**
 * A required text field: missing, not text, or blank after trimming all answer `message` (the spec's
 * required-field words). The output is trimmed; `max` bounds the trimmed text with its own words.
 */
function requiredText(message: string, max?: { length: number; message: string }) {
  const text = z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));
  return max ? text.check(z.maxLength(max.length, { error: max.message })) : text;
}

const required = { error: PROJECT_MESSAGES.required };

/** A title: required, at most 120 characters once trimmed. */
const TitleSchema = requiredText(PROJECT_MESSAGES.required, {
  length: TITLE_MAX_LENGTH,
  message: PROJECT_MESSAGES.titleTooLong,
});
/** A description: required, at most 5000 characters once trimmed. */
const DescriptionSchema = requiredText(PROJECT_MESSAGES.required, {
  length: DESCRIPTION_MAX_LENGTH,
  message: PROJECT_MESSAGES.descriptionTooLong,
});
/** A category tag: required, then one of the listed tags ('Please select a valid category.'). */
const TagSchema = z.pipe(
  requiredText(PROJECT_MESSAGES.required),
  z.enum(TAG_NAMES, { error: PROJECT_MESSAGES.invalidTag }),
);

/**
 * The deposit in cents: a number ('Custom deposit amount must be a number, such as 35 or 35.50.'
 * otherwise); null or missing is no deposit chosen ('Please select a deposit amount.'); then a preset
 * or a whole number of cents from $10 to $1000, in the create form's words.
 */
const DepositCentsSchema = z
  .nullable(
    z.number({
      error: (issue) =>
        issue.input === undefined ? MONEY_MESSAGES.depositRequired : MONEY_MESSAGES.customDepositNotNumber,
    }),
  )
  .check(domainRule(validateDepositCents));

/** Who finds the project: 'public' (listed) or 'unlisted' (by its link only). */
export const VISIBILITY_MESSAGE = 'Please choose who can find this project.';

/**
 * The create-project draft. Each field states its type and bounds with the spec's messages; the rules
 * across fields (the length's range in its unit, frequency at most half the length) are the domain's
 * `validateProjectDraft`. Output: the normalized draft with lengthDays, frequencyDays and chargeCents.
 */
export const CreateProjectRequestSchema = z.pipe(
  z.object({
    title: TitleSchema,
    description: DescriptionSchema,
    tag: TagSchema,
    lengthValue: z.number(required),
    lengthUnit: z.enum(LENGTH_UNITS, required),
    frequencyValue: z.number(required),
    frequencyUnit: z.enum(FREQUENCY_UNITS, required),
    depositCents: DepositCentsSchema,
    /** Where forfeits go (issue 22): a charity of the vetted list; the Kept Charity Fund when absent. */
    charityId: z.optional(
      z.enum(FORFEIT_DESTINATION_IDS, { error: 'Please choose a charity from the list.' }),
    ),
    /** Public (listed) or unlisted; public when absent. */
    visibility: z.optional(z.enum(PROJECT_VISIBILITIES, { error: VISIBILITY_MESSAGE })),
    /** The commitment read and agreed to before paying: the version of the terms (TERMS_VERSION). */
    agreedToTerms: z.literal(TERMS_VERSION, { error: CONSENT_MESSAGE }),
  }),
  z.transform((value, ctx) => {
    const result = validateProjectDraft(value);
    if (!result.ok) {
      ctx.issues.push({ code: 'custom', message: result.message, path: [result.field], input: value });
      return z.NEVER;
    }
    return {
      ...result.value,
      charityId: value.charityId ?? CHARITY_FUND.id,
      visibility: value.visibility ?? DEFAULT_PROJECT_VISIBILITY,
      termsVersion: value.agreedToTerms,
    };
  }),
);
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;
export type CreateProjectData = z.output<typeof CreateProjectRequestSchema>;

/**
 * Covers come from Kept: no edit sets one from an address (a picture every visitor's browser would
 * fetch from someone else's server). Absent or empty is allowed, for clients that still send the field.
 */
const NO_COVER_URL = z.optional(z.literal('', { error: COVER_MESSAGES.urlRefused }));

/** Edit dialog: name, description and tag required (as at creation). The cover has routes of its own; an address for one is refused. */
export const EditProjectRequestSchema = z.pipe(
  z.object({ title: TitleSchema, description: DescriptionSchema, tag: TagSchema, imageUrl: NO_COVER_URL }),
  z.transform(({ title, description, tag }) => ({ title, description, tag })),
);
export type EditProjectRequest = z.input<typeof EditProjectRequestSchema>;
export type EditProjectData = z.output<typeof EditProjectRequestSchema>;

/** A donor's name: at most 100 characters once trimmed; blank is no name. */
const DonorNameSchema = z
  .string({ error: MESSAGES.generic })
  .check(z.trim(), z.maxLength(DONOR_NAME_MAX_LENGTH, { error: 'Name must be 100 characters or less.' }));
/** A donor's email for the receipt: optional, else it must look like one. */
const DonorEmailSchema = textField(MESSAGES.generic, EMAIL_MESSAGES.invalid).check(
  z.trim(),
  domainRule(validateOptionalEmail),
);
/** A donation's amount: whole cents, at least $0.50 ('Amount must be at least $0.50'). */
const DonationCentsSchema = z
  .number({ error: MONEY_MESSAGES.donationMinimum })
  .check(domainRule(validateDonationCents));

/** A supporter's message: trimmed plain text of at most 280 characters, the domain's rules. */
const SupporterMessageSchema = z
  .pipe(
    z
      .string({ error: MESSAGES.generic })
      .check(z.maxLength(2_000, { error: SUPPORTER_MESSAGES.messageTooLong })),
    z.transform(normalizeSupporterMessage),
  )
  .check(domainRule(supporterMessageError));

/**
 * A donation: at least $0.50 ('Amount must be at least $0.50'); an optional donor email must look
 * like one ('Please enter a valid email address'); anonymous unless said otherwise.
 */
export const DonationRequestSchema = z.object({
  projectId: z
    .string({ error: MESSAGES.generic })
    .check(z.trim(), z.minLength(1, { error: MESSAGES.generic })),
  amountCents: DonationCentsSchema,
  donorName: z.pipe(
    z.optional(DonorNameSchema),
    z.transform((name) => (name ? name : null)),
  ),
  donorEmail: z.pipe(
    z.optional(DonorEmailSchema),
    z.transform((email) => (email ? email.toLowerCase() : null)),
  ),
  donorAnonymous: z._default(z.boolean({ error: MESSAGES.generic }), true),
  /** An optional message of encouragement, plain text, at most 280 characters ('' for none). */
  message: z._default(SupporterMessageSchema, ''),
  /** Whether the supporters list may show the amount (hidden unless the donor says so). */
  showAmount: z._default(z.boolean({ error: MESSAGES.generic }), false),
});
export type DonationRequest = z.input<typeof DonationRequestSchema>;
export type DonationData = z.output<typeof DonationRequestSchema>;
