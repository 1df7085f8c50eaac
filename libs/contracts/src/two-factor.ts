import type { LoginResponse, SessionUserData } from './api';

export type RequireTwoFactorFor = 'none' | 'superadmins' | 'admins' | 'everyone';

/** `POST 2fa/setup`: a new secret, not active until `2fa/enable` confirms a code from it. */
export interface TwoFactorSetup {
  /** Base32 secret, for typing into an authenticator app. */
  secret: string;
  /** `otpauth://totp/Filter%20Portal:<email>?secret=…&issuer=Filter%20Portal…` */
  otpauth_url: string;
  /** PNG QR code of `otpauth_url`, as a data URL. */
  qr: string;
}

export interface RecoveryCodes {
  /** Shown once; only their hashes are stored. */
  recovery_codes: string[];
}

/** `GET 2fa`: the caller's own state. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The security policy covers the caller: two-factor cannot be turned off. */
  required: boolean;
  policy: RequireTwoFactorFor;
}

/** `POST login` for an account with two-factor: no access token yet, only the challenge. */
export interface LoginMfaRequiredResponse {
  status: number;
  mfa_required: true;
  mfa_token: string;
}

/**
 * `POST login` for an account the policy covers but without a second factor: a token whose session
 * may only enrol (`2fa/setup`, `2fa/enable`, `GET 2fa`, `validate`, `logout`); any other route is 403.
 */
export interface LoginEnrolmentRequiredResponse {
  status: number;
  mfa_enrolment_required: true;
  token: string;
  data: SessionUserData;
}

/** `GET validate`: an enrolment-only session says so (the client must finish enrolment first). */
export type ValidateResult = LoginResponse & { mfa_enrolment_required?: true };

export interface LoginTwoFactorRequest {
  mfa_token: string;
  code?: string;
  recovery_code?: string;
}

export interface SecuritySettings {
  require_2fa_for: RequireTwoFactorFor;
}
