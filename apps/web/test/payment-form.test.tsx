import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from '../src/features/payments/card-input';
import { PaymentForm, type PaymentFormProps } from '../src/features/payments/payment-form';
import { json, mockApi, renderWithProviders, routes } from './helpers';

vi.mock('../src/features/payments/stripe-payment-form', () => ({
  default: ({ payLabel }: { payLabel: string }) => <p>Stripe Payment Element for {payLabel}</p>,
}));

const intent = {
  paymentId: 'pay-1',
  provider: 'simulated',
  clientSecret: 'secret-1',
  paymentIntentId: 'sim_pi_1',
  amountCents: 5290,
  currency: 'usd',
} as const;

const simulatedConfig = routes({
  'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null }),
});

function renderForm(overrides: Partial<PaymentFormProps> = {}) {
  const props: PaymentFormProps = {
    payLabel: 'Pay $52.90 Deposit',
    amountCents: 5290,
    validate: vi.fn(() => null),
    prepare: vi.fn(() => Promise.resolve({ ok: true as const, intent })),
    onSucceeded: vi.fn(),
    returnUrl: 'http://localhost/my-projects',
    waitTimeoutMs: 2000,
    ...overrides,
  };
  const user = userEvent.setup();
  renderWithProviders(<PaymentForm {...props} />);
  return { props, user };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

function confirmBodies(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/payments/simulated/confirm')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, string>);
}

describe('card input formatting', () => {
  it('groups card numbers in fours and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it("writes the expiry as 'MM / YY' and lets the payer delete through the separator", () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('keeps only up to four CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});

describe('PaymentForm with the simulated provider', () => {
  it("shows the payment tabs with 'Card' selected and labelled card fields", async () => {
    mockApi(simulatedConfig);
    renderForm();
    const tab = await screen.findByRole('tab', { name: 'Card' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Card' });
    expect(within(panel).getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(within(panel).getByLabelText('Expiry')).toHaveAttribute('placeholder', 'MM / YY');
    expect(within(panel).getByLabelText('CVC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $52.90 Deposit' })).toBeEnabled();
  });

  it("stops at the caller's validation without asking the server for anything", async () => {
    const fetchMock = mockApi(simulatedConfig);
    const { props, user } = renderForm({ validate: () => 'Please fill in all required fields.' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeVisible();
    expect(props.prepare).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/payments/config']);
  });

  it('shows what stopped the intent (the server message) and keeps the card details', async () => {
    mockApi(simulatedConfig);
    const { user } = renderForm({
      prepare: () => Promise.resolve({ ok: false, message: 'Failed to create payment intent' }),
    });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Failed to create payment intent')).toBeVisible();
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  });

  it("confirms the card with the intent's id and secret, then shows 'Payment successful'", async () => {
    const fetchMock = mockApi({
      ...simulatedConfig,
      'POST /api/payments/simulated/confirm': () =>
        json({
          paymentId: 'pay-1',
          kind: 'deposit',
          status: 'succeeded',
          projectId: 'p-1',
          failureMessage: null,
        }),
    });
    const { props, user } = renderForm();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Payment successful')).toBeVisible();
    expect(confirmBodies(fetchMock)).toEqual([
      {
        paymentId: 'pay-1',
        clientSecret: 'secret-1',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      },
    ]);
    expect(props.onSucceeded).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'succeeded', projectId: 'p-1' }),
      intent,
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it("shows the server's field messages next to their fields", async () => {
    mockApi({
      ...simulatedConfig,
      'POST /api/payments/simulated/confirm': () =>
        json(
          {
            error: {
              code: 'validation_error',
              message: "Your card's expiration date is in the past.",
              fields: {
                expiry: "Your card's expiration date is in the past.",
                cvc: "Your card's security code is incomplete.",
              },
            },
          },
          400,
        ),
    });
    const { props, user } = renderForm();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    const expiry = screen.getByLabelText('Expiry');
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription("Your card's expiration date is in the past.");
    expect(screen.getByLabelText('CVC')).toHaveAccessibleDescription(
      "Your card's security code is incomplete.",
    );
    expect(screen.getByLabelText('Card number')).not.toHaveAttribute('aria-invalid');
    expect(props.onSucceeded).not.toHaveBeenCalled();
    // Typing in a field clears its message.
    await user.type(screen.getByLabelText('CVC'), '4');
    expect(screen.getByLabelText('CVC')).not.toHaveAttribute('aria-invalid');
  });

  it("shows a decline in the processor's words, keeps the form, and lets the payer try another card", async () => {
    let declined = true;
    const fetchMock = mockApi({
      ...simulatedConfig,
      'POST /api/payments/simulated/confirm': () =>
        declined
          ? json({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402)
          : json({
              paymentId: 'pay-1',
              kind: 'deposit',
              status: 'succeeded',
              projectId: 'p-1',
              failureMessage: null,
            }),
    });
    const { props, user } = renderForm();
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(props.onSucceeded).not.toHaveBeenCalled();

    declined = false;
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Payment successful')).toBeVisible();
    expect(confirmBodies(fetchMock).map((body) => body.cardNumber)).toEqual([
      '4000 0000 0000 0002',
      '4242 4242 4242 4242',
    ]);
  });

  it('shows a spinner and blocks a second press while the payment runs', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      ...simulatedConfig,
      'POST /api/payments/simulated/confirm': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderForm();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(confirmBodies(fetchMock)).toHaveLength(1);
    answer(
      json({
        paymentId: 'pay-1',
        kind: 'deposit',
        status: 'succeeded',
        projectId: 'p-1',
        failureMessage: null,
      }),
    );
    expect(await screen.findByText('Payment successful')).toBeVisible();
  });

  it('waits for a payment that is still processing until the server says it succeeded', async () => {
    let checks = 0;
    mockApi({
      ...simulatedConfig,
      'POST /api/payments/simulated/confirm': () =>
        json({
          paymentId: 'pay-1',
          kind: 'deposit',
          status: 'processing',
          projectId: null,
          failureMessage: null,
        }),
      'GET /api/payments/pay-1/status?clientSecret=secret-1': () => {
        checks += 1;
        return json({
          paymentId: 'pay-1',
          kind: 'deposit',
          status: checks < 2 ? 'processing' : 'succeeded',
          projectId: checks < 2 ? null : 'p-1',
          failureMessage: null,
        });
      },
    });
    const { props, user } = renderForm({ waitTimeoutMs: 5000 });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Payment successful', {}, { timeout: 4000 })).toBeVisible();
    expect(checks).toBe(2);
    expect(props.onSucceeded).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'p-1' }), intent);
  });

  it('refuses to charge an amount other than the one shown', async () => {
    const fetchMock = mockApi(simulatedConfig);
    const { user } = renderForm({ amountCents: 2170 });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(
      await screen.findByText(
        'The amount to pay is $52.90, not what was shown before. Please check it and press Pay again.',
      ),
    ).toBeVisible();
    expect(confirmBodies(fetchMock)).toHaveLength(0);
  });

  it("says 'An error occurred with the payment form' when the configuration cannot be loaded", async () => {
    mockApi({ 'GET /api/payments/config': () => new Response('', { status: 500 }) });
    renderForm();
    expect(await screen.findByText('An error occurred with the payment form')).toBeVisible();
  });
});

describe('PaymentForm with Stripe', () => {
  it("loads the Stripe form only when the server's provider is Stripe", async () => {
    mockApi({
      'GET /api/payments/config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
    });
    renderForm();
    expect(await screen.findByText('Stripe Payment Element for Pay $52.90 Deposit')).toBeVisible();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
