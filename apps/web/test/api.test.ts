import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, api, call, errorFromBody } from '../src/lib/api';
import { apiError, json, mockApi } from './network';

describe('errorFromBody', () => {
  it("reads the contract's envelope { error: { code, message, fields } }", () => {
    const error = errorFromBody(400, {
      error: { code: 'validation_error', message: 'Check the card.', fields: { cvc: 'Invalid CVC', n: 3 } },
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: 'Check the card.',
      fields: { cvc: 'Invalid CVC' },
    });
    expect(error.fromServer).toBe(true);
  });

  it('reads a plain { error: "text" } body', () => {
    expect(errorFromBody(400, { error: 'Bad email' })).toMatchObject({
      message: 'Bad email',
      fromServer: true,
      fields: {},
    });
  });

  it('falls back to a generic message when the body says nothing useful', () => {
    const error = errorFromBody(502, '<html>Bad gateway</html>');
    expect(error.fromServer).toBe(false);
    expect(error.code).toBe('http_error');
    expect(error.message).toContain('502');
  });
});

describe('the client', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const sent = mockApi({ 'PUT /api/me/username': () => json({ username: 'ada', timezone: 'UTC' }) });
    await expect(call(api.PUT('/api/me/username', { body: { username: 'ada' } }))).resolves.toEqual({
      username: 'ada',
      timezone: 'UTC',
    });
    const [url, init] = sent.mock.calls[0]!;
    expect(url).toBe('/api/me/username');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin', body: '{"username":"ada"}' });
    expect(init.headers['content-type']).toBe('application/json');
  });

  it('writes path parameters into the address, escaped', async () => {
    const sent = mockApi({
      'GET /api/users/a%20b': () =>
        json({
          user: { username: 'a b', createdAt: '2025-01-01T00:00:00.000Z' },
          activeProjects: [],
          completedProjects: [],
        }),
    });
    await call(api.GET('/api/users/{username}', { params: { path: { username: 'a b' } } }));
    expect(sent.mock.calls.map(([url]) => url)).toEqual(['/api/users/a%20b']);
  });

  it("throws ApiError with the contract's code and the server's message on an error status", async () => {
    mockApi({ 'GET /api/users/nobody': () => apiError(404, 'not_found', 'User not found') });
    const error = await call(
      api.GET('/api/users/{username}', { params: { path: { username: 'nobody' } } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'User not found',
      fromServer: true,
    });
  });

  it("gives 'http_error' for an error answer that is not the envelope (a proxy's page)", async () => {
    mockApi({
      'GET /api/session': () => new HttpResponse('<html>Bad gateway</html>', { status: 502 }),
    });
    const error = await call(api.GET('/api/session')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error', fromServer: false });
  });

  it('throws NetworkError when the server cannot be reached', async () => {
    mockApi({ 'GET /api/session': () => HttpResponse.error() });
    const error = await call(api.GET('/api/session')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toHaveProperty('message', 'Network error. Please try again.');
  });

  it('passes an abort through as it is', async () => {
    mockApi({ 'GET /api/session': () => new Promise<never>(() => {}) });
    const controller = new AbortController();
    const pending = call(api.GET('/api/session', { signal: controller.signal })).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toHaveProperty('name', 'AbortError');
  });

  it('returns undefined for an empty successful answer', async () => {
    mockApi({ 'POST /api/auth/sign-out': () => new HttpResponse(null, { status: 204 }) });
    await expect(call(api.POST('/api/auth/sign-out'))).resolves.toBeUndefined();
  });

  it('sends a typed JSON body', async () => {
    const sent = mockApi({ 'POST /api/newsletter': () => json({ success: true }) });
    await call(api.POST('/api/newsletter', { body: { email: 'a@example.com' } }));
    expect(sent.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"email":"a@example.com"}' });
  });
});
