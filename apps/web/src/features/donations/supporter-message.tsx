import { useId } from 'react';
import {
  SUPPORTER_MESSAGE_MAX,
  messageLength,
  normalizeSupporterMessage,
  supporterMessageError,
} from '@kept/domain';
import { Field, inputClass } from '../../components/ui/field';
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
  const ids = { count: useId(), showAmount: useId() };
  const used = messageLength(normalizeSupporterMessage(value.message));
  const error = supporterMessageError(normalizeSupporterMessage(value.message));
  return (
    <div className="space-y-3">
      <Field label="Message of encouragement (optional)" error={error}>
        {(control) => (
          <>
            <textarea
              {...control}
              aria-describedby={cx(control['aria-describedby'], ids.count)}
              name="message"
              rows={3}
              value={value.message}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, message: event.target.value })}
              className={cx(inputClass, 'min-h-20')}
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
          </>
        )}
      </Field>
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
