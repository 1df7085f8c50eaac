import { DelayedError, type Job } from 'bullmq';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { EventType, JobMap, NotificationView, OutboxEvent } from '@portal/contracts';
import { commitChange, SYSTEM_ACTOR } from '@portal/db';
import type { Mailer } from '@portal/platform';
import { plainText } from '@portal/domain';
import type {
  EmailDraft,
  EmailHandlers,
  HandlerContext,
  NotificationDraft,
  NotificationHandlers,
} from './handlers/registry';
import { SendLock } from './email/send-lock';
import { onPool, recordSent, wasSent } from './email/sent-emails.repository';
import { insertNotification } from './notifications/notifications.repository';

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
      const row = await insertNotification(m, { eventId: event.id, createdAt: event.createdAt, ...draft });
      if (!row) return 'duplicate';
      const view: NotificationView = {
        _id: row.id,
        username: draft.username,
        email: draft.email,
        description: draft.description,
        date: new Date(row.created_at).toISOString(),
        read_status: false,
      };
      await commitChange(m, SYSTEM_ACTOR, { events: [{ type: 'notification.created', payload: view }] });
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
 *   both pass the check. The lock lives on its own connection from `locks` (a pg Pool the worker
 *   owns, apart from the DataSource's) and is released by Postgres
 *   when that session ends — when the worker dies (the re-run then sends: the dead run never got
 *   its 250), but also when only the connection dies (Postgres restarted or the backend
 *   terminated) while this run is still sending. It cannot un-send, so it then records the email
 *   through the DataSource as soon as Postgres answers; a second run of the same job could only slip in
 *   if the job's own lock in Redis were lost in that same window (see docs/RELIABILITY.md).
 * - A run that finds the lock taken waits for it, then defers the job without using up an attempt:
 *   failing would burn the job's few attempts in seconds, and a job out of attempts sends nothing.
 */
export function emailProcessor(
  db: DataSource,
  locks: Pool,
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
      const outcome = await sendOnce(db, locks, mailer, event.id, draft, lockWaitMs, log);
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
  locks: Pool,
  mailer: Mailer,
  eventId: string,
  draft: EmailDraft,
  lockWaitMs: number,
  log: (msg: string) => void,
): Promise<'sent' | 'already-sent' | 'busy'> {
  const lock = await SendLock.acquire(locks, `email|${eventId}|${draft.to}`, lockWaitMs);
  if (!lock) return 'busy';
  try {
    if (await wasSent(lock.query, eventId, draft.to)) return 'already-sent';
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
    const sent = { eventId, recipient: draft.to, template: draft.template, messageId };
    await withRetry(() => recordSent(lock.lost ? onPool(db) : lock.query, sent));
    return 'sent';
  } finally {
    await lock.release();
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
