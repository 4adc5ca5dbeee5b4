import fc from 'fast-check';
import {
  CONSENT_MESSAGE,
  TERMS_VERSION,
  defaultFilters,
  projectSummary,
  validateProjectDraft,
} from '@kept/domain';
import type { ProjectDraftInput, ProjectFilters } from '@kept/domain';
import { describe, expect, it } from 'vitest';
import {
  COVER_MESSAGES,
  CheckInRequestSchema,
  CreateProjectRequestSchema,
  DonationRequestSchema,
  EditProjectRequestSchema,
  ErrorEnvelopeSchema,
  ProjectFiltersQuerySchema,
  ProjectSummarySchema,
  checkInRequestSchema,
  errorEnvelope,
  filtersToQuery,
  toProjectSummaryDto,
  validationErrorEnvelope,
} from '../src/index.ts';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const draft: ProjectDraftInput & { agreedToTerms: typeof TERMS_VERSION } = {
  title: 'Learn guitar',
  description: 'Scales daily',
  tag: 'Music',
  lengthValue: 3,
  lengthUnit: 'weeks',
  frequencyValue: 1,
  frequencyUnit: 'weeks',
  depositCents: 3333,
  agreedToTerms: TERMS_VERSION,
};

describe('create project', () => {
  it('accepts a draft and returns the domain’s normalized value', () => {
    expect(CreateProjectRequestSchema.parse(draft)).toEqual({
      title: 'Learn guitar',
      description: 'Scales daily',
      tag: 'Music',
      lengthValue: 3,
      lengthUnit: 'weeks',
      lengthDays: 21,
      frequencyValue: 1,
      frequencyUnit: 'weeks',
      frequencyDays: 7,
      depositCents: 3333,
      chargeCents: 3556,
      charityId: 'kept-fund',
      visibility: 'public',
      termsVersion: TERMS_VERSION,
    });
  });

  it('takes public or unlisted, public when absent, and refuses anything else', () => {
    expect(CreateProjectRequestSchema.parse({ ...draft, visibility: 'unlisted' }).visibility).toBe(
      'unlisted',
    );
    expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, visibility: 'private' }))).toBe(
      'Please choose who can find this project.',
    );
  });

  it('refuses a draft without the commitment agreed to, or agreed to in an older version', () => {
    const { agreedToTerms: _agreed, ...unagreed } = draft;
    expect(firstMessage(CreateProjectRequestSchema.safeParse(unagreed))).toBe(CONSENT_MESSAGE);
    expect(
      firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, agreedToTerms: '2020-01-01' })),
    ).toBe(CONSENT_MESSAGE);
    expect(CreateProjectRequestSchema.parse({ ...draft, charityId: 'wikimedia' }).charityId).toBe(
      'wikimedia',
    );
    expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, charityId: 'nobody' }))).toBe(
      'Please choose a charity from the list.',
    );
  });

  it('takes a JSON body as it is typed: numbers sent as text are refused with the spec’s words', () => {
    const result = CreateProjectRequestSchema.safeParse({
      ...draft,
      lengthValue: '3',
      depositCents: '2000',
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['lengthValue'], 'Please fill in all required fields.'],
      [['depositCents'], 'Custom deposit amount must be a number, such as 35 or 35.50.'],
    ]);
  });

  it('answers the required-field words for a missing or mistyped field, not zod’s', () => {
    for (const field of ['title', 'description', 'tag', 'lengthValue', 'lengthUnit', 'frequencyUnit']) {
      const { [field as keyof ProjectDraftInput]: _dropped, ...rest } = draft;
      const missing = CreateProjectRequestSchema.safeParse(rest);
      expect(firstMessage(missing), field).toBe('Please fill in all required fields.');
      expect(missing.error?.issues[0]?.path).toEqual([field]);
      expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, [field]: {} }))).toBe(
        'Please fill in all required fields.',
      );
    }
    const { depositCents: _deposit, ...noDeposit } = draft;
    expect(firstMessage(CreateProjectRequestSchema.safeParse(noDeposit))).toBe(
      'Please select a deposit amount.',
    );
    expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, title: 'x'.repeat(121) }))).toBe(
      'Project name must be 120 characters or less.',
    );
  });

  it.each<[string, Partial<ProjectDraftInput> | Record<string, unknown>]>([
    ['missing title', { title: '' }],
    ['missing length', { lengthValue: null }],
    ['no deposit', { depositCents: null }],
    ['small deposit', { depositCents: 500 }],
    ['frequency too long', { frequencyValue: 2 }],
    ['days frequency too long', { frequencyValue: 11, frequencyUnit: 'days' }],
    ['unknown tag', { tag: 'Gardening' }],
  ])('answers exactly what the domain answers: %s', (_name, change) => {
    const input = { ...draft, ...change } as ProjectDraftInput;
    const domain = validateProjectDraft(input);
    expect(domain.ok).toBe(false);
    const result = CreateProjectRequestSchema.safeParse(input);
    expect(firstMessage(result)).toBe(domain.ok ? undefined : domain.message);
    expect(result.error?.issues[0]?.path).toEqual([domain.ok ? '' : domain.field]);
  });

  it('says the half-length message word for word', () => {
    expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, frequencyValue: 2 }))).toBe(
      'Check-in frequency must be 1 week or less (half of 3 weeks)',
    );
  });

  it('refuses a non-number as a missing field', () => {
    expect(firstMessage(CreateProjectRequestSchema.safeParse({ ...draft, lengthValue: 'abc' }))).toBe(
      'Please fill in all required fields.',
    );
  });
});

