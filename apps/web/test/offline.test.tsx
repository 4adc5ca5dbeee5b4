// The offline state: an answer the service worker took from its offline copy (marked with
// x-kept-offline-copy) raises the banner with the time that copy was fetched, a fresh answer clears it;
// a request while the browser is offline fails with the offline message, saving nothing.
import { act, render, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, api, call } from '../src/lib/api';
import { OFFLINE_COPY_HEADER, OFFLINE_MESSAGE } from '../src/lib/offline';
import { OfflineBanner } from '../src/shell/offline-banner';
import { alice, json, mockApi } from './helpers';

const FETCHED = 'Wed, 25 Nov 2026 10:00:00 GMT';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline state', () => {
  it('says what Kept showed and when, for the service worker’s copy, until a fresh answer comes', async () => {
    let copy = true;
    mockApi({
      'GET /api/session': () => {
        const answer = json({ user: alice });
        if (copy) answer.headers.set(OFFLINE_COPY_HEADER, FETCHED);
        return answer;
      },
    });
    render(<OfflineBanner />);
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    await act(() => call(api.GET('/api/session')));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(/You are offline — this is what Kept showed at/);
    expect(banner.querySelector('time')).toHaveAttribute('datetime', new Date(FETCHED).toISOString());
    copy = false;
    await act(() => call(api.GET('/api/session')));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });

  it('fails a write made offline with a clear message', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({ 'PUT /api/me/timezone': () => HttpResponse.error() as never });
    const failure = await call(api.PUT('/api/me/timezone', { body: { timezone: 'UTC' } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).offline).toBe(true);
    expect((failure as Error).message).toBe(OFFLINE_MESSAGE);
  });
});
