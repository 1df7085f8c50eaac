import type { RoleKey } from '@portal/contracts';
import type { Actor } from '@portal/db';

/** The user of a live session, as the session store finds it. */
export interface SessionUser {
  id: string;
  sessionId: string;
  role: RoleKey;
  companyId: string | null;
  companyName: string | null;
  username: string;
  email: string;
  picture: string | null;
  /** Signed in with the password only, under a policy that requires a second factor: may only enrol. */
  enrolmentOnly: boolean;
}

/** What the auth guard attaches to every authenticated request. */
export interface RequestUser extends SessionUser {
  /** Client address of the current request (audit entries). */
  ip?: string;
  /** This user as the actor of the changes the request makes (audit log, `actor` of events). */
  actor: Actor;
}

/** The session's user making a request from `ip`, with its change actor built once. */
export function requestUser(user: SessionUser, ip: string | undefined): RequestUser {
  return {
    ...user,
    ip,
    actor: { id: user.id, username: user.username, email: user.email, role: user.role, ip: ip ?? null },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
  }
}
