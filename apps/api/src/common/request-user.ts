import type { RoleKey } from '@portal/contracts';

/** What the auth guard attaches to every authenticated request. */
export interface RequestUser {
  id: string;
  sessionId: string;
  role: RoleKey;
  companyId: string | null;
  companyName: string | null;
  username: string;
  email: string;
  picture: string | null;
  /** Client address of the current request (audit entries). */
  ip?: string;
  /** Signed in with the password only, under a policy that requires a second factor: may only enrol. */
  enrolmentOnly: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
  }
}
