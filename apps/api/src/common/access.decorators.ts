import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RoleKey } from '@portal/contracts';
import type { RequestUser } from './request-user';

export const ACCESS_KEY = 'portal:access';

export type Access = { kind: 'public' } | { kind: 'roles'; roles: readonly RoleKey[] };

/** Any signed-in user with one of these roles (none listed: any role). */
export const Allow = (...roles: RoleKey[]) => SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies Access);

/** No session needed (sign-in, CSRF token, health). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);

export const ENROLMENT_KEY = 'portal:enrolment';

/**
 * Also open to an enrolment-only session (signed in with the password under a policy that requires a
 * second factor the account does not have yet). Every other route refuses such a session with 403.
 */
export const AllowDuringEnrolment = () => SetMetadata(ENROLMENT_KEY, true);

export const SIGNED_KEY = 'portal:signed';

/**
 * A server-to-server route authenticated by a signature over its raw body (the bounce webhook):
 * no session, so no CSRF token either; the handler checks the signature.
 */
export const SignedWebhook = () => SetMetadata(SIGNED_KEY, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestUser => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!req.user) throw new Error('CurrentUser used on a route without an authenticated user');
  return req.user;
});
