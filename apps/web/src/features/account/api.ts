import {
  ACCOUNT_PATHS,
  type AccountMessageResponse,
  type AccountProfile,
  type AccountProfileResponse,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
  type SessionUserData,
  type UpdateProfileRequest,
  type ResetLinkCheckResponse,
} from '@portal/contracts';
import { api, isApiRequestError } from '../../shared/api';
import { startSession, useAuthStore } from '../auth';

/** Query keys: everything of the own account lives under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
};

/** Account calls. All are `silent`: the screens show their own messages. */
export const accountApi = {
  forgotPassword: (email: string) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.forgotPassword, { email }, { silent: true }),
  /** Whether a reset link still works; never spends it. */
  checkResetLink: (token: string) =>
    api.post<ResetLinkCheckResponse>(ACCOUNT_PATHS.resetPasswordCheck, { token }, { silent: true }).then((r) => r.data),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post<AccountMessageResponse>(ACCOUNT_PATHS.resetPassword, body, { silent: true }),
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

/** The server's message for a failed call, or `fallback` (network failures never show 'Network Error'). */
export function serverMessage(err: unknown, fallback: string): string {
  if (!isApiRequestError(err) || err.status === 0) return fallback;
  const m = (err.body as { message?: unknown } | null)?.message;
  if (typeof m === 'string' && m.trim()) return m;
  if (Array.isArray(m) && m.length) return m.map(String).join(', ');
  return fallback;
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
