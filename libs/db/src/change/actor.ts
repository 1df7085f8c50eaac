import type { OrgActor, RoleKey } from '@portal/contracts';

/**
 * Who made a change: a signed-in user, the system, or (a failed sign-in) an account or just the
 * email that was tried. The one actor type: the audit log records it, events carry it (`actor`).
 */
export interface Actor {
  id: string | null;
  username: string;
  email: string | null;
  role: RoleKey | null;
  /** Client address of the request; null outside a request (worker, system). */
  ip: string | null;
}

/** Changes made by the system itself (no signed-in user behind them). */
export const SYSTEM_ACTOR: Actor = { id: null, username: 'system', email: null, role: null, ip: null };

/** The actor as an outbox event carries it (`payload.actor`). */
export function eventActor(a: Actor): OrgActor {
  return { id: a.id as string, username: a.username, email: a.email ?? '', role: a.role as RoleKey };
}

/** The actor an event names (a worker finishing what a user started), with no client address. */
export function actorFromEvent(a: OrgActor): Actor {
  return { id: a.id || null, username: a.username, email: a.email, role: a.role, ip: null };
}
