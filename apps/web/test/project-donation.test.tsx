import type { PaymentIntentResponse, PaymentStatusResponse } from '@kept/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { answerHistory } from './history-fixtures';
import DonationDialog, { DONATION_THANKS_MS } from '../src/features/donations/donation-dialog';
import ProjectScreen from '../src/routes/project';
import { json, mockApi, renderWithProviders, routes, sessionRoute } from './helpers';
import { PROJECT_ID, projectDetail } from './project-fixtures';

// The history panel under the page (its own tests: history-panel.test.tsx).
beforeEach(() => answerHistory());

const config = routes({
  'GET /api/payments/config': () => json({ provider: 'simulated', publishableKey: null }),
});
const succeeded = () =>
  json<PaymentStatusResponse>({
    paymentId: 'pay-d',
    kind: 'donation',
    status: 'succeeded',
    projectId: PROJECT_ID,
    failureMessage: null,
  });

function donationIntent(amountCents: number): PaymentIntentResponse {
  return {
    paymentId: 'pay-d',
    provider: 'simulated',
    clientSecret: 'secret-d',
    paymentIntentId: 'sim_pi_d',
    amountCents,
    currency: 'usd',
  };
}

async function pay(user: ReturnType<typeof userEvent.setup>, label: string, card = '4242424242424242') {
  const number = await screen.findByLabelText('Card number');
  await user.clear(number);
  await user.type(number, card);
  await user.clear(screen.getByLabelText('Expiry'));
  await user.type(screen.getByLabelText('Expiry'), '1234');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: label }));
}

function renderDialog({ fakeTimers = false } = {}) {
  const onClose = vi.fn();
  const onDonated = vi.fn();
  const user = userEvent.setup(
    fakeTimers ? { delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null },
  );
  const { project } = projectDetail();
  renderWithProviders(
    <DonationDialog project={project} charityName="GiveDirectly" onClose={onClose} onDonated={onDonated} />,
  );
  return { user, onClose, onDonated };
}

