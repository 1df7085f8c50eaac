import type { RoleKey } from './roles';
import type { ApiResponse } from './api';

/** Request/response shapes of the account endpoints. */
export interface ForgotPasswordRequest {
  email: string;
}
export interface ResetPasswordRequest {
  password: string;
  token: string;
}
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
}
export interface UpdateProfileRequest {
  username: string;
  email: string;
  /** The current password: required only when `email` changes. */
  password?: string;
}
export interface ConfirmEmailRequest {
  token: string;
}

/** `{status, message}` answers of forgot/reset/change password. */
export interface AccountMessageResponse {
  status: number;
  message: string;
}

/** A reset (or set-password) link: still usable, spent, past its hour, replaced by a newer one, or unknown. */
export type ResetLinkState = 'valid' | 'used' | 'expired' | 'replaced' | 'invalid';
export type ResetLinkCheckResponse = ApiResponse<{ state: ResetLinkState; expires_at: string | null }>;

/** `GET user/me` data, also returned by `PATCH user`. */
export interface AccountProfile {
  _id: string;
  username: string;
  email: string;
  role_key: RoleKey;
  company_id: string | null;
  company_name: string | null;
  /** API-relative URL of the profile image (`/api/files/...`), or null. */
  picture: string | null;
  /** API-relative URL of the company's image (same form as `picture`), or null. */
  company_picture: string | null;
  createdAt: string;
  last_login: string | null;
}

export interface AccountProfileResponse {
  status: number;
  message?: string;
  data: AccountProfile;
}

/** The reset link's page; the token travels as `?code=`. */
export const RESET_PASSWORD_PAGE = '/reset-password';
/** The invitation link's page: `?code=<token>`. */
export const INVITATION_PAGE = '/invitation';

/** The email-change confirmation link's page; the token travels as `?code=`. */
export const CONFIRM_EMAIL_PAGE = '/confirm-email';

/** Event payloads of the account module (see EventMap). */
export interface AccountUserRef {
  userId: string;
  username: string;
  email: string;
  companyId: string | null;
}
