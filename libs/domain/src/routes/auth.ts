import { z } from 'zod';
import { loginSchema } from '../auth-schemas';
import { anyRole, defineRoutes, messageOnly, publicRoute } from './route';
import { loginAnswerSchema, passwordLoginAnswerSchema } from './wire';

export const AUTH_ROUTES = defineRoutes('auth', {
  csrfToken: {
    method: 'GET',
    path: 'csrf-token',
    summary: 'A CSRF token (also set as the XSRF-TOKEN cookie); send it as X-XSRF-TOKEN on every write.',
    access: publicRoute,
    status: 200,
    response: z.object({ status: z.number().int(), token: z.string() }),
  },
  login: {
    method: 'POST',
    path: 'login',
    summary: 'Sign in with email and password.',
    access: publicRoute,
    body: loginSchema,
    status: 200,
    response: passwordLoginAnswerSchema,
  },
  validate: {
    method: 'GET',
    path: 'validate',
    summary: 'The signed-in session (a fresh token and the user).',
    access: anyRole,
    duringEnrolment: true,
    status: 200,
    response: loginAnswerSchema.extend({ mfa_enrolment_required: z.literal(true).optional() }),
  },
  logout: {
    method: 'POST',
    path: 'logout',
    summary: 'Sign out (the session ends on every device it was copied to).',
    access: anyRole,
    duringEnrolment: true,
    status: 200,
    response: messageOnly,
  },
});
