import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../email';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password';
import { isCommonPassword } from './common-passwords';
import { ACCOUNT_MSG as M } from './messages';
import { nameField } from '../text';

/** An email field: normalised like sign-in, then required + valid with the given messages. */
function emailField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, required).refine(isValidEmail, invalid));
}

/**
 * A new password: required, 8..256 characters (never truncated), not on the common-passwords list.
 * Spaces are kept as typed: a passphrase is a valid password.
 */
export function newPasswordField(required: string, min: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .min(MIN_PASSWORD_LENGTH, min)
    .max(MAX_PASSWORD_LENGTH, M.password.tooLong)
    .refine((p) => !isCommonPassword(p), M.password.tooCommon);
}

/** `POST forgot-password` body and the forgot form. */
export const forgotPasswordSchema = z.object({
  email: emailField(M.forgot.emailRequired, M.forgot.emailInvalid),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** `POST reset-password` body (password, token). */
export const resetPasswordSchema = z.object({
  password: newPasswordField(M.reset.passwordRequired, M.reset.passwordMin),
  token: z.string({ error: M.reset.invalidToken }).min(1, M.reset.invalidToken).max(200, M.reset.invalidToken),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `POST reset-password/check`: the link's token only. */
export const resetLinkCheckSchema = resetPasswordSchema.pick({ token: true });
export type ResetLinkCheckInput = z.infer<typeof resetLinkCheckSchema>;

/** The reset form (web): password + confirm, with the reset messages. */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordField(M.reset.passwordRequired, M.reset.passwordMin),
    confirmPassword: z
      .string({ error: M.reset.confirmRequired })
      .min(1, M.reset.confirmRequired)
      .min(MIN_PASSWORD_LENGTH, M.reset.confirmMin),
  })
  .refine((v) => v.password === v.confirmPassword, { message: M.reset.mismatch, path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** `POST change-password` body (oldPassword, newPassword). */
export const changePasswordSchema = z.object({
  oldPassword: z
    .string({ error: M.change.currentRequired })
    .min(1, M.change.currentRequired)
    .max(MAX_PASSWORD_LENGTH, M.change.currentIncorrect),
  newPassword: newPasswordField(M.change.newRequired, M.change.newMin),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form (web): current, new, confirm. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string({ error: M.change.currentRequired }).min(1, M.change.currentRequired),
    newPassword: newPasswordField(M.change.newRequired, M.change.newMin),
    confirmPassword: z
      .string({ error: M.change.confirmRequired })
      .min(1, M.change.confirmRequired)
      .min(MIN_PASSWORD_LENGTH, M.change.confirmMin),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.change.mismatch, path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/**
 * `PATCH user` (own profile) body: username and email, plus the current `password`, which is only
 * read (and then required) when the email changes. Unknown keys (role, company, status …) are
 * stripped, so they can never be mass-assigned.
 */
export const profileSchema = z.object({
  username: nameField('Username', M.profile.usernameRequired, 100, M.profile.usernameTooLong),
  email: emailField(M.profile.emailRequired, M.profile.emailInvalid),
  password: z
    .string({ error: M.profile.passwordRequired })
    .max(MAX_PASSWORD_LENGTH, M.change.currentIncorrect)
    .optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** `POST user/confirm-email` body: the token from the confirmation link. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: M.profile.confirmInvalid })
    .min(1, M.profile.confirmInvalid)
    .max(200, M.profile.confirmInvalid),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

/** Stored images have generated names only (`<uuid v4>.webp`): nothing else reaches the disk. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/;

/** `GET files/images/:name`. */
export const imageNameSchema = z.string().regex(IMAGE_NAME_PATTERN, M.upload.imageUnavailable);
