// The pay step (pay-step.ts) as the form uses it: asked for once, as soon as the screen's code runs, so
// it arrives while the person fills the form in. Until then its parts say they are loading, and the
// form's check waits for it (or answers the network error, lib/check-form.ts).
import { lazy } from 'react';
import { loadedResolver } from '../../lib/check-form';
import type { ProjectDraftValues } from './draft';

const payStep = import('./pay-step');

export const CommitmentSummary = lazy(() =>
  payStep.then((module) => ({ default: module.CommitmentSummary })),
);

export const DepositPayment = lazy(() => payStep.then((module) => ({ default: module.DepositPayment })));

/** The form's check; a pay step that did not load is asked for again at the next check. */
export const draftResolver = loadedResolver<ProjectDraftValues>(() =>
  import('./pay-step').then((module) => module.draftCheck),
);