describe('edit project', () => {
  it('requires name, description and tag, and refuses a cover address', () => {
    expect(
      firstMessage(EditProjectRequestSchema.safeParse({ title: '', description: 'd', tag: 'Art' })),
    ).toBe('Please fill in all required fields.');
    expect(
      firstMessage(EditProjectRequestSchema.safeParse({ title: 'x', description: ' ', tag: 'Art' })),
    ).toBe('Please fill in all required fields.');
    expect(
      firstMessage(
        EditProjectRequestSchema.safeParse({
          title: 'x',
          description: 'd',
          tag: 'Art',
          imageUrl: 'javascript:1',
        }),
      ),
    ).toBe(COVER_MESSAGES.urlRefused);
    expect(
      EditProjectRequestSchema.parse({ title: 'x', description: 'd', tag: 'Art', imageUrl: '' }),
    ).toEqual({ title: 'x', description: 'd', tag: 'Art' });
  });
});

describe('check-in', () => {
  it('needs text, photo or video', () => {
    expect(firstMessage(CheckInRequestSchema.safeParse({}))).toBe(
      'Please provide an update, photo, or video',
    );
    expect(checkInRequestSchema({ hasPhoto: true }).parse({ isCoverPhoto: 'true' })).toEqual({
      updateText: null,
      videoUrl: null,
      videoId: null,
      isCoverPhoto: true,
    });
  });

  it('recognises YouTube links and refuses others', () => {
    expect(
      CheckInRequestSchema.parse({ videoUrl: 'https://youtu.be/dQw4w9WgXcQ', updateText: ' hi ' }),
    ).toEqual({
      updateText: 'hi',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
      isCoverPhoto: false,
    });
    const bad = CheckInRequestSchema.safeParse({ videoUrl: 'https://vimeo.com/1' });
    expect(firstMessage(bad)).toBe('Please enter a valid YouTube link');
    expect(bad.error?.issues[0]?.path).toEqual(['videoUrl']);
  });

  it('never marks a cover photo without a photo', () => {
    expect(CheckInRequestSchema.parse({ updateText: 'x', isCoverPhoto: true }).isCoverPhoto).toBe(false);
  });

  it('reads the multipart form’s text flag, and only true or false', () => {
    const withPhoto = checkInRequestSchema({ hasPhoto: true });
    expect(withPhoto.parse({ isCoverPhoto: 'false' }).isCoverPhoto).toBe(false);
    expect(withPhoto.safeParse({ isCoverPhoto: 'maybe' }).success).toBe(false);
    expect(CheckInRequestSchema.safeParse({ updateText: 'x', isCoverPhoto: 'true' }).success).toBe(false);
    expect(firstMessage(CheckInRequestSchema.safeParse({ updateText: 'x'.repeat(5001) }))).toBe(
      'Update must be 5000 characters or less.',
    );
  });
});

