import { z } from 'zod';

/** Same keys as the contracts' RoleKey (libs/domain has no dependencies). */
type RoleKey = 'superadmin' | 'admin' | 'employee';

/** Who the security policy requires to use a second factor. */
export const TWO_FACTOR_POLICIES = ['none', 'superadmins', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** TOTP parameters (RFC 6238 defaults every authenticator app understands). */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, algorithm: 'SHA1' } as const;
export const RECOVERY_CODE_COUNT = 10;
/** Lifetime of the sign-in challenge handed out after a correct password. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** Wrong codes allowed per challenge before it is spent. */
export const MFA_MAX_FAILURES = 5;

/**
 * Whether the policy covers a role. "admins" means everyone who administers something:
 * company admins and the supplier's superadmins.
 */
export function policyCovers(policy: TwoFactorPolicy, role: RoleKey): boolean {
  switch (policy) {
    case 'none':
      return false;
    case 'superadmins':
      return role === 'superadmin';
    case 'admins':
      return role === 'superadmin' || role === 'admin';
    case 'everyone':
      return true;
  }
}

export const TWO_FACTOR_MSG = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code must be 6 digits.',
  invalidCode: 'The code is not valid. Check your authenticator app and try again.',
  invalidLoginCode: 'Invalid authentication code. Please try again.',
  invalidRecoveryCode: 'Invalid recovery code. Please try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  notSetUp: 'Start the two-factor setup first.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notEnabled: 'Two-factor authentication is not enabled.',
  userNotEnabled: 'This user does not use two-factor authentication.',
  wrongPassword: 'Current password is incorrect.',
  requiredByPolicy: 'Your organisation requires two-factor authentication, so it cannot be turned off.',
  enrolmentRequired: 'Set up two-factor authentication to continue.',
  resetOwn: 'Turn off your own two-factor authentication in Settings.',
  policyNeedsOwn: 'Enable two-factor authentication for your own account before requiring it.',
  userNotFound: 'User not found',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  reset: 'Two-factor authentication was reset. The user has been signed out and emailed.',
  policySaved: 'Security policy saved.',
  regenerated: 'New recovery codes created. The old ones no longer work.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

const totpCode = z
  .string({ error: TWO_FACTOR_MSG.codeRequired })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MSG.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MSG.codeFormat),
  );

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

const recoveryCode = z
  .string({ error: TWO_FACTOR_MSG.invalidRecoveryCode })
  .max(64, TWO_FACTOR_MSG.invalidRecoveryCode)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, TWO_FACTOR_MSG.invalidRecoveryCode));

export const twoFactorCodeSchema = z.object({ code: totpCode });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** Disabling needs the password and either a current code or an unused recovery code. */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  code: z
    .string({ error: TWO_FACTOR_MSG.codeRequired })
    .max(64, TWO_FACTOR_MSG.invalidCode)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, TWO_FACTOR_MSG.codeRequired)),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

const mfaToken = z
  .string({ error: TWO_FACTOR_MSG.challengeExpired })
  .regex(/^[A-Za-z0-9_-]{43}$/, TWO_FACTOR_MSG.challengeExpired);

/** `POST login/2fa`: the challenge plus exactly one of `code` and `recovery_code`. */
export const loginTwoFactorSchema = z
  .object({ mfa_token: mfaToken, code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: TWO_FACTOR_MSG.codeRequired,
    path: ['code'],
  });
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

export const securitySettingsSchema = z.object({
  require_2fa_for: z.enum(TWO_FACTOR_POLICIES, {
    error: `require_2fa_for must be one of: ${TWO_FACTOR_POLICIES.join(', ')}`,
  }),
});
export type SecuritySettingsInput = z.infer<typeof securitySettingsSchema>;
