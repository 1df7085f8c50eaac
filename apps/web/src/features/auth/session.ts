import {
  isRoleKey,
  type LoginEnrolmentRequiredResponse,
  type LoginMfaRequiredResponse,
  type LoginRequest,
  type LoginResponse,
  type LoginTwoFactorRequest,
  type SessionUserData,
  type ValidateResult,
} from '@portal/contracts';
import { AUTH_ROUTES, TWO_FACTOR_ROUTES } from '@portal/domain';
import { call, invalidateCsrfToken, queryClient, setSigningOut } from '../../shared/api';
import { navigateTo } from '../../shared/navigation';
import { clearStoredSession, saveSession } from '../../shared/storage';
import { useAuthStore } from './store';

/** Persist and publish a session. Throws StorageWriteError if the browser refuses to store it. */
export function startSession(token: string, user: SessionUserData): void {
  saveSession(token, user);
  setSigningOut(false);
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

/** What the password step led to: signed in, a code to ask for, or a second factor to set up first. */
export type SignInOutcome =
  | { kind: 'signed-in'; user: SessionUserData }
  | { kind: 'mfa'; mfaToken: string }
  | { kind: 'enrol'; user: SessionUserData };

type PasswordLoginResponse = LoginResponse | LoginMfaRequiredResponse | LoginEnrolmentRequiredResponse;

/**
 * `POST /api/login`. Errors are ApiRequestError (the login URL never triggers the global handler).
 * An enrolment-only token is stored (so the enrolment calls carry it) but the session is not
 * published: the app stays on the sign-in screen until enrolment is done.
 */
export async function signIn(body: LoginRequest): Promise<SignInOutcome> {
  const res: PasswordLoginResponse | null = await call(AUTH_ROUTES.login, { body });
  if (res && 'mfa_required' in res && res.mfa_required) {
    if (typeof res.mfa_token !== 'string' || !res.mfa_token)
      throw new InvalidSessionPayloadError('Malformed session response');
    return { kind: 'mfa', mfaToken: res.mfa_token };
  }
  const enrol = !!res && 'mfa_enrolment_required' in res && res.mfa_enrolment_required === true;
  assertSessionPayload(res as LoginResponse | null);
  const session = res as LoginResponse;
  invalidateCsrfToken(); // the CSRF token is bound to the (new) session
  if (enrol) {
    saveSession(session.token, session.data);
    return { kind: 'enrol', user: session.data };
  }
  startSession(session.token, session.data);
  return { kind: 'signed-in', user: session.data };
}

/** Password sign-in for accounts without a second factor; anything else is an error here. */
export async function login(body: LoginRequest): Promise<SessionUserData> {
  const outcome = await signIn(body);
  if (outcome.kind !== 'signed-in') throw new InvalidSessionPayloadError('Two-factor sign-in required');
  return outcome.user;
}

/** `POST /api/login/2fa`: the second step; on success the session starts exactly like a password sign-in. */
export async function verifySecondFactor(body: LoginTwoFactorRequest): Promise<SessionUserData> {
  const res: LoginResponse = await call(TWO_FACTOR_ROUTES.login, { body }, { silent: true, retry: false });
  assertSessionPayload(res);
  invalidateCsrfToken();
  startSession(res.token, res.data);
  return res.data;
}

/**
 * `GET /api/validate`: refreshes the stored token and user. A null token clears the session and
 * resolves null. Errors propagate (ApiRequestError); `silent` suppresses the global handler.
 */
export async function validateSession(opts: { silent?: boolean } = {}): Promise<SessionUserData | null> {
  const res: ValidateResult | null = await call(AUTH_ROUTES.validate, {}, { silent: opts.silent });
  // An unfinished enrolment is not a session the app can use: sign in again.
  if (!res || !res.token || res.mfa_enrolment_required) {
    clearSession();
    return null;
  }
  assertSessionPayload(res);
  startSession(res.token, res.data);
  return res.data;
}

/** `POST /api/logout` (best effort: the local session ends even if the server is unreachable). */
export async function logout(): Promise<void> {
  // What is still loading (or a closing dialog refetches) is answered 401 once the session ends.
  setSigningOut(true);
  void queryClient.cancelQueries();
  try {
    await call(AUTH_ROUTES.logout, {}, { silent: true, retry: false });
  } catch {
    /* already invalid or unreachable: nothing more to revoke from here */
  }
  endSession();
}
