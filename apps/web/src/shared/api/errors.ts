import type { ApiError } from '@portal/contracts';

/** Thrown by the API client for every failed request. `status` is 0 for network failures. */
export class ApiRequestError extends Error implements ApiError {
  readonly status: number;
  readonly errors?: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    const errors = (body as { errors?: unknown } | undefined)?.errors;
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) this.errors = errors as Record<string, string>;
  }
}

export function isApiRequestError(value: unknown): value is ApiRequestError {
  return value instanceof ApiRequestError;
}

/**
 * The server's message for a failed call (the client's error message), else `fallback`. The account
 * screens use their own stricter variant (features/account/api.ts), which never shows 'Network Error'.
 */
export function serverMessage(err: unknown, fallback: string): string {
  if (isApiRequestError(err) && err.message) return err.message;
  return fallback;
}

/**
 * Only what the server said (its body's `message`), else `fallback`: for the account and sign-in
 * screens, which never show a client-side text such as a network error.
 */
export function bodyMessage(err: unknown, fallback: string): string {
  if (!isApiRequestError(err) || err.status === 0) return fallback;
  const m = (err.body as { message?: unknown } | null)?.message;
  if (typeof m === 'string' && m.trim()) return m;
  if (Array.isArray(m) && m.length) return m.map(String).join(', ');
  return fallback;
}

/** Status of any thrown value: ApiRequestError status, else 0 (treated as a connection problem). */
export function errorStatus(value: unknown): number {
  return isApiRequestError(value) ? value.status : 0;
}

export function mentionsCsrf(message: string | undefined): boolean {
  return !!message && /csrf|xsrf/i.test(message);
}

export function isRetryableStatus(status: number): boolean {
  return status === 0 || status >= 500;
}
