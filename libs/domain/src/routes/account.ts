import { z } from 'zod';
import {
  ACCOUNT_MSG,
  changePasswordSchema,
  confirmEmailSchema,
  forgotPasswordSchema,
  imageNameSchema,
  profileSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
} from '../account';
import { idSchema } from '../org';
import { anyRole, binary, defineRoutes, messageOnly, ok, publicRoute, roles } from './route';
import { accountProfileSchema } from './wire';

const profile = ok(accountProfileSchema);
const picture = z.object({ status: z.number().int(), message: z.string(), data: z.object({ picture: z.string() }) });

export const ACCOUNT_ROUTES = defineRoutes('account', {
  me: {
    method: 'GET',
    path: 'user/me',
    summary: "The signed-in user's profile.",
    access: anyRole,
    status: 200,
    response: profile,
  },
  updateProfile: {
    method: 'PATCH',
    path: 'user',
    summary: 'Change your own name or email (a new email is confirmed by a link).',
    access: anyRole,
    body: profileSchema,
    status: 200,
    response: profile,
  },
  confirmEmail: {
    method: 'POST',
    path: 'user/confirm-email',
    summary: 'The email-change link: the single-use token is the credential.',
    access: publicRoute,
    body: confirmEmailSchema,
    status: 200,
    response: z.object({ status: z.number().int(), message: z.string(), data: z.object({ email: z.string() }) }),
  },
  changePassword: {
    method: 'POST',
    path: 'change-password',
    summary: 'Change your password (other sessions end).',
    access: anyRole,
    body: changePasswordSchema,
    status: 200,
    response: messageOnly,
  },
  uploadProfileImage: {
    method: 'PATCH',
    path: 'user/upload',
    summary: 'Your profile picture (multipart, one image; stored re-encoded as WebP).',
    access: anyRole,
    multipart: { fields: { file: 'file' } },
    status: 200,
    response: picture,
  },
  uploadCompanyImage: {
    method: 'PATCH',
    path: 'company/upload/:companyId',
    summary: "A company's logo (multipart, one image). Admins: their own company only.",
    access: roles('admin', 'superadmin'),
    params: z.object({ companyId: idSchema }),
    paramRefusals: { companyId: { status: 404, message: ACCOUNT_MSG.upload.companyNotFound } },
    multipart: { fields: { file: 'file' } },
    status: 200,
    response: picture,
  },
  image: {
    method: 'GET',
    path: 'files/images/:name',
    summary: 'A stored profile picture or logo, for users of the owning company (or a superadmin).',
    access: anyRole,
    params: z.object({ name: imageNameSchema }),
    paramRefusals: { name: { status: 404, message: ACCOUNT_MSG.upload.imageUnavailable } },
    status: 200,
    response: binary('image/webp'),
  },
  forgotPassword: {
    method: 'POST',
    path: 'forgot-password',
    summary: 'Send a password-reset link (the same answer whether or not the address is known).',
    access: publicRoute,
    body: forgotPasswordSchema,
    status: 200,
    response: messageOnly,
  },
  checkResetLink: {
    method: 'POST',
    path: 'reset-password/check',
    summary: 'Whether a reset link still works.',
    access: publicRoute,
    body: resetLinkCheckSchema,
    status: 200,
    response: ok(
      z.object({
        state: z.enum(['valid', 'used', 'expired', 'replaced', 'invalid']),
        expires_at: z.string().nullable(),
      }),
    ),
  },
  resetPassword: {
    method: 'POST',
    path: 'reset-password',
    summary: 'Set a new password with a reset link.',
    access: publicRoute,
    body: resetPasswordSchema,
    status: 200,
    response: messageOnly,
  },
});
