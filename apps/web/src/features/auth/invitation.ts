import type {
  InvitationLinkResponse,
  LoginEnrolmentRequiredResponse,
  LoginMfaRequiredResponse,
  LoginResponse,
  SessionUserData,
} from '@portal/contracts';
import { api, invalidateCsrfToken } from '../../shared/api';
import { saveSession } from '../../shared/storage';
import { InvalidSessionPayloadError, startSession } from './session';

/** The invitation link's calls (issue 27); the token travels in the body. Errors stay on the page. */
export const INVITATION_PATHS = {
  check: 'invitation/check',
  accept: 'invitation/accept',
  requestNew: 'invitation/request-new',
} as const;

export const invitationApi = {
  check: async (token: string) =>
    (await api.post<InvitationLinkResponse>(INVITATION_PATHS.check, { token }, { silent: true, retry: false })).data,
  requestNew: (token: string) =>
    api.post<{ status: number; message: string }>(INVITATION_PATHS.requestNew, { token }, { silent: true }),
};

/**
 * `POST invitation/accept`: the password is set and the answer is a sign-in (like `POST login`).
 * 'signed-in' publishes the session; 'enrol' (a two-factor policy) stores it for the enrolment step.
 */
export async function acceptInvitation(
  token: string,
  password: string,
): Promise<{ kind: 'signed-in' | 'enrol'; user: SessionUserData }> {
  const res = await api.post<LoginResponse | LoginEnrolmentRequiredResponse | LoginMfaRequiredResponse>(
    INVITATION_PATHS.accept,
    { token, password },
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
