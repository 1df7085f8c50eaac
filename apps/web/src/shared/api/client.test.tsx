import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF, json, makeUser, mockFetch, resetClientState } from '../../test/utils';
import { api, apiRequest, getCsrfToken, invalidateCsrfToken } from './client';
import { ApiRequestError } from './errors';
import * as globalHandler from './globalErrorHandler';

beforeEach(() => {
  resetClientState();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api client: retry once', () => {
  it('retries a 5xx once after 1 second and resolves with the second answer', async () => {
    vi.useFakeTimers();
    let n = 0;
    const { calls } = mockFetch(() =>
      ++n === 1 ? json({ status: 503, message: 'busy' }, 503) : json({ status: 200, data: { ok: true } }),
    );
    const p = api.get<{ data: { ok: boolean } }>('things', { silent: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1); // not before 1 s
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ status: 200, data: { ok: true } });
    expect(calls).toHaveLength(2);
    expect(calls[0].url).toBe('/api/things');
  });

  it('retries a network error (status 0) exactly once, then rejects with status 0', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const p = api.get('things', { silent: true });
    const settled = expect(p).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    expect(calls).toHaveLength(2);
  });

  it('does not retry client errors (4xx) and passes the server message through', async () => {
    const { calls } = mockFetch(() => json({ status: 404, message: 'Company not found' }, 404));
    const err = await api.get('company/x', { silent: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 404, message: 'Company not found' });
    expect(calls).toHaveLength(1);
  });

  it('gives up after the single retry when the server keeps failing', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch(() => json({ status: 500, message: 'boom' }, 500));
    const p = api.get('things', { silent: true });
    const settled = expect(p).rejects.toMatchObject({ status: 500, message: 'boom' });
    await vi.advanceTimersByTimeAsync(5000);
    await settled;
    expect(calls).toHaveLength(2);
  });
});

describe('api client: headers and CSRF', () => {
  it('sends the stored bearer token', async () => {
    resetClientState({ session: { token: 'jwt.token.here', user: makeUser('admin') } });
    const { calls } = mockFetch(() => json({ status: 200, data: null }));
    await api.get('user/me');
    expect(calls[0].headers.authorization).toBe('Bearer jwt.token.here');
  });

  it('sends no Authorization header and no CSRF fetch for a GET without a session', async () => {
    const { calls } = mockFetch(() => json({ status: 200, data: [] }));
    await api.get('catalogue');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(calls[0].headers['x-xsrf-token']).toBeUndefined();
  });

  it('fetches the CSRF token before a POST, sends it as X-XSRF-TOKEN, and caches it', async () => {
    const { calls } = mockFetch((url) =>
      url === '/api/csrf-token' ? json({ status: 200, token: CSRF }) : json({ status: 201, data: {} }, 201),
    );
    await api.post('company', { name: 'Acme' });
    await api.patch('company/1', { name: 'Acme 2' });
    await api.delete('user/bulk', { id: ['a'] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/csrf-token',
      'POST /api/company',
      'PATCH /api/company/1',
      'DELETE /api/user/bulk',
    ]);
    for (const c of calls.slice(1)) expect(c.headers['x-xsrf-token']).toBe(CSRF);
    expect(calls[1].body).toEqual({ name: 'Acme' });
    expect(calls[1].headers['content-type']).toBe('application/json');
  });

  it('refetches the token after it is invalidated (login/logout)', async () => {
    let n = 0;
    const { calls } = mockFetch((url) =>
      url === '/api/csrf-token' ? json({ status: 200, token: `t${++n}.aaaa.bbbb` }) : json({ status: 200 }),
    );
    await api.post('a');
    invalidateCsrfToken();
    await api.post('b');
    expect(calls.filter((c) => c.url === '/api/csrf-token')).toHaveLength(2);
    expect(calls[3].headers['x-xsrf-token']).toBe('t2.aaaa.bbbb');
  });

  it.each([
    ['too short', 'a.b.c'],
    ['two parts', 'abcdefgh.ijklmnop'],
    ['empty part', 'abcdefgh..ijklmnop'],
  ])('rejects a malformed CSRF token (%s)', async (_label, token) => {
    mockFetch(() => json({ status: 200, token }));
    await expect(getCsrfToken()).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('after a 403 mentioning CSRF, refetches the token and repeats the request once', async () => {
    let tokens = 0;
    let posts = 0;
    const { calls } = mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: `tok${++tokens}.part.sig` });
      return ++posts === 1
        ? json({ status: 403, message: 'Invalid CSRF token' }, 403)
        : json({ status: 200, data: 'ok' });
    });
    await expect(api.post('user', { username: 'x' })).resolves.toEqual({ status: 200, data: 'ok' });
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf-token', '/api/user', '/api/csrf-token', '/api/user']);
    expect(calls[3].headers['x-xsrf-token']).toBe('tok2.part.sig');
  });

  it('does not loop on repeated CSRF 403s', async () => {
    const handler = vi.spyOn(globalHandler, 'handleGlobalApiError').mockImplementation(() => {});
    const { calls } = mockFetch((url) =>
      url === '/api/csrf-token'
        ? json({ status: 200, token: CSRF })
        : json({ status: 403, message: 'Invalid CSRF token' }, 403),
    );
    await expect(apiRequest('user', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403 });
    expect(calls.filter((c) => c.url === '/api/user')).toHaveLength(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('sends FormData as-is, without a JSON content type', async () => {
    const { calls } = mockFetch((url) =>
      url === '/api/csrf-token' ? json({ status: 200, token: CSRF }) : json({ status: 200 }),
    );
    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'x.png');
    await api.patch('user/upload', fd);
    expect(calls[1].body).toBe(fd);
    expect(calls[1].headers['content-type']).toBeUndefined();
  });

  it('builds query strings, skipping empty values', async () => {
    const { calls } = mockFetch(() => json({ status: 200, data: {} }));
    await api.get('company', { query: { page: 1, limit: 9, search: '', sortBy: 'name', status: undefined } });
    expect(calls[0].url).toBe('/api/company?page=1&limit=9&sortBy=name');
  });
});

describe('api client: global error handler routing', () => {
  it('reports failures of ordinary calls to the global handler', async () => {
    const handler = vi.spyOn(globalHandler, 'handleGlobalApiError').mockImplementation(() => {});
    mockFetch(() => json({ status: 429, message: 'slow down' }, 429));
    await expect(api.get('company')).rejects.toMatchObject({ status: 429 });
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ status: 429 }));
  });

  it.each(['login', 'forgot-password', 'reset-password'])('never reports %s failures globally', async (path) => {
    const handler = vi.spyOn(globalHandler, 'handleGlobalApiError').mockImplementation(() => {});
    mockFetch((url) =>
      url === '/api/csrf-token' ? json({ status: 200, token: CSRF }) : json({ status: 401, message: 'Invalid' }, 401),
    );
    await expect(api.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not report silent calls', async () => {
    const handler = vi.spyOn(globalHandler, 'handleGlobalApiError').mockImplementation(() => {});
    mockFetch(() => json({ status: 403, message: 'nope' }, 403));
    await expect(api.get('config', { silent: true })).rejects.toMatchObject({ status: 403 });
    expect(handler).not.toHaveBeenCalled();
  });
});
