import { DelayedError, type Job } from 'bullmq';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { rooms, type EventType, type JobMap, type NotificationView, type OutboxEvent } from '@portal/contracts';
import { publishRealtime, type Mailer } from '@portal/platform';
import { plainText } from '@portal/domain';
import type {
  EmailDraft,
  EmailHandlers,
  HandlerContext,
  NotificationDraft,
  NotificationHandlers,
} from './handlers/registry';

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
    const draft = sanitizeDraft(handler(event, ctx));
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

/** Notification texts are shown as typed: names in them never carry line breaks or bidi controls. */
function sanitizeDraft(draft: NotificationDraft | null): NotificationDraft | null {
  if (!draft) return null;
  return {
    ...draft,
    username: plainText(draft.username),
    email: plainText(draft.email),
    description: plainText(draft.description),
  };
}

export interface EmailProcessorOptions {
  /** How long a run waits for another run that is sending the same email before deferring (ms). */
  lockWaitMs?: number;
  /** When a deferred job is tried again (ms). A deferral does not use up one of the job's attempts. */
  deferMs?: number;
  log?: (msg: string) => void;
}

/**
 * Sends each email of an event once per (event id, recipient).
 *
 * - `sent_emails` records what was handed to SMTP: a re-run (job retry, stalled-job recovery)
 *   skips a recipient already recorded.
 * - A session advisory lock per (event, recipient) covers check → send → record, so two runs of one
 *   job (a job re-run after its BullMQ lock expired while the first run was still sending) cannot
 *   both pass the check. The lock lives on its own pooled connection and is released by Postgres
 *   when that session ends — when the worker dies (the re-run then sends: the dead run never got
 *   its 250), but also when only the connection dies (Postgres restarted or the backend
 *   terminated) while this run is still sending. It cannot un-send, so it then records the email
 *   through the pool as soon as Postgres answers; a second run of the same job could only slip in
 *   if the job's own lock in Redis were lost in that same window (see docs/RELIABILITY.md).
 * - A run that finds the lock taken waits for it, then defers the job without using up an attempt:
 *   failing would burn the job's few attempts in seconds, and a job out of attempts sends nothing.
 */
export function emailProcessor(
  db: DataSource,
  mailer: Mailer,
  handlers: EmailHandlers,
  ctx: HandlerContext,
  options: EmailProcessorOptions = {},
) {
  const { lockWaitMs = 30_000, deferMs = 5_000, log = () => undefined } = options;
  return async (job: Job<JobMap['email']>, token?: string): Promise<number> => {
    const event = job.data.event as OutboxEvent;
    const handler = handlers[event.type as EventType] as ((e: OutboxEvent, c: HandlerContext) => any) | undefined;
    if (!handler) throw new Error(`No email handler for ${event.type}`);
    const drafts = (await handler(event, ctx)) as Awaited<ReturnType<NonNullable<EmailHandlers[EventType]>>>;
    let sent = 0;
    for (const draft of drafts) {
      const outcome = await sendOnce(db, mailer, event.id, draft, lockWaitMs, log);
      if (outcome === 'busy') {
        if (!token) throw new Error(`email to ${draft.to} for event ${event.id} is being sent by another run`);
        log(`email to ${draft.to} for event ${event.id} is being sent by another run; job deferred ${deferMs} ms`);
        await job.moveToDelayed(Date.now() + deferMs, token);
        throw new DelayedError();
      }
      if (outcome === 'sent') sent++;
    }
    return sent;
  };
}

async function sendOnce(
  db: DataSource,
  mailer: Mailer,
  eventId: string,
  draft: EmailDraft,
  lockWaitMs: number,
  log: (msg: string) => void,
): Promise<'sent' | 'already-sent' | 'busy'> {
  const lock = await SendLock.acquire(db, `email|${eventId}|${draft.to}`, lockWaitMs);
  if (!lock) return 'busy';
  try {
    const done = await lock.query(`SELECT 1 FROM sent_emails WHERE event_id = $1 AND recipient = $2`, [
      eventId,
      draft.to,
    ]);
    if (done.length) return 'already-sent';
    // The check ran in the lock's session, so the lock was held then; if that session has died
    // since, another run may hold it now: do not send (the job is retried, nothing is lost).
    if (lock.lost) throw new Error(`lost the send lock for ${draft.to} (event ${eventId}) before sending`);
    const { messageId } = await mailer.send({
      to: draft.to,
      subject: draft.subject,
      html: draft.html,
      text: draft.text,
    });
    if (lock.lost) log(`lock connection for ${draft.to} (event ${eventId}) died mid-send; recording through the pool`);
    // The email is out: failing the job now would send it again on retry. Record it in the lock's
    // session while that lives (the lock then covers the record too), else through the pool,
    // riding out a Postgres restart before giving up.
    const record = `INSERT INTO sent_emails (event_id, recipient, template, message_id) VALUES ($1, $2, $3, $4)
                    ON CONFLICT DO NOTHING`;
    const params = [eventId, draft.to, draft.template, messageId];
    await withRetry(() => (lock.lost ? db.query(record, params) : lock.query(record, params)));
    return 'sent';
  } finally {
    await lock.release();
  }
}

/**
 * A session-level advisory lock held on a connection of its own, taken from the data source's pool.
 * `lost` turns true when that connection fails (Postgres then has released the lock).
 */
class SendLock {
  lost = false;
  private readonly onLost = () => {
    this.lost = true;
  };

  private constructor(
    private readonly client: PoolClient,
    private readonly key: string,
  ) {
    client.on('error', this.onLost);
    client.on('end', this.onLost);
  }

  /** The lock, or null if another session still holds it after `waitMs`. */
  static async acquire(db: DataSource, key: string, waitMs: number): Promise<SendLock | null> {
    const pool = (db.driver as unknown as { master: Pool }).master;
    const lock = new SendLock(await pool.connect(), key);
    try {
      // A holder whose host vanished (no FIN/RST) would keep its session, and the lock, until TCP
      // keepalive notices: by default after 2 h. Probe this session's peer after 10 s idle instead.
      await lock.query(
        `SELECT set_config('tcp_keepalives_idle', '10', false), set_config('tcp_keepalives_interval', '5', false),
                set_config('tcp_keepalives_count', '3', false)`,
      );
      const deadline = Date.now() + waitMs;
      for (;;) {
        const [{ locked }] = await lock.query<{ locked: boolean }>(
          `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
          [key],
        );
        if (locked) return lock;
        if (Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    } catch (err) {
      lock.discard();
      throw err;
    }
    lock.detach();
    lock.client.release();
    return null;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
    return (await this.client.query(sql, params)).rows as T[];
  }

  /** Unlocks and returns the connection; a connection that might still hold the lock is closed instead. */
  async release(): Promise<void> {
    if (this.lost) return this.discard();
    try {
      const [{ unlocked }] = await this.query<{ unlocked: boolean }>(
        `SELECT pg_advisory_unlock(hashtextextended($1, 0)) AS unlocked`,
        [this.key],
      );
      if (!unlocked) return this.discard();
    } catch {
      return this.discard();
    }
    this.detach();
    this.client.release();
  }

  private discard(): void {
    this.detach();
    this.client.release(true); // pg-pool closes the connection: its session, and any lock, end
  }

  private detach(): void {
    this.client.off('error', this.onLost);
    this.client.off('end', this.onLost);
  }
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
