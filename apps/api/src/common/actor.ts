import type { OrgActor } from '@portal/contracts';
import type { RequestUser } from './request-user';

/** The signed-in user as carried in outbox events (`actor`). */
export function actorOf(user: RequestUser): OrgActor {
  return { id: user.id, username: user.username, email: user.email, role: user.role };
}
