import { randomBytes } from 'node:crypto';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { EventType, JobMap, NotificationView, OutboxEvent } from '@portal/contracts';
import type { Mailer } from '@portal/platform';
import { USER_REQUESTED_TEMPLATES, classifySmtpError, plainText, type SmtpOutcome } from '@portal/domain';
import {
  commitChange,
  recordEmailAttempt,
  recordEmailReport,
  sentEmailState,
  shouldTry,
  suppressionOf,
  SYSTEM_ACTOR,
} from '@portal/db';
import type {
  EmailDraft,
  EmailHandlers,
  HandlerContext,
  NotificationDraft,
  NotificationHandlers,
} from './handlers/registry';
import { SendLock } from './email/send-lock';
import { onPool, runner } from './email/sent-emails.repository';
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
      const row = await insertNotification(m, {
        eventId: event.id,
        createdAt: event.createdAt,
        actorId: event.actorId,
        ...draft,
      });
      if (!row) return 'duplicate';
      const view: NotificationView = {
        _id: row.id,
        username: draft.username,
        email: draft.email,
        description: draft.description,
        date: new Date(row.created_at).toISOString(),
        read_status: false,
        actor_id: event.actorId,
        link: notificationLink(draft),
      };
      await commitChange(m, SYSTEM_ACTOR, { events: [{ type: 'notification.created', payload: view }] });
      return 'created';
    });
  };
}

/** The page a notification is about (superadmin screens): the user, else the company. */
export function notificationLink(d: Pick<NotificationDraft, 'userId' | 'companyId'>): string | null {
  if (d.userId && d.companyId) return `/superadmin/companies/${d.companyId}/user/${d.userId}`;
  if (d.companyId) return `/superadmin/companies/${d.companyId}`;
  return null;
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
  /** Envelope senders become `bounces+<token>@<bounceDomain>` (VERP) when set. */
  bounceDomain?: string;
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
  const { lockWaitMs = 30_000, deferMs = 5_000, log = () => undefined, bounceDomain } = options;
  return async (job: Job<JobMap['email']>, token?: string): Promise<number> => {
    const event = job.data.event as OutboxEvent;
    const handler = handlers[event.type as EventType] as ((e: OutboxEvent, c: HandlerContext) => any) | undefined;
    if (!handler) throw new Error(`No email handler for ${event.type}`);
    const drafts = (await handler(event, ctx)) as Awaited<ReturnType<NonNullable<EmailHandlers[EventType]>>>;
    let sent = 0;
    const refused: string[] = [];
    // The last try of this job: a transient failure now leaves the message `failed`, not `deferred`.
    const lastTry = (job.attemptsMade ?? 0) + 1 >= (job.opts?.attempts ?? 1);
    for (const draft of drafts) {
      const outcome = await sendOnce(db, locks, mailer, event.id, draft, { lockWaitMs, log, bounceDomain, lastTry });
      if (outcome === 'busy') {
        if (!token) throw new Error(`email to ${draft.to} for event ${event.id} is being sent by another run`);
        log(`email to ${draft.to} for event ${event.id} is being sent by another run; job deferred ${deferMs} ms`);
        await job.moveToDelayed(Date.now() + deferMs, token);
        throw new DelayedError();
      }
      if (outcome === 'sent') sent++;
      else if (typeof outcome === 'object') refused.push(`${draft.to}: ${outcome.diagnostic}`);
    }
    // A permanent refusal is never retried (a 550 sent five times hurts the sender's reputation);
    // the other recipients of the event were still tried above.
    if (refused.length) throw new UnrecoverableError(`permanently refused: ${refused.join('; ')}`);
    return sent;
  };
}

interface SendOptions {
  lockWaitMs: number;
  log: (msg: string) => void;
  bounceDomain?: string;
  lastTry: boolean;
}

async function sendOnce(
  db: DataSource,
  locks: Pool,
  mailer: Mailer,
  eventId: string,
  draft: EmailDraft,
  o: SendOptions,
): Promise<'sent' | 'already-sent' | 'busy' | 'suppressed' | SmtpOutcome> {
  const lock = await SendLock.acquire(locks, `email|${eventId}|${draft.to}`, o.lockWaitMs);
  if (!lock) return 'busy';
  const base = { eventId, recipient: draft.to, template: draft.template };
  try {
    const state = await sentEmailState(runner(lock.query), eventId, draft.to);
    // Sent, refused, bounced, suppressed: final. Deferred (or failed on our side): tried again.
    if (!shouldTry(state)) return 'already-sent';
    // A suppressed address gets no system emails; what the user asked for is still tried.
    if (!USER_REQUESTED_TEMPLATES.includes(draft.template) && (await suppressionOf(runner(lock.query), draft.to))) {
      await recordEmailAttempt(runner(lock.query), { ...base, status: 'suppressed', attempt: 0 });
      return 'suppressed';
    }
    // The check ran in the lock's session, so the lock was held then; if that session has died
    // since, another run may hold it now: do not send (the job is retried, nothing is lost).
    if (lock.lost) throw new Error(`lost the send lock for ${draft.to} (event ${eventId}) before sending`);
    const verpToken = state?.verp_token ?? randomBytes(10).toString('hex');
    let messageId: string;
    try {
      ({ messageId } = await mailer.send({
        to: draft.to,
        subject: draft.subject,
        html: draft.html,
        text: draft.text,
        ...(draft.attachments?.length ? { attachments: draft.attachments } : {}),
        ...(o.bounceDomain ? { envelopeFrom: `bounces+${verpToken}@${o.bounceDomain}` } : {}),
      }));
    } catch (err) {
      const outcome = classifySmtpError(err as Error);
      const refusal = {
        ...base,
        attempt: 1 as const,
        verpToken,
        smtpCode: outcome.smtpCode,
        enhancedStatus: outcome.enhancedStatus,
        diagnostic: outcome.diagnostic,
      };
      if (outcome.kind === 'permanent') {
        // Refused for good: the message fails, the address is suppressed and the company's
        // admins are told — one transaction.
        await withRetry(() =>
          db.transaction(async (m) => {
            await recordEmailAttempt(m, { ...refusal, status: 'failed' });
            await recordEmailReport(m, {
              ...base,
              key: `smtp:${eventId}:${draft.to}`,
              type: 'hard_bounce',
              source: 'smtp',
              smtpCode: outcome.smtpCode,
              enhancedStatus: outcome.enhancedStatus,
              diagnostic: outcome.diagnostic,
            });
          }),
        );
        return outcome;
      }
      await recordEmailAttempt(runner(lock.lost ? onPool(db) : lock.query), {
        ...refusal,
        status: o.lastTry ? 'failed' : 'deferred',
      }).catch(() => undefined);
      throw err;
    }
    if (lock.lost)
      o.log(`lock connection for ${draft.to} (event ${eventId}) died mid-send; recording through the pool`);
    // The email is out: failing the job now would send it again on retry. Record it in the lock's
    // session while that lives (the lock then covers the record too), else through the pool,
    // riding out a Postgres restart before giving up.
    await withRetry(() =>
      recordEmailAttempt(runner(lock.lost ? onPool(db) : lock.query), {
        ...base,
        status: 'sent',
        attempt: 1,
        messageId,
        verpToken,
      }),
    );
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
