import { type Db, execute, queryOne, queryRows } from '@portal/db';
import type { NotificationView } from '@portal/contracts';

const FILTER = `($1::boolean IS NULL OR read_status = $1)`;

/** One page, newest first, and the total (exact count only when the page is empty). */
export async function listNotifications(
  db: Db,
  q: { readStatus: boolean | null; limit: number; offset: number },
): Promise<{ rows: NotificationView[]; total: number }> {
  const rows = await queryRows<Omit<NotificationView, 'date'> & { date: Date; total: string }>(
    db,
    `SELECT id AS "_id", username, email, description, created_at AS date, read_status, count(*) OVER () AS total
       FROM notifications
      WHERE ${FILTER}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [q.readStatus, q.limit, q.offset],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.offset > 0) {
    const c = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM notifications WHERE ${FILTER}`, [
      q.readStatus,
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

export async function countUnread(db: Db): Promise<number> {
  const row = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM notifications WHERE NOT read_status`);
  return row!.n;
}
