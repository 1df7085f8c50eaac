import {
  API_PATHS,
  isRoleKey,
  type LoginRequest,
  type LoginResponse,
  type SessionUserData,
  type ValidateResponse,
} from '@portal/contracts';
import { api, invalidateCsrfToken, queryClient } from '../../shared/api';
import { navigateTo } from '../../shared/navigation';
import { clearStoredSession, saveSession } from '../../shared/storage';
import { useAuthStore } from './store';

/** Persist and publish a session. Throws StorageWriteError if the browser refuses to store it. */
export function startSession(token: string, user: SessionUserData): void {
  saveSession(token, user);
  useAuthStore.getState().setSession(token, user);
}

/** Forget the session locally (storage, store, CSRF token, cached server state). No navigation. */
export function clearSession(): void {
  clearStoredSession();
  useAuthStore.getState().logout();
  invalidateCsrfToken();
  queryClient.clear();
}

/** Session is over (401, revoked, logout): clear everything and go to the sign-in page. */
export function endSession(): void {
  clearSession();
  navigateTo('/');
}

export class InvalidSessionPayloadError extends Error {}

function assertSessionPayload(res: LoginResponse | null | undefined): asserts res is LoginResponse {
  if (!res || typeof res.token !== 'string' || !res.token || !res.data || !isRoleKey(res.data.role_key)) {
    throw new InvalidSessionPayloadError('Malformed session response');
  }
}

/** `POST /api/login`. Errors are ApiRequestError (the login URL never triggers the global handler). */
export async function login(body: LoginRequest): Promise<SessionUserData> {
  const res = await api.post<LoginResponse>(API_PATHS.login, body);
  assertSessionPayload(res);
  invalidateCsrfToken(); // the CSRF token is bound to the (new) session
  startSession(res.token, res.data);
  return res.data;
}

/**
 * `GET /api/validate`: refreshes the stored token and user. A null token clears the session and
 * resolves null. Errors propagate (ApiRequestError); `silent` suppresses the global handler.
 */
export async function validateSession(opts: { silent?: boolean } = {}): Promise<SessionUserData | null> {
  const res = await api.get<ValidateResponse | null>(API_PATHS.validate, { silent: opts.silent });
  if (!res || !res.token) {
    clearSession();
    return null;
  }
  assertSessionPayload(res);
  startSession(res.token, res.data);
  return res.data;
}

/** `POST /api/logout` (best effort: the local session ends even if the server is unreachable). */
export async function logout(): Promise<void> {
  try {
    await api.post(API_PATHS.logout, undefined, { silent: true, retry: false });
  } catch {
    /* already invalid or unreachable: nothing more to revoke from here */
  }
  endSession();
}
