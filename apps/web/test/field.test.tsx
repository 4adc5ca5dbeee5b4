import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyField } from '../src/components/ui/money-field';
import { SelectField } from '../src/components/ui/select-field';
import { PasswordField, TextField } from '../src/components/ui/field';

/** The texts of a field's parts in the order a screen reader (and the eye) meets them. */
function order(container: HTMLElement): string[] {
  return [...container.querySelectorAll('label, p, input, select')].map((node) =>
    node instanceof HTMLInputElement || node instanceof HTMLSelectElement
      ? `[${node.tagName.toLowerCase()}]`
      : (node.textContent ?? ''),
  );
}

describe('Field: one order and the same links everywhere', () => {
  const cases = [
    ['TextField', () => <TextField label="Username" hint="Letters and numbers" error="Too short" />],
    [
      'PasswordField',
      () => <PasswordField label="Password" hint="At least 8 characters" error="Too short" />,
    ],
    ['MoneyField', () => <MoneyField label="Amount" hint="In dollars" error="Too small" />],
    [
      'SelectField',
      () => (
        <SelectField label="Timezone" hint="Where you live" error="Not a listed zone">
          <option value="UTC">UTC</option>
        </SelectField>
      ),
    ],
  ] as const;

  it.each(cases)('%s shows label, hint, control, error, and links the hint and the error', (_, field) => {
    const { container } = render(field());
    const [label, hint, control, error] = order(container);
    expect(hint).toMatch(/^(Letters|At least|In dollars|Where)/);
    expect(control).toMatch(/^\[(input|select)\]$/);
    expect(error).toMatch(/^(Too|Not)/);
    expect(order(container)).toHaveLength(4);
    const input = screen.getByLabelText(label!);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${hint} ${error}`);
    // The error stands in a live region, so it is read out when it appears.
    expect(screen.getByText(error!).closest('[aria-live]')).not.toBeNull();
  });

  it('without an error the control is valid and described by its hint only; a message said elsewhere can mark it', () => {
    render(
      <>
        <p id="together">Email and password are required.</p>
        <TextField label="Email" hint="We never share it" />
        <TextField label="Other" invalid aria-describedby="together" />
      </>,
    );
    const email = screen.getByLabelText('Email');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAccessibleDescription('We never share it');
    const other = screen.getByLabelText('Other');
    expect(other).toHaveAttribute('aria-invalid', 'true');
    expect(other).toHaveAccessibleDescription('Email and password are required.');
  });
});
