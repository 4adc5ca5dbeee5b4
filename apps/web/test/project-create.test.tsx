import type { DepositIntentResponse } from '@kept/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_MESSAGE, TAGS, TERMS_VERSION } from '@kept/domain';
import { CREATED_REDIRECT_MS, CreateProjectForm } from '../src/features/create-project/create-project-form';
import HowItWorksRoute from '../src/routes/how-it-works';
import { LocationProbe, json, mockApi, renderWithProviders, routes } from './helpers';

const config = routes({
  'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null }),
});

function depositIntent(depositCents: number, feeCents: number): DepositIntentResponse {
  return {
    paymentId: 'pay-1',
    provider: 'simulated',
    clientSecret: 'secret-1',
    paymentIntentId: 'sim_pi_1',
    amountCents: depositCents + feeCents,
    currency: 'usd',
    depositCents,
    feeCents,
    customerId: null,
  };
}

function renderCreate({ fakeTimers = false } = {}) {
  const user = userEvent.setup(
    fakeTimers ? { delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null },
  );
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/create-project" element={<CreateProjectForm />} />
        <Route path="/my-projects" element={<h1>My Projects page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/create-project' },
  );
  return { user, ...result };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Project name/), 'Write every day');
  await user.type(screen.getByLabelText(/Description/), '500 words a day, shared every Sunday.');
  await user.click(screen.getByRole('radio', { name: /Writing/ }));
  await user.click(screen.getByRole('checkbox', { name: 'I agree to this commitment' }));
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const field = await screen.findByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  await user.clear(screen.getByLabelText('Expiry'));
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

