import { API_PREFIX, type CsrfTokenResponse } from '@portal/contracts';
import { ACCOUNT_ROUTES, AUTH_ROUTES, isWellFormedCsrfToken } from '@portal/domain';
import { getStoredToken } from '../storage';
import { ApiRequestError, isRetryableStatus, mentionsCsrf } from './errors';
import { handleGlobalApiError } from './globalErrorHandler';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** JSON-serialised, or sent as-is when FormData (multipart uploads). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Caller handles every error itself: no global modal/toast. */
  silent?: boolean;
  /** Set false to disable the one retry after 1 s on status 0 / 5xx. */
  retry?: boolean;
}

/** Delay before the single retry (one retry, 1 s later). */
export const RETRY_DELAY_MS = 1000;

const UNSAFE_METHODS = new Set<HttpMethod>(['POST', 'PATCH', 'PUT', 'DELETE']);

/** URLs excluded from the global error handler: their screens show their own messages. */
const AUTH_FLOW_PATHS: readonly string[] = [
  AUTH_ROUTES.login,
  ACCOUNT_ROUTES.forgotPassword,
  ACCOUNT_ROUTES.resetPassword,
].map((r) => r.spec.path);

function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  let url = `${API_PREFIX}/${normalisePath(path)}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

export function isAuthFlowPath(path: string): boolean {
  const p = normalisePath(path).split('?')[0];
  return AUTH_FLOW_PATHS.includes(p);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function messageOf(body: unknown, fallback: string): string {
  const m = (body as { message?: unknown } | null)?.message;
  if (typeof m === 'string' && m) return m;
  if (Array.isArray(m) && m.length) return m.map(String).join(', ');
  return fallback;
}

/** One HTTP exchange; converts network failures to status 0 and non-2xx to ApiRequestError. */
async function exchange<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (err) {
    if (init.signal?.aborted) throw err;
    throw new ApiRequestError(0, 'Network Error');
  }
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok)
    throw new ApiRequestError(
      res.status,
      messageOf(body, res.statusText || `Request failed with status ${res.status}`),
      body,
    );
  return body as T;
}

// ── CSRF token cache ─────────────────────────────────────────────────────────

let csrfToken: string | null = null;
let csrfInflight: Promise<string> | null = null;

/** Forget the cached token; the next unsafe request fetches a new one (after login/logout, or a CSRF 403). */
export function invalidateCsrfToken(): void {
  csrfToken = null;
  csrfInflight = null;
}

async function fetchCsrfToken(): Promise<string> {
  const url = apiUrl(AUTH_ROUTES.csrfToken.spec.path);
  const init: RequestInit = { method: 'GET', headers: { Accept: 'application/json', ...authHeaders() } };
  let body: CsrfTokenResponse;
  try {
    body = await exchange<CsrfTokenResponse>(url, init);
  } catch (err) {
    if (!(err instanceof ApiRequestError) || !isRetryableStatus(err.status)) throw err;
    await sleep(RETRY_DELAY_MS);
    body = await exchange<CsrfTokenResponse>(url, {
      ...init,
      headers: { Accept: 'application/json', ...authHeaders() },
    });
  }
  if (!isWellFormedCsrfToken(body?.token)) throw new ApiRequestError(403, 'Invalid CSRF token received', body);
  return body.token;
}

/** The cached, well-formed CSRF token, fetched from `GET /api/csrf-token` when missing. */
export function getCsrfToken(): Promise<string> {
  if (isWellFormedCsrfToken(csrfToken)) return Promise.resolve(csrfToken);
  if (!csrfInflight) {
    const p = fetchCsrfToken();
    csrfInflight = p;
    p.then(
      (t) => {
        if (csrfInflight === p) {
          csrfToken = t;
          csrfInflight = null;
        }
      },
      () => {
        if (csrfInflight === p) csrfInflight = null;
      },
    );
  }
  return csrfInflight;
}

// ── Requests ─────────────────────────────────────────────────────────────────

async function send<T>(path: string, opts: RequestOptions): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (UNSAFE_METHODS.has(method)) headers['X-XSRF-TOKEN'] = await getCsrfToken();
  return exchange<T>(apiUrl(path, opts.query), { method, headers, body, signal: opts.signal });
}

/**
 * Calls `/api/<path>` and resolves with the parsed JSON body (`{ status, message?, data }`).
 * Rejects with ApiRequestError. Retries once after 1 s on status 0 / 5xx; on a CSRF 403 refetches
 * the token and repeats once. Failures reach the global handler unless `silent` or an auth-flow URL.
 */
export async function apiRequest<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  let retried = false;
  let csrfRetried = false;
  for (;;) {
    try {
      return await send<T>(path, opts);
    } catch (err) {
      if (!(err instanceof ApiRequestError) || opts.signal?.aborted) throw err;
      if (UNSAFE_METHODS.has(method) && err.status === 403 && mentionsCsrf(err.message) && !csrfRetried) {
        csrfRetried = true;
        invalidateCsrfToken();
        continue;
      }
      if (opts.retry !== false && !retried && isRetryableStatus(err.status)) {
        retried = true;
        await sleep(RETRY_DELAY_MS);
        continue;
      }
      if (!opts.silent && !isAuthFlowPath(path)) handleGlobalApiError(err);
      throw err;
    }
  }
}

type NoBody = Omit<RequestOptions, 'method' | 'body'>;
type WithBody = Omit<RequestOptions, 'method'>;

export const api = {
  get: <T = unknown>(path: string, opts?: NoBody) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, opts?: WithBody) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: WithBody) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, body?: unknown, opts?: WithBody) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE', body }),
};
