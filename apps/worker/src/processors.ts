import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { rooms, type EventType, type JobMap, type NotificationView, type OutboxEvent } from '@portal/contracts';
import { publishRealtime, type Mailer } from '@portal/platform';
import type { EmailHandlers, HandlerContext, NotificationHandlers } from './handlers/registry';

/* eslint-disable @typescript-eslint/no-explicit-any -- handler tables are keyed by event type */

/**
 * Writes the notification record for an event (idempotent: unique event_id) and, only when this
 * run wrote it, pushes `notification.created` to superadmins — delivered when the transaction commits.
 */
export function notificationProcessor(db: DataSource, handlers: NotificationHandlers, ctx: HandlerContext) {
  return async (job: Job<JobMap['notifications']>): Promise<'created' | 'duplicate' | 'skipped'> => {
    const event = job.data.event as OutboxEvent;
    const handler = handlers[event.type as EventType] as ((e: OutboxEvent, c: HandlerContext) => any) | undefined;
    if (!handler) throw new Error(`No notification handler for ${event.type}`);
    const draft = handler(event, ctx);
    if (!draft) return 'skipped';
    return db.transaction(async (m) => {
      const rows: { id: string; created_at: Date }[] = await m.query(
        `INSERT INTO notifications (event_id, user_id, company_id, username, email, description, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (event_id) DO NOTHING RETURNING id, created_at`,
        [event.id, draft.userId, draft.companyId, draft.username, draft.email, draft.description, event.createdAt],
      );
      if (rows.length === 0) return 'duplicate';
      const view: NotificationView = {
        _id: rows[0].id,
        username: draft.username,
        email: draft.email,
        description: draft.description,
        date: new Date(rows[0].created_at).toISOString(),
        read_status: false,
      };
      await publishRealtime(m, rooms.role('superadmin'), 'notification.created', view);
      return 'created';
    });
  };
}

/** Sends each email of an event once: (event id, recipient) already recorded → skipped on retry. */
export function emailProcessor(db: DataSource, mailer: Mailer, handlers: EmailHandlers, ctx: HandlerContext) {
  return async (job: Job<JobMap['email']>): Promise<number> => {
    const event = job.data.event as OutboxEvent;
    const handler = handlers[event.type as EventType] as ((e: OutboxEvent, c: HandlerContext) => any) | undefined;
    if (!handler) throw new Error(`No email handler for ${event.type}`);
    const drafts = (await handler(event, ctx)) as Awaited<ReturnType<NonNullable<EmailHandlers[EventType]>>>;
    let sent = 0;
    for (const draft of drafts) {
      // One sender per (event, recipient) at a time: a job re-run after its lock expired (a slow
      // SMTP server, a stalled worker) waits for the first run instead of sending a second copy.
      const lock = db.createQueryRunner();
      await lock.connect();
      try {
        const [{ locked }]: { locked: boolean }[] = await lock.query(
          `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
          [`email|${event.id}|${draft.to}`],
        );
        if (!locked) throw new Error(`email to ${draft.to} for event ${event.id} is being sent by another worker`);
        try {
          const done: unknown[] = await lock.query(`SELECT 1 FROM sent_emails WHERE event_id = $1 AND recipient = $2`, [
            event.id,
            draft.to,
          ]);
          if (done.length) continue;
          const { messageId } = await mailer.send({
            to: draft.to,
            subject: draft.subject,
            html: draft.html,
            text: draft.text,
          });
          // The email is out: failing the job now would send it again on retry. Ride out a dropped
          // connection or a Postgres restart before giving up on recording it.
          await withRetry(() =>
            db.query(
              `INSERT INTO sent_emails (event_id, recipient, template, message_id) VALUES ($1, $2, $3, $4)
               ON CONFLICT DO NOTHING`,
              [event.id, draft.to, draft.template, messageId],
            ),
          );
          sent++;
        } finally {
          await lock
            .query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`email|${event.id}|${draft.to}`])
            .catch(() => undefined);
        }
      } finally {
        await lock.release();
      }
    }
    return sent;
  };
}

/** Retries `fn` with backoff (0.25 s doubling, capped at 4 s): about 30 s in all. */
async function withRetry<T>(fn: () => Promise<T>, attempts = 10): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (i - 1), 4000)));
    }
  }
}
