import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUserData } from '@portal/contracts';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import { createQueryClient, invalidateCsrfToken } from '../shared/api';
import { resetStorage, saveSession } from '../shared/storage';
import { resetAuthStore } from '../features/auth';

export const CSRF = 'header.payload.signature';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

/**
 * Replaces global fetch. `handler` answers each request (return a Response, or throw for a network error);
 * every call is recorded with its method, headers and parsed JSON body.
 */
export function mockFetch(handler: (url: string, call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const call = { url, method: init.method ?? 'GET', headers, body };
    calls.push(call);
    return handler(url, call);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export function makeUser(role: SessionUserData['role_key'], extra: Partial<SessionUserData> = {}): SessionUserData {
  return {
    _id: `${role}-id`,
    role_key: role,
    company_id: role === 'superadmin' ? null : 'company-1',
    company_name: role === 'superadmin' ? null : 'Acme Air',
    username: `${role}-user`,
    email: `${role}@example.com`,
    ...extra,
  };
}

/** Fresh storage, auth store and CSRF cache for each test. */
export function resetClientState(opts: { session?: { token: string; user: SessionUserData } } = {}) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetStorage();
  if (opts.session) saveSession(opts.session.token, opts.session.user);
  resetAuthStore();
  invalidateCsrfToken();
}

/** Renders the real route table at `path` inside the real providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}
