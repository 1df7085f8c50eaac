import { type Db, execute, queryOne, queryRows } from '@portal/db';
import type { NotificationView } from '@portal/contracts';
import { likePattern } from '../org/org.repository';

/** Not the viewer's own action; $1 = viewer id. */
const NOT_OWN = `actor_id IS DISTINCT FROM $1::uuid`;
/** $2 = read status or null, $3 = LIKE pattern or null (username, email or the text). */
const FILTER = `${NOT_OWN} AND ($2::boolean IS NULL OR read_status = $2)
  AND ($3::text IS NULL OR username ILIKE $3 OR email ILIKE $3 OR description ILIKE $3)`;

/** The page a notification is about: the user while they exist, else the company while it exists. */
const LINK = `CASE
    WHEN n.user_id IS NOT NULL AND n.company_id IS NOT NULL AND EXISTS (SELECT 1 FROM users x WHERE x.id = n.user_id)
      THEN '/superadmin/companies/' || n.company_id || '/user/' || n.user_id
    WHEN n.company_id IS NOT NULL AND EXISTS (SELECT 1 FROM companies x WHERE x.id = n.company_id)
      THEN '/superadmin/companies/' || n.company_id
  END`;

/** One page, newest first, and the total (exact count only when the page is empty). */
export async function listNotifications(
  db: Db,
  q: { viewerId: string; search: string; readStatus: boolean | null; limit: number; offset: number },
): Promise<{ rows: NotificationView[]; total: number }> {
  const term = q.search ? likePattern(q.search) : null;
  const rows = await queryRows<Omit<NotificationView, 'date'> & { date: Date; total: string }>(
    db,
    `SELECT n._id, n.username, n.email, n.description, n.date, n.read_status, n.actor_id, ${LINK} AS link, n.total
       FROM (SELECT id AS "_id", username, email, description, created_at AS date, read_status, actor_id,
                    user_id, company_id, count(*) OVER () AS total
               FROM notifications
              WHERE ${FILTER}
              ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5) n
      ORDER BY n.date DESC, n._id DESC`,
    [q.viewerId, q.readStatus, term, q.limit, q.offset],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    const c = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM notifications WHERE ${FILTER}`, [
      q.viewerId,
      q.readStatus,
      term,
    ]);
    total = c!.n;
  }
  return {
    rows: rows.map(({ total: _t, date, ...r }) => ({ ...r, date: new Date(date).toISOString() })),
    total,
  };
}

/** Deletes the notifications; returns how many there were. */
export function deleteNotifications(db: Db, ids: string[]): Promise<number> {
  return execute(db, `DELETE FROM notifications WHERE id = ANY($1::uuid[])`, [ids]);
}

/** Locks the notifications (the caller's transaction) and returns their read state. */
export function lockNotifications(db: Db, ids: string[]): Promise<{ id: string; read_status: boolean }[]> {
  return queryRows(db, `SELECT id, read_status FROM notifications WHERE id = ANY($1::uuid[]) FOR UPDATE`, [ids]);
}

/** Marks the given notifications read, or every unread one when `ids` is null; returns how many changed. */
export function markNotificationsRead(db: Db, ids: string[] | null): Promise<number> {
  return ids
    ? execute(db, `UPDATE notifications SET read_status = true WHERE id = ANY($1::uuid[])`, [ids])
    : execute(db, `UPDATE notifications SET read_status = true WHERE NOT read_status`);
}

/** Unread notifications the viewer sees (not their own actions). */
export async function countUnread(db: Db, viewerId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM notifications WHERE NOT read_status AND ${NOT_OWN}`,
    [viewerId],
  );
  return row!.n;
}
