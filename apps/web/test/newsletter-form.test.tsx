import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from '../src/features/newsletter/newsletter-form';
import { json, mockApi, renderWithProviders } from './helpers';

function setup() {
  const user = userEvent.setup();
  renderWithProviders(<NewsletterForm />);
  const input = screen.getByLabelText('Email address');
  const submit = () => user.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { user, input, submit };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('NewsletterForm', () => {
  it('asks for an email when the field is blank, without calling the server', async () => {
    const fetchMock = mockApi({});
    const { user, input, submit } = setup();
    await user.type(input, '   ');
    await submit();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an address that is not an email', async () => {
    const fetchMock = mockApi({});
    const { user, input, submit } = setup();
    await user.type(input, 'someone@nowhere');
    await submit();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed email, shows the success text and button, then resets after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi({ 'POST /api/newsletter': () => json({ success: true }) });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(<NewsletterForm />);
    const input = screen.getByLabelText('Email address');

    await user.type(input, '  reader@example.com  ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(
      await screen.findByText('Successfully subscribed! Check your email for confirmation.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribed!' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'reader@example.com' });

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByRole('button', { name: 'Subscribed!' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(
      screen.queryByText('Successfully subscribed! Check your email for confirmation.'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows "Subscribing..." and blocks a second submit while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      'POST /api/newsletter': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user, input, submit } = setup();
    await user.type(input, 'reader@example.com');
    await submit();
    const busy = screen.getByRole('button', { name: 'Subscribing...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(json({ success: true }));
    expect(await screen.findByRole('button', { name: 'Subscribed!' })).toBeInTheDocument();
  });

  it("shows the server's error text when the server says no", async () => {
    mockApi({
      'POST /api/newsletter': () => json({ success: false, error: 'This email is already subscribed.' }),
    });
    const { user, input, submit } = setup();
    await user.type(input, 'reader@example.com');
    await submit();
    expect(await screen.findByText('This email is already subscribed.')).toBeInTheDocument();
    expect(input).toHaveValue('reader@example.com');
  });

  it("reads the message from the server's error envelope", async () => {
    mockApi({
      'POST /api/newsletter': () =>
        json({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment.' } }, 429),
    });
    const { user, input, submit } = setup();
    await user.type(input, 'reader@example.com');
    await submit();
    expect(await screen.findByText('Too many requests. Please wait a moment.')).toBeInTheDocument();
  });

  it('falls back to the generic failure text when the server gives no reason', async () => {
    mockApi({ 'POST /api/newsletter': () => new Response('', { status: 500 }) });
    const { user, input, submit } = setup();
    await user.type(input, 'reader@example.com');
    await submit();
    expect(await screen.findByText('Failed to subscribe. Please try again.')).toBeInTheDocument();
  });

  it('says so when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user, input, submit } = setup();
    await user.type(input, 'reader@example.com');
    await submit();
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});
