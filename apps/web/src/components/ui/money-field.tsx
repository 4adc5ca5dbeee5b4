import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../../lib/cx';
import { Field, lineInputClass } from './field';

export interface MoneyFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** The width of the field (the input fills it). */
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A dollar amount as typed: a labelled text input with a '$' in front, the phone's decimal keypad, and
 * what was typed kept as text (so 'abc' stays to be corrected). Its cents come from the domain's
 * parsers (`parseDollarsToCents`, `parseCustomDeposit`), which work on the digits: no floats on money.
 */
export function MoneyField({ label, hint, error, className = 'max-w-xs', ref, ...input }: MoneyFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className={cx('relative', className)}>
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-slate-600"
          >
            $
          </span>
          <input
            ref={ref}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...control}
            {...input}
            className={cx(lineInputClass, 'pl-7 tabular')}
          />
        </div>
      )}
    </Field>
  );
}