describe('donation', () => {
  const donation = { projectId: 'p1', amountCents: 2500 };

  it('defaults to anonymous and normalizes donor fields', () => {
    expect(DonationRequestSchema.parse(donation)).toEqual({
      projectId: 'p1',
      amountCents: 2500,
      donorName: null,
      donorEmail: null,
      donorAnonymous: true,
      message: '',
      showAmount: false,
    });
    expect(
      DonationRequestSchema.parse({
        ...donation,
        donorName: ' Ana ',
        donorEmail: ' Ana@Example.com',
        donorAnonymous: false,
      }),
    ).toMatchObject({ donorName: 'Ana', donorEmail: 'ana@example.com', donorAnonymous: false });
  });

  it("takes a supporter's message of at most 280 plain characters, trimmed, and the show-amount choice", () => {
    expect(
      DonationRequestSchema.parse({ ...donation, message: '  Go!\r\nYou got this ', showAmount: true }),
    ).toMatchObject({ message: 'Go!\nYou got this', showAmount: true });
    expect(firstMessage(DonationRequestSchema.safeParse({ ...donation, message: 'x'.repeat(281) }))).toBe(
      'A message can be at most 280 characters.',
    );
    expect(firstMessage(DonationRequestSchema.safeParse({ ...donation, message: 'a\u202Eb' }))).toBe(
      'A message can only be plain text.',
    );
  });

  it('answers the spec’s messages', () => {
    expect(firstMessage(DonationRequestSchema.safeParse({ ...donation, amountCents: 49 }))).toBe(
      'Amount must be at least $0.50',
    );
    expect(firstMessage(DonationRequestSchema.safeParse({ ...donation, amountCents: 12.5 }))).toBe(
      'Amount must be at least $0.50',
    );
    expect(firstMessage(DonationRequestSchema.safeParse({ ...donation, donorEmail: 'nope' }))).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('filters query', () => {
  it('fills the defaults', () => {
    expect(ProjectFiltersQuerySchema.parse({})).toEqual({ ...defaultFilters(), limit: 50, offset: 0 });
  });

  it('coerces strings', () => {
    expect(
      ProjectFiltersQuerySchema.parse({
        searchText: 'guitar',
        categoryTags: 'Music,Art',
        createdDateFrom: '2026-03-01',
        endDateTo: '',
        refundAmountMinCents: '1000',
        missedCheckinsMax: '2',
        includeCompleted: 'true',
        limit: '100',
        offset: '50',
      }),
    ).toMatchObject({
      searchText: 'guitar',
      categoryTags: ['Music', 'Art'],
      createdDateFrom: '2026-03-01',
      endDateTo: null,
      refundAmountMinCents: 1000,
      missedCheckinsMax: 2,
      includeCompleted: true,
      limit: 100,
      offset: 50,
    });
    expect(ProjectFiltersQuerySchema.parse({ categoryTags: ['Music', 'Art,Reading'] }).categoryTags).toEqual([
      'Music',
      'Art',
      'Reading',
    ]);
  });

  it('refuses bad numbers and dates', () => {
    expect(firstMessage(ProjectFiltersQuerySchema.safeParse({ projectLengthMin: 'ten' }))).toBe(
      'Please enter a valid number.',
    );
    expect(firstMessage(ProjectFiltersQuerySchema.safeParse({ createdDateTo: '2026-02-30' }))).toBe(
      'Please enter a valid date (YYYY-MM-DD).',
    );
    expect(ProjectFiltersQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(ProjectFiltersQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(firstMessage(ProjectFiltersQuerySchema.safeParse({ refundAmountMinCents: ['1', '2'] }))).toBe(
      'Please enter a valid number.',
    );
    expect(ProjectFiltersQuerySchema.parse({ refundAmountMinCents: '', limit: '' })).toMatchObject({
      refundAmountMinCents: null,
      limit: 50,
    });
  });

  it('round-trips through filtersToQuery', () => {
    const bound = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null });
    const date = fc.option(
      fc
        .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
        .map((t) => new Date(t).toISOString().slice(0, 10)),
      { nil: null },
    );
    const filters = fc.record<ProjectFilters>({
      searchText: fc.constantFrom('', 'guitar', 'learn to code'),
      categoryTags: fc.subarray(['Art', 'Music', 'Reading', 'Home Improvements']),
      createdDateFrom: date,
      createdDateTo: date,
      endDateFrom: date,
      endDateTo: date,
      refundAmountMinCents: bound,
      refundAmountMaxCents: bound,
      missedCheckinsMin: bound,
      missedCheckinsMax: bound,
      completedCheckinsMin: bound,
      completedCheckinsMax: bound,
      projectLengthMin: bound,
      projectLengthMax: bound,
      includeCompleted: fc.boolean(),
    });
    fc.assert(
      fc.property(filters, fc.integer({ min: 1, max: 200 }), fc.nat(1000), (value, limit, offset) => {
        const query = filtersToQuery({ ...value, limit, offset });
        expect(ProjectFiltersQuerySchema.parse(query)).toEqual({ ...value, limit, offset });
      }),
    );
  });
});

describe('errors and summaries', () => {
  it('builds the error envelope', () => {
    expect(errorEnvelope('not_found', 'Project not found')).toEqual({
      error: { code: 'not_found', message: 'Project not found' },
    });
    const failed = CreateProjectRequestSchema.safeParse({ ...draft, depositCents: null });
    expect(failed.success).toBe(false);
    const envelope = validationErrorEnvelope(failed.error!);
    expect(envelope).toEqual({
      error: {
        code: 'validation_error',
        message: 'Please select a deposit amount.',
        fields: { depositCents: 'Please select a deposit amount.' },
      },
    });
    expect(ErrorEnvelopeSchema.parse(envelope)).toEqual(envelope);
    expect(validationErrorEnvelope([{ path: [], message: 'Bad' }])).toEqual({
      error: { code: 'validation_error', message: 'Bad' },
    });
  });

  it('serializes a domain summary', () => {
    const summary = projectSummary(
      { createdAt: new Date('2026-03-01T09:30:00Z'), totalLengthDays: 30, checkInFrequencyDays: 7 },
      [],
      new Date('2026-03-16T00:00:00Z'),
    );
    const dto = toProjectSummaryDto(summary);
    expect(dto.startsAt).toBe('2026-03-01T00:00:00.000Z');
    expect(dto.endsAt).toBe('2026-03-30T23:59:59.999Z');
    expect(ProjectSummarySchema.parse(dto)).toEqual(dto);
  });
});