function intentBodies(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/donations/intent')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Donation dialog', { timeout: 20_000 }, () => {
  it("is 'Support This Project' with the amounts, $25 chosen, anonymous by default, and what the creator gets", async () => {
    mockApi(config);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Support This Project' });
    const d = within(dialog);
    expect(d.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      '$5.00',
      '$10.00',
      '$25.00',
      '$50.00',
      '$100.00',
      '$250.00',
      '$500.00',
      'Custom',
    ]);
    expect(d.getByRole('radio', { name: '$25.00' })).toBeChecked();
    expect(d.getByRole('checkbox', { name: 'Donate anonymously' })).toBeChecked();
    expect(d.getByText('$20.00')).toBeVisible();
    expect(d.getByText(/A donation is not tax-deductible\./)).toHaveTextContent(
      'the share they would have got back goes to GiveDirectly.',
    );
    expect(await d.findByRole('button', { name: 'Donate $25.00' })).toBeVisible();
  });

  it('checks the amount and the email before asking for an intent', async () => {
    const fetchMock = mockApi(config);
    const { user } = renderDialog();
    await user.click(await screen.findByRole('radio', { name: 'Custom' }));
    const custom = screen.getByLabelText('Custom amount');
    expect(custom).toHaveAttribute('min', '1');
    await user.type(custom, '0.25');
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    expect(screen.getAllByText('Amount must be at least $0.50')[0]).toBeVisible();

    await user.clear(custom);
    await user.type(custom, '12.50');
    await user.type(screen.getByLabelText('Email (for a receipt)'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Donate $12.50' }));
    expect(screen.getAllByText('Please enter a valid email address')[0]).toBeVisible();
    expect(intentBodies(fetchMock)).toHaveLength(0);

    // Whole dollars keep their two decimals on the button too.
    await user.clear(custom);
    await user.type(custom, '1');
    expect(await screen.findByRole('button', { name: 'Donate $1.00' })).toBeVisible();
  });

  it('creates the donation intent, pays, thanks for 2 s, then closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({
      ...config,
      'POST /api/donations/intent': () => json(donationIntent(5000)),
      'POST /api/payments/simulated/confirm': succeeded,
    });
    const { user, onClose, onDonated } = renderDialog({ fakeTimers: true });
    await user.click(await screen.findByRole('radio', { name: '$50.00' }));
    await user.type(screen.getByLabelText('Name'), 'Bob');
    await user.type(screen.getByLabelText('Email (for a receipt)'), 'bob@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Donate anonymously' }));
    await pay(user, 'Donate $50.00');

    expect(await screen.findByText('Thank you for your support!')).toBeVisible();
    expect(intentBodies(fetchMock)).toEqual([
      {
        projectId: PROJECT_ID,
        amountCents: 5000,
        donorName: 'Bob',
        donorEmail: 'bob@example.com',
        donorAnonymous: false,
      },
    ]);
    expect(onDonated).toHaveBeenCalledWith(5000);
    act(() => {
      vi.advanceTimersByTime(DONATION_THANKS_MS - 100);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a declined card and credits nothing', async () => {
    mockApi({
      ...config,
      'POST /api/donations/intent': () => json(donationIntent(2500)),
      'POST /api/payments/simulated/confirm': () =>
        json({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402),
    });
    const { user, onDonated, onClose } = renderDialog();
    await pay(user, 'Donate $25.00', '4000000000000002');
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    expect(onDonated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('The thank-you on the return address', { timeout: 20_000 }, () => {
  const thanks = 'Thank you for your donation! Your support has been added to this project.';

  function renderReturn(query: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/project/:projectId" element={<ProjectScreen />} />
      </Routes>,
      { route: `/project/${PROJECT_ID}?${query}` },
    );
  }

  /** Pays in the dialog while the bank's page takes over (the confirmation never answers here). */
  async function leaveForTheBank() {
    mockApi({
      ...sessionRoute(null),
      ...config,
      [`GET /api/projects/${PROJECT_ID}`]: () => json(projectDetail()),
      'POST /api/donations/intent': () => json(donationIntent(2500)),
      'POST /api/payments/simulated/confirm': () => new Promise<Response>(() => {}),
    });
    const { user } = renderDialog();
    await pay(user, 'Donate $25.00');
    await waitFor(() => expect(screen.getByRole('button', { name: /Donate|Processing/ })).toBeDisabled());
    // The page is left as it is (an unload runs no React cleanup); the return renders beside it.
  }

  afterEach(() => sessionStorage.clear());

  it('thanks the tab that just donated, once', async () => {
    await leaveForTheBank();
    const first = renderReturn('donation=success&payment_intent=sim_pi_d&redirect_status=succeeded');
    expect(await screen.findByText(thanks)).toBeVisible();
    first.unmount();

    renderReturn('donation=success&payment_intent=sim_pi_d&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    expect(screen.queryByText(thanks)).not.toBeInTheDocument();
  });

  it('does not thank for another payment', async () => {
    await leaveForTheBank();
    renderReturn('donation=success&payment_intent=sim_pi_other&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    expect(screen.queryByText(thanks)).not.toBeInTheDocument();
  });

  it('does not thank for a payment the bank refused', async () => {
    await leaveForTheBank();
    renderReturn('donation=success&payment_intent=sim_pi_d&redirect_status=failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    expect(screen.queryByText(thanks)).not.toBeInTheDocument();
  });

  it('does not thank after the dialog was closed without paying (a declined card)', async () => {
    mockApi({
      ...sessionRoute(null),
      ...config,
      [`GET /api/projects/${PROJECT_ID}`]: () => json(projectDetail()),
      'POST /api/donations/intent': () => json(donationIntent(2500)),
      'POST /api/payments/simulated/confirm': () =>
        json({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402),
    });
    const { user } = renderDialog();
    await pay(user, 'Donate $25.00', '4000000000000002');
    expect(await screen.findByText('Your card was declined.')).toBeVisible();
    cleanup();
    renderReturn('donation=success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Practice guitar' })).toBeVisible();
    expect(screen.queryByText(thanks)).not.toBeInTheDocument();
  });
});

describe('The total after a donation', { timeout: 20_000 }, () => {
  it('refetches the project, and again after 1, 2 and 3 s until the total has changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const before = projectDetail({ refundableCents: 5000 });
    const after = projectDetail({ refundableCents: 7000 });
    mockApi({
      ...sessionRoute(null),
      ...config,
      [`GET /api/projects/${PROJECT_ID}`]: () => {
        reads += 1;
        // The first read shows the page; the webhook lands late: the total changes on the third refetch.
        return json(reads <= 3 ? before : after);
      },
      'POST /api/donations/intent': () => json(donationIntent(2500)),
      'POST /api/payments/simulated/confirm': succeeded,
    });
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(
      <Routes>
        <Route path="/project/:projectId" element={<ProjectScreen />} />
      </Routes>,
      { route: `/project/${PROJECT_ID}` },
    );
    await user.click(await screen.findByRole('button', { name: 'Support This Project' }));
    await pay(user, 'Donate $25.00');
    expect(await screen.findByText('Thank you for your support!')).toBeVisible();
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByTestId('project-total')).toHaveTextContent('$50.00');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(reads).toBe(3));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('project-total')).toHaveTextContent('$70.00'));
    expect(reads).toBe(4);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(reads).toBe(4);
  });
});