function bodiesOf(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => ({
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
      headers: init.headers,
    }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Create New Project', { timeout: 20_000 }, () => {
  it('has the three sections, the permanence warning and the deposit presets with their names', async () => {
    mockApi(config);
    renderCreate();
    for (const name of ['Project Details', 'Timeline & Commitment', 'Accountability Deposit', 'Payment']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(
      screen.getByText('Length and check-in frequency are permanent once the project is created.'),
    ).toBeVisible();
    for (const [amount, label] of [
      ['$20.00', 'Starter'],
      ['$50.00', 'Light commitment'],
      ['$100.00', 'Moderate'],
      ['$250.00', 'Serious'],
      ['$500.00', 'All in'],
    ]) {
      expect(screen.getByRole('radio', { name: `${amount} ${label}` })).not.toBeChecked();
    }
    expect(screen.getByRole('radio', { name: /Custom/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Writing/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay Deposit' })).toBeInTheDocument();
  });

  it('shows the charge (deposit, 4% + $0.90, total) before paying, and the amount on the pay button', async () => {
    mockApi(config);
    const { user } = renderCreate();
    await user.click(screen.getByRole('radio', { name: '$50.00 Light commitment' }));
    const breakdown = screen.getByRole('heading', { name: 'What you pay today' }).parentElement!;
    expect(within(breakdown).getByText('$50.00')).toBeVisible();
    expect(within(breakdown).getByText('$2.90')).toBeVisible();
    expect(within(breakdown).getByText('$52.90')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Pay $52.90 Deposit' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '$20.00 Starter' }));
    expect(within(breakdown).getByText('$21.70')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay $21.70 Deposit' })).toBeInTheDocument();
  });

  it('shows each category with its own icon, not an emoji', async () => {
    mockApi(config);
    renderCreate();
    for (const tag of TAGS) {
      const choice = screen.getByRole('radio', { name: tag.name }).closest('label')!;
      expect(choice.querySelector(`svg[data-tag-icon="${tag.icon}"]`), tag.name).not.toBeNull();
      expect(choice.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('checks the form before anything is charged: required fields, then the deposit', async () => {
    const fetchMock = mockApi(config);
    const { user } = renderCreate();
    await user.click(await screen.findByRole('button', { name: 'Pay Deposit' }));
    expect(await screen.findAllByText('Please fill in all required fields.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/Project name/)).toHaveAttribute('aria-invalid', 'true');

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Pay Deposit' }));
    expect(await screen.findAllByText('Please select a deposit amount.')).not.toHaveLength(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/payments/config']);
  });

  it('accepts a custom deposit from $10 to $1000 with cents, and says so otherwise', async () => {
    const fetchMock = mockApi(config);
    const { user } = renderCreate();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    const custom = screen.getByLabelText('Custom deposit amount');
    await user.type(custom, '5');
    await user.tab();
    expect(screen.getByText('Custom deposit amount must be between $10 and $1000.')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Pay Deposit' }));
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')).toHaveLength(0);

    await user.clear(custom);
    await user.type(custom, '33.33');
    expect(
      screen.queryByText('Custom deposit amount must be between $10 and $1000.'),
    ).not.toBeInTheDocument();
    // $33.33 + round(4%) $1.33 + $0.90 = $35.56
    expect(screen.getByRole('button', { name: 'Pay $35.56 Deposit' })).toBeInTheDocument();
  });

  it('shows every amount with two decimals, whole dollars too (UI.md: $1,234.56)', async () => {
    mockApi(config);
    const { user } = renderCreate();
    expect(screen.getByRole('radio', { name: /Custom/ })).toHaveAccessibleName('Custom $10.00–$1,000.00');
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    // $12.60 + round(4%) $0.50 + $0.90 = $14.00
    await user.type(screen.getByLabelText('Custom deposit amount'), '12.60');
    expect(await screen.findByRole('button', { name: 'Pay $14.00 Deposit' })).toBeInTheDocument();
  });

  it('says what is wrong with a custom deposit that is not a number or has more than two decimals', async () => {
    const fetchMock = mockApi(config);
    const { user } = renderCreate();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: /Custom/ }));
    const custom = screen.getByLabelText('Custom deposit amount');

    await user.type(custom, 'abc');
    await user.tab();
    expect(screen.getByText('Custom deposit amount must be a number, such as 35 or 35.50.')).toBeVisible();
    expect(screen.queryByText('Please select a deposit amount.')).not.toBeInTheDocument();
    expect(custom).toHaveValue('abc');

    await user.clear(custom);
    await user.type(custom, '10.005');
    await user.tab();
    expect(
      screen.getByText('Custom deposit amount can have at most two decimals (whole cents).'),
    ).toBeVisible();
    expect(
      screen.queryByText('Custom deposit amount must be between $10 and $1000.'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Deposit' }));
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')).toHaveLength(0);

    await user.clear(custom);
    await user.type(custom, '10.05');
    expect(screen.getByRole('button', { name: 'Pay $11.35 Deposit' })).toBeInTheDocument();
  });

  it('offers only frequencies that fit half the length, and adjusts the frequency when the length changes', async () => {
    mockApi(config);
    const { user } = renderCreate();
    const unit = screen.getByLabelText('Check-in frequency unit');
    expect(unit).toHaveValue('weeks');
    // A 1-week project cannot take a weekly check-in: it falls back to days.
    await user.selectOptions(screen.getByLabelText('Length unit'), 'weeks');
    await user.selectOptions(screen.getByLabelText('Length'), '1');
    expect(unit).toHaveValue('days');
    expect(within(unit).getByRole('option', { name: 'weeks' })).toBeDisabled();
    const frequency = screen.getByLabelText('Check-in frequency');
    expect(
      within(frequency)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
    expect(screen.getByText(/7 check-ins: one every 1 day for 1 week/)).toBeVisible();
    // 1 day is never offered: no check-in frequency fits it.
    await user.selectOptions(screen.getByLabelText('Length unit'), 'days');
    expect(
      within(screen.getByLabelText('Length')).queryByRole('option', { name: '1' }),
    ).not.toBeInTheDocument();
  });

  it('offers the same lengths that How it works promises', async () => {
    mockApi(config);
    const { user, unmount } = renderCreate();
    const ranges: string[] = [];
    for (const unit of ['days', 'weeks', 'months']) {
      await user.selectOptions(screen.getByLabelText('Length unit'), unit);
      const values = within(screen.getByLabelText('Length'))
        .getAllByRole('option')
        .map((option) => Number(option.textContent));
      expect(values).toEqual(Array.from({ length: values.length }, (_, i) => values[0]! + i));
      ranges.push(`${values[0]}–${values.at(-1)} ${unit}`);
    }
    expect(ranges).toEqual(['2–31 days', '1–26 weeks', '1–12 months']);
    unmount();

    renderWithProviders(<HowItWorksRoute />, { route: '/how-it-works' });
    expect(
      screen.getByText(/how long the project runs \(2–31 days, 1–26 weeks or 1–12 months\)/),
    ).toBeInTheDocument();
  });

  it('creates the intent for the draft, keeps everything after a decline, reuses the intent, then opens My Projects', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let declined = true;
    const fetchMock = mockApi({
      ...config,
      'POST /api/payments/deposit-intent': () => json(depositIntent(5000, 290)),
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
    const { user } = renderCreate({ fakeTimers: true });
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$50.00 Light commitment' }));
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));

    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    const intents = bodiesOf(fetchMock, '/api/payments/deposit-intent');
    expect(intents).toHaveLength(1);
    expect(intents[0]!.body).toEqual({
      title: 'Write every day',
      description: '500 words a day, shared every Sunday.',
      tag: 'Writing',
      lengthValue: 30,
      lengthUnit: 'days',
      frequencyValue: 1,
      frequencyUnit: 'weeks',
      depositCents: 5000,
      charityId: 'kept-fund',
      visibility: 'public',
      agreedToTerms: TERMS_VERSION,
    });
    expect(intents[0]!.headers['idempotency-key']).toMatch(/^web-/);
    // Nothing typed is lost.
    expect(screen.getByLabelText(/Project name/)).toHaveValue('Write every day');
    expect(screen.getByRole('radio', { name: '$50.00 Light commitment' })).toBeChecked();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');

    declined = false;
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Payment successful')).toBeVisible();
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/create-project');

    act(() => {
      vi.advanceTimersByTime(CREATED_REDIRECT_MS);
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-projects'));
  });

  it('asks for the commitment to be agreed to before any payment, and names the chosen charity in it', async () => {
    const fetchMock = mockApi({ ...config });
    const { user } = renderCreate();
    await user.type(screen.getByLabelText(/Project name/), 'Write every day');
    await user.type(screen.getByLabelText(/Description/), '500 words a day, shared every Sunday.');
    await user.click(screen.getByRole('radio', { name: /Writing/ }));
    await user.click(screen.getByRole('radio', { name: '$50.00 Light commitment' }));
    await user.selectOptions(screen.getByLabelText('Where forfeited money goes'), 'givedirectly');
    expect(screen.getByText(/Money you forfeit goes to/)).toHaveTextContent('GiveDirectly');
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findAllByText(CONSENT_MESSAGE)).not.toHaveLength(0);
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')).toHaveLength(0);
  });

  it('asks for a new intent when the project changes after a failed payment', async () => {
    const fetchMock = mockApi({
      ...config,
      'POST /api/payments/deposit-intent': () => json(depositIntent(5000, 290)),
      'POST /api/payments/simulated/confirm': () =>
        json({ error: { code: 'card_declined', message: 'Your card has insufficient funds.' } }, 402),
    });
    const { user } = renderCreate();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$50.00 Light commitment' }));
    await fillCard(user, '4000000000009995');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Your card has insufficient funds.')).toBeVisible();
    await user.type(screen.getByLabelText(/Project name/), '!');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')).toHaveLength(2));
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')[1]!.body.title).toBe('Write every day!');
  });

  it('sends Unlisted with the draft when the owner chooses it', async () => {
    const fetchMock = mockApi({
      ...config,
      'POST /api/payments/deposit-intent': () => json(depositIntent(5000, 290)),
      'POST /api/payments/simulated/confirm': () =>
        json({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402),
    });
    const { user } = renderCreate();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$50.00 Light commitment' }));
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Unlisted' }));
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $52.90 Deposit' }));
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    expect(bodiesOf(fetchMock, '/api/payments/deposit-intent')[0]!.body.visibility).toBe('unlisted');
  });

  it("shows the server's answer when the intent cannot be created", async () => {
    mockApi({
      ...config,
      'POST /api/payments/deposit-intent': () =>
        json({ error: { code: 'payment_error', message: 'Failed to create payment intent' } }, 502),
    });
    const { user } = renderCreate();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: '$100.00 Moderate' }));
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $104.90 Deposit' }));
    expect(await screen.findByText('Failed to create payment intent')).toBeVisible();
  });
});
