import {
  ACCOUNT_PATHS,
  type AccountMessageResponse,
  type AccountProfile,
  type AccountProfileResponse,
  type ChangePasswordRequest,
  type SessionUserData,
  type UpdateProfileRequest,
} from '@portal/contracts';
import { api } from '../../shared/api';
import { startSession, useAuthStore } from '../auth';

/** Query keys: everything of the own account lives under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
};

/** Account calls. All are `silent`: the screens show their own messages. */
export const accountApi = {
  changePassword: (body: ChangePasswordRequest) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.changePassword, body, { silent: true }),
  me: async () => (await api.get<AccountProfileResponse>(ACCOUNT_PATHS.me)).data,
  confirmEmail: (token: string) =>
    api.post<AccountMessageResponse & { data?: { email: string } }>(
      ACCOUNT_PATHS.confirmEmail,
      { token },
      { silent: true, retry: false },
    ),
  updateProfile: async (body: UpdateProfileRequest) =>
    (await api.patch<AccountProfileResponse>(ACCOUNT_PATHS.updateProfile, body, { silent: true })).data,
  uploadProfileImage: (file: File) =>
    api.patch<ImageUploadResponse>(ACCOUNT_PATHS.uploadProfileImage, imageForm(file), { silent: true, retry: false }),
  uploadCompanyImage: (companyId: string, file: File) =>
    api.patch<ImageUploadResponse>(ACCOUNT_PATHS.uploadCompanyImage(companyId), imageForm(file), {
      silent: true,
      retry: false,
    }),
};

export interface ImageUploadResponse {
  status: number;
  message: string;
  data: { picture: string };
}

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
