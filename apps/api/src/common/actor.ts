import type { Actor } from '@portal/db';
import type { RequestUser } from './request-user';

/** The signed-in user as the actor of a change (audit log, `actor` of events). */
export function actorOf(user: Pick<RequestUser, 'id' | 'username' | 'email' | 'role' | 'ip'>): Actor {
  return { id: user.id, username: user.username, email: user.email, role: user.role, ip: user.ip ?? null };
}
