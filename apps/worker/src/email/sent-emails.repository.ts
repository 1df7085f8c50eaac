import { type Db, queryRows } from '@portal/db';

/** Runs one statement and gives its rows: the send lock's own session, or the pool (`onPool`). */
export type RunSql = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export const onPool =
  (db: Db): RunSql =>
  (sql, params) =>
    queryRows(db, sql, params);

/** Whether this email of this event was already handed to SMTP. */
export async function wasSent(run: RunSql, eventId: string, recipient: string): Promise<boolean> {
  const rows = await run(`SELECT 1 FROM sent_emails WHERE event_id = $1 AND recipient = $2`, [eventId, recipient]);
  return rows.length > 0;
}

export async function recordSent(
  run: RunSql,
  sent: { eventId: string; recipient: string; template: string; messageId: string },
): Promise<void> {
  await run(
    `INSERT INTO sent_emails (event_id, recipient, template, message_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [sent.eventId, sent.recipient, sent.template, sent.messageId],
  );
}
