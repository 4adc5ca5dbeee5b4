// The create form's check, loaded with the card form (deposit-payment.tsx): the contract's
// CreateProjectRequestSchema on the request the form's values make, so the browser refuses what the
// server would, in its words.
import { CreateProjectRequestSchema } from '@kept/contract';
import { requestResolver } from '../../lib/forms';
import { CUSTOM, depositOf, toDraftRequest, type DraftRequest, type ProjectDraftValues } from './draft';

/**
 * The deposit's message goes to the custom amount when one is being typed (with the domain's words for
 * what was typed), else under the presets.
 */
export const draftCheck = requestResolver<ProjectDraftValues, DraftRequest>(
  CreateProjectRequestSchema,
  toDraftRequest,
  (field, values) =>
    field === 'depositCents' ? (values.deposit === CUSTOM ? 'customDeposit' : 'deposit') : field,
  (values) => {
    const { error } = depositOf(values);
    return error ? { customDeposit: error } : {};
  },
);
