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
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: RequestUser;
  }
}
