import { useId } from 'react';
import {
  SUPPORTER_MESSAGE_MAX,
  messageLength,
  normalizeSupporterMessage,
  supporterMessageError,
} from '@kept/domain';
import { inputClass } from '../../components/ui/field';
import { cx } from '../../lib/cx';

export type SupporterExtras = { message: string; showAmount: boolean };
export const NO_SUPPORTER_EXTRAS: SupporterExtras = { message: '', showAmount: false };

/** What the donation request carries of them: nothing while they are left as they are. */
export function supporterRequestFields(extras: SupporterExtras): Partial<SupporterExtras> {
  return {
    ...(normalizeSupporterMessage(extras.message) !== '' ? { message: extras.message } : {}),
    ...(extras.showAmount ? { showAmount: true } : {}),
  };
}

/**
 * An optional message of encouragement (plain text, at most 280 characters, counted as you type) and
 * whether the project's supporters list may show the amount. The server checks the same rule.
 */
export function SupporterMessageFields({
  value,
  onChange,
  disabled,
}: {
  value: SupporterExtras;
  onChange: (next: SupporterExtras) => void;
  disabled: boolean;
}) {
  const ids = { message: useId(), count: useId(), error: useId(), showAmount: useId() };
  const used = messageLength(normalizeSupporterMessage(value.message));
  const error = supporterMessageError(normalizeSupporterMessage(value.message));
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={ids.message} className="text-sm font-medium text-slate-900">
          Message of encouragement (optional)
        </label>
        <textarea
          id={ids.message}
          name="message"
          rows={3}
          value={value.message}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(ids.count, error && ids.error)}
          onChange={(event) => onChange({ ...value, message: event.target.value })}
          className={cx(inputClass, 'mt-1 min-h-20 py-2')}
        />
        <p
          id={ids.count}
          className={cx(
            'mt-1 text-xs tabular',
            used > SUPPORTER_MESSAGE_MAX ? 'text-red-700' : 'text-slate-600',
          )}
        >
          {used} / {SUPPORTER_MESSAGE_MAX} · shown on the project page
        </p>
        {error ? (
          <p id={ids.error} className="mt-1 text-sm font-medium text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-2">
        <input
          id={ids.showAmount}
          type="checkbox"
          checked={value.showAmount}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, showAmount: event.target.checked })}
          className="mt-0.5 size-5 shrink-0 accent-primary-700"
        />
        <label htmlFor={ids.showAmount} className="text-sm font-medium text-slate-900">
          Show the amount on the supporters list
        </label>
      </div>
    </div>
  );
}
