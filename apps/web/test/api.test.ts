import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, apiRequest, errorFromBody } from '../src/lib/api';
import { json, mockApi } from './helpers';

describe('errorFromBody', () => {
  it("reads the server's envelope { error: { code, message } }", () => {
    const error = errorFromBody(409, {
      error: { code: 'username_taken', message: 'Username is already taken.' },
    });
    expect(error).toMatchObject({
      status: 409,
      code: 'username_taken',
      message: 'Username is already taken.',
    });
    expect(error.fromServer).toBe(true);
  });

  it('reads a plain { error: "text" } body', () => {
    expect(errorFromBody(400, { error: 'Bad email' })).toMatchObject({
      message: 'Bad email',
      fromServer: true,
    });
  });

  it('falls back to a generic message when the body says nothing useful', () => {
    const error = errorFromBody(502, '<html>Bad gateway</html>');
    expect(error.fromServer).toBe(false);
    expect(error.code).toBe('http_error');
    expect(error.message).toContain('502');
  });
});

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = mockApi({ 'POST /api/things': () => json({ id: 7 }) });
    await expect(apiRequest('/api/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({
      id: 7,
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"name":"x"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws ApiError with the server message on an error status', async () => {
    mockApi({ 'GET /api/x': () => json({ error: { code: 'not_found', message: 'User not found' } }, 404) });
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'User not found' });
  });

  it('throws NetworkError when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error. Please try again.');
  });

  it('returns undefined for an empty successful answer', async () => {
    mockApi({ 'DELETE /api/x': () => new Response(null, { status: 204 }) });
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
