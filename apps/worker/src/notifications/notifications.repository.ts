import { type Db, queryOne } from '@portal/db';

export interface NotificationInsert {
  eventId: string;
  userId: string | null;
  companyId: string | null;
  username: string;
  email: string;
  description: string;
  createdAt: string;
  /** Who caused the event (their own inbox does not show it). */
  actorId: string | null;
}

/** Writes the notification of an event; null when that event already has one (unique event_id). */
export async function insertNotification(
  db: Db,
  n: NotificationInsert,
): Promise<{ id: string; created_at: Date } | null> {
  return queryOne(
    db,
    `INSERT INTO notifications (event_id, user_id, company_id, username, email, description, created_at, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (event_id) DO NOTHING RETURNING id, created_at`,
    [n.eventId, n.userId, n.companyId, n.username, n.email, n.description, n.createdAt, n.actorId],
  );
}
