import { z } from 'zod';
import { idSchema } from '../org';
import {
  loginTwoFactorSchema,
  securitySettingsSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
} from '../two-factor';
import { anyRole, defineRoutes, messageOnly, ok, publicRoute, roles } from './route';
import { loginAnswerSchema, requireTwoFactorForSchema } from './wire';

const recoveryCodes = ok(z.object({ recovery_codes: z.array(z.string()) }));
const policy = ok(z.object({ require_2fa_for: requireTwoFactorForSchema }));

export const TWO_FACTOR_ROUTES = defineRoutes('two-factor', {
  login: {
    method: 'POST',
    path: 'login/2fa',
    summary: 'Second step of sign-in: the challenge with a TOTP or recovery code.',
    access: publicRoute,
    body: loginTwoFactorSchema,
    status: 200,
    response: loginAnswerSchema,
  },
  status: {
    method: 'GET',
    path: '2fa',
    summary: 'Whether two-factor sign-in is on for you, and whether policy requires it.',
    access: anyRole,
    duringEnrolment: true,
    status: 200,
    response: ok(
      z.object({
        enabled: z.boolean(),
        enabled_at: z.string().nullable(),
        recovery_codes_left: z.number().int(),
        required: z.boolean(),
        policy: requireTwoFactorForSchema,
      }),
    ),
  },
  setup: {
    method: 'POST',
    path: '2fa/setup',
    summary: 'A new secret to scan (not active until enabled).',
    access: anyRole,
    duringEnrolment: true,
    status: 200,
    response: ok(z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() })),
  },
  enable: {
    method: 'POST',
    path: '2fa/enable',
    summary: 'Turn two-factor on with a first code; answers the recovery codes once.',
    access: anyRole,
    duringEnrolment: true,
    body: twoFactorCodeSchema,
    status: 200,
    response: recoveryCodes,
  },
  disable: {
    method: 'POST',
    path: '2fa/disable',
    summary: 'Turn two-factor off (password and a code).',
    access: anyRole,
    body: twoFactorDisableSchema,
    status: 200,
    response: messageOnly,
  },
  recoveryCodes: {
    method: 'POST',
    path: '2fa/recovery-codes',
    summary: 'New recovery codes (the old ones stop working).',
    access: anyRole,
    body: twoFactorCodeSchema,
    status: 200,
    response: recoveryCodes,
  },
  reset: {
    method: 'DELETE',
    path: 'user/:id/2fa',
    summary: "Reset a user's two-factor sign-in (they enrol again).",
    access: roles('superadmin'),
    params: z.object({ id: idSchema }),
    status: 200,
    response: messageOnly,
  },
  securitySettings: {
    method: 'GET',
    path: 'settings/security',
    summary: 'The two-factor policy.',
    access: roles('superadmin'),
    status: 200,
    response: policy,
  },
  updateSecuritySettings: {
    method: 'PATCH',
    path: 'settings/security',
    summary: 'Change the two-factor policy.',
    access: roles('superadmin'),
    body: securitySettingsSchema,
    status: 200,
    response: policy,
  },
});
