import type { AccountProfile, ChangePasswordRequest, SessionUserData, UpdateProfileRequest } from '@portal/contracts';
import { ACCOUNT_ROUTES } from '@portal/domain';
import { call } from '../../shared/api';
import { startSession, useAuthStore } from '../auth';

/** Query keys: everything of the own account lives under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
};

/** Account calls. All are `silent`: the screens show their own messages. */
export const accountApi = {
  changePassword: (body: ChangePasswordRequest) => call(ACCOUNT_ROUTES.changePassword, { body }, { silent: true }),
  me: async () => (await call(ACCOUNT_ROUTES.me)).data,
  confirmEmail: (token: string) =>
    call(ACCOUNT_ROUTES.confirmEmail, { body: { token } }, { silent: true, retry: false }),
  updateProfile: async (body: UpdateProfileRequest) =>
    (await call(ACCOUNT_ROUTES.updateProfile, { body }, { silent: true })).data,
  uploadProfileImage: (file: File) =>
    call(ACCOUNT_ROUTES.uploadProfileImage, {}, { form: imageForm(file), silent: true, retry: false }),
  uploadCompanyImage: (companyId: string, file: File) =>
    call(
      ACCOUNT_ROUTES.uploadCompanyImage,
      { params: { companyId } },
      { form: imageForm(file), silent: true, retry: false },
    ),
};

function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Merge fresh profile fields into the stored session user (storage + auth store), keeping the token. */
export function refreshSessionUser(patch: Partial<AccountProfile> & Partial<SessionUserData>): void {
  const { token, user } = useAuthStore.getState();
  if (!token || !user) return;
  const next: SessionUserData = {
    ...user,
    ...(patch.username !== undefined && { username: patch.username }),
    ...(patch.email !== undefined && { email: patch.email }),
    ...(patch.company_name !== undefined && { company_name: patch.company_name }),
    ...(patch.picture !== undefined && { picture: patch.picture }),
  };
  try {
    startSession(token, next);
  } catch {
    // Storage refused the write: the in-memory store still shows the new data for this page load.
    useAuthStore.setState({ user: next });
  }
}
