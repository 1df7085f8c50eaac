import type {
  LoginEnrolmentRequiredResponse,
  LoginMfaRequiredResponse,
  LoginResponse,
  SessionUserData,
} from '@portal/contracts';
import { INVITATION_ROUTES } from '@portal/domain';
import { call, invalidateCsrfToken } from '../../shared/api';
import { saveSession } from '../../shared/storage';
import { InvalidSessionPayloadError, startSession } from './session';

/** The invitation link's calls; the token travels in the body. Errors stay on the page. */
export const invitationApi = {
  check: async (token: string) =>
    (await call(INVITATION_ROUTES.check, { body: { token } }, { silent: true, retry: false })).data,
  requestNew: (token: string) => call(INVITATION_ROUTES.requestNew, { body: { token } }, { silent: true }),
};

/**
 * `POST invitation/accept`: the password is set and the answer is a sign-in (like `POST login`).
 * 'signed-in' publishes the session; 'enrol' (a two-factor policy) stores it for the enrolment step.
 */
export async function acceptInvitation(
  token: string,
  password: string,
): Promise<{ kind: 'signed-in' | 'enrol'; user: SessionUserData }> {
  const res: LoginResponse | LoginEnrolmentRequiredResponse | LoginMfaRequiredResponse | null = await call(
    INVITATION_ROUTES.accept,
    { body: { token, password } },
    { silent: true, retry: false },
  );
  if (!res || !('token' in res) || typeof res.token !== 'string' || !res.data) {
    throw new InvalidSessionPayloadError('Malformed session response');
  }
  invalidateCsrfToken();
  if ('mfa_enrolment_required' in res && res.mfa_enrolment_required) {
    saveSession(res.token, res.data);
    return { kind: 'enrol', user: res.data };
  }
  startSession(res.token, res.data);
  return { kind: 'signed-in', user: res.data };
}
