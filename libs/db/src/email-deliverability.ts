import type { EntityManager } from 'typeorm';
import { bounceSentence, type EmailBouncedEvent } from '@portal/contracts';
import {
  SOFT_BOUNCE_WINDOW_DAYS,
  bounceReasonWords,
  deliverabilityPolicy,
  templateLabel,
  type EmailStatus,
  type ReportType,
  type SuppressionReason,
} from '@portal/domain';
import { commitChange, SYSTEM_ACTOR } from './change';
import { execute, queryOne, queryRows, type SqlRunner } from './sql';

/* Email deliverability: the state of each sent email, suppressions and bounce reports. */

export interface SentEmailState {
  status: EmailStatus;
  attempts: number;
  verp_token: string | null;
  /** The recipient's side answered for it (refused, bounced, complained): never tried again. */
  reported: boolean;
}

/** The state of this email of this event, or null when it was never tried. */
export function sentEmailState(run: SqlRunner, eventId: string, recipient: string): Promise<SentEmailState | null> {
  return queryOne(
    run,
    `SELECT s.status, s.attempts, s.verp_token,
            EXISTS (SELECT 1 FROM email_events e WHERE e.event_id = s.event_id AND e.recipient = s.recipient
                       AND e.type <> 'delivered') AS reported
       FROM sent_emails s WHERE s.event_id = $1 AND s.recipient = $2`,
    [eventId, recipient],
  );
}

/**
 * Whether a run should (still) try this email: never tried, deferred, or failed on our side (out of
 * attempts on a transient error — a manual retry from the dashboard tries again).
 */
export function shouldTry(state: SentEmailState | null): boolean {
  return !state || state.status === 'deferred' || (state.status === 'failed' && !state.reported);
}

/** Why an address is suppressed, or null. */
export async function suppressionOf(run: SqlRunner, address: string): Promise<SuppressionReason | null> {
  const row = await queryOne<{ reason: SuppressionReason }>(
    run,
    `SELECT reason FROM email_suppressions WHERE address = $1`,
    [address.toLowerCase()],
  );
  return row?.reason ?? null;
}

export interface EmailAttempt {
  eventId: string;
  recipient: string;
  template: string;
  status: EmailStatus;
  /** SMTP attempts this write adds (0 for a suppressed message, 1 for a try). */
  attempt: 0 | 1;
  messageId?: string | null;
  verpToken?: string | null;
  smtpCode?: number | null;
  enhancedStatus?: string | null;
  diagnostic?: string | null;
}

/** Records the outcome of one try (or of not trying) for (event, recipient). */
export async function recordEmailAttempt(run: SqlRunner, a: EmailAttempt): Promise<void> {
  await execute(
    run,
    `INSERT INTO sent_emails (event_id, recipient, template, message_id, status, attempts, verp_token, smtp_code,
                              enhanced_status, diagnostic)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (event_id, recipient) DO UPDATE SET
       message_id = COALESCE(EXCLUDED.message_id, sent_emails.message_id),
       status = EXCLUDED.status,
       attempts = sent_emails.attempts + EXCLUDED.attempts,
       verp_token = COALESCE(sent_emails.verp_token, EXCLUDED.verp_token),
       smtp_code = EXCLUDED.smtp_code,
       enhanced_status = EXCLUDED.enhanced_status,
       diagnostic = EXCLUDED.diagnostic,
       sent_at = CASE WHEN EXCLUDED.status = 'sent' THEN now() ELSE sent_emails.sent_at END,
       updated_at = now()`,
    [
      a.eventId,
      a.recipient,
      a.template,
      a.messageId ?? null,
      a.status,
      a.attempt,
      a.verpToken ?? null,
      a.smtpCode ?? null,
      a.enhancedStatus ?? null,
      a.diagnostic ?? null,
    ],
  );
}

/** The message a report is about: by VERP token, by Message-ID, else the latest email to the address. */
export async function findReportedMessage(
  run: SqlRunner,
  by: { verpToken?: string | null; messageId?: string | null; recipient?: string | null },
): Promise<{ event_id: string; recipient: string; template: string } | null> {
  if (by.verpToken)
    return queryOne(run, `SELECT event_id, recipient, template FROM sent_emails WHERE verp_token = $1`, [by.verpToken]);
  if (by.messageId) {
    const id = by.messageId.trim().replace(/^<|>$/g, '');
    const row = await queryOne<{ event_id: string; recipient: string; template: string }>(
      run,
      `SELECT event_id, recipient, template FROM sent_emails
        WHERE message_id IN ($1, $2) AND ($3::text IS NULL OR recipient = $3) LIMIT 1`,
      [id, `<${id}>`, by.recipient?.toLowerCase() ?? null],
    );
    if (row) return row;
  }
  if (!by.recipient) return null;
  return queryOne(
    run,
    `SELECT event_id, recipient, template FROM sent_emails
      WHERE recipient = $1 AND status <> 'suppressed' AND sent_at > now() - interval '30 days'
      ORDER BY sent_at DESC LIMIT 1`,
    [by.recipient.toLowerCase()],
  );
}

export interface EmailReport {
  /** Idempotency key: the same report twice changes nothing the second time. */
  key: string;
  eventId: string;
  recipient: string;
  template: string;
  type: ReportType;
  source: 'smtp' | 'webhook' | 'dsn';
  smtpCode?: number | null;
  enhancedStatus?: string | null;
  diagnostic?: string | null;
}

export type ReportOutcome = 'duplicate' | 'recorded' | 'suppressed';

/**
 * The one place a delivery report changes state, with all its side effects in the caller's
 * transaction: the report row (idempotent by key), the message's status, the suppression the policy
 * asks for, and — when the address became suppressed — the `email.bounced` event (notification to
 * superadmins, email to the company's admins), a live `email.bounced` to those admins and
 * `org.changed` so user lists show the address's new status.
 */
export async function recordEmailReport(m: EntityManager, r: EmailReport): Promise<ReportOutcome> {
  const recipient = r.recipient.toLowerCase();
  const inserted = await queryRows(
    m,
    `INSERT INTO email_events (event_key, recipient, type, event_id, enhanced_status, diagnostic, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_key) DO NOTHING RETURNING id`,
    [r.key, recipient, r.type, r.eventId, r.enhancedStatus ?? null, r.diagnostic ?? null, r.source],
  );
  if (!inserted.length) return 'duplicate';
  let soft = 0;
  if (r.type === 'soft_bounce') {
    const row = await queryOne<{ n: number }>(
      m,
      `SELECT count(*)::int AS n FROM email_events
        WHERE recipient = $1 AND type = 'soft_bounce' AND created_at > now() - make_interval(days => $2)`,
      [recipient, SOFT_BOUNCE_WINDOW_DAYS],
    );
    soft = row?.n ?? 0;
  }
  const policy = deliverabilityPolicy(r.type, soft);
  // A refusal while sending leaves the message `failed`; a later report marks it bounced/complained.
  const status = r.source === 'smtp' && r.type === 'hard_bounce' ? 'failed' : policy.messageStatus;
  if (status)
    await execute(
      m,
      `UPDATE sent_emails SET status = $3, smtp_code = COALESCE($4, smtp_code), enhanced_status = COALESCE($5, enhanced_status),
              diagnostic = COALESCE($6, diagnostic), updated_at = now()
        WHERE event_id = $1 AND recipient = $2`,
      [r.eventId, recipient, status, r.smtpCode ?? null, r.enhancedStatus ?? null, r.diagnostic ?? null],
    );
  if (!policy.suppress) return 'recorded';
  const fresh = await queryRows(
    m,
    `INSERT INTO email_suppressions (address, reason, smtp_code, enhanced_status, diagnostic)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (address) DO NOTHING RETURNING address`,
    [recipient, policy.suppress, r.smtpCode ?? null, r.enhancedStatus ?? null, r.diagnostic ?? null],
  );
  if (!fresh.length) return 'recorded';
  await announceBounce(m, r, recipient, policy.suppress);
  return 'suppressed';
}

async function announceBounce(
  m: EntityManager,
  r: EmailReport,
  recipient: string,
  kind: SuppressionReason,
): Promise<void> {
  const user = await queryOne<{
    id: string;
    username: string;
    role: string;
    company_id: string | null;
    name: string | null;
  }>(
    m,
    `SELECT u.id, u.username, u.role, u.company_id, c.name FROM users u LEFT JOIN companies c ON c.id = u.company_id
      WHERE u.email = $1`,
    [recipient],
  );
  const admins = user?.company_id
    ? await queryRows<{ userId: string; username: string; email: string }>(
        m,
        `SELECT id AS "userId", username, email FROM users
          WHERE company_id = $1 AND role = 'admin' AND status AND email <> $2 ORDER BY username`,
        [user.company_id, recipient],
      )
    : [];
  const payload: EmailBouncedEvent = {
    recipient,
    template: r.template,
    templateLabel: templateLabel(r.template),
    reason:
      kind === 'complaint'
        ? 'the recipient marked it as spam'
        : kind === 'soft_bounces'
          ? 'it was refused again and again'
          : bounceReasonWords(r.enhancedStatus ?? null, r.diagnostic ?? null),
    kind,
    smtpCode: r.smtpCode ?? null,
    enhancedStatus: r.enhancedStatus ?? null,
    user: user
      ? {
          userId: user.id,
          username: user.username,
          role: user.role,
          companyId: user.company_id,
          companyName: user.name,
        }
      : null,
    admins,
  };
  // The exit: the outbox event, the admins' live toast and the lists' refresh (CHANGE_PUSHES).
  await commitChange(m, SYSTEM_ACTOR, { events: [{ type: 'email.bounced', payload }] });
}

export { bounceSentence };

/** Lifts a suppression; true when there was one. */
export async function removeSuppression(
  run: SqlRunner,
  address: string,
): Promise<{ reason: SuppressionReason; created_at: Date } | null> {
  const rows = await queryRows<{ reason: SuppressionReason; created_at: Date }>(
    run,
    `DELETE FROM email_suppressions WHERE address = $1 RETURNING reason, created_at`,
    [address.toLowerCase()],
  );
  // Soft bounces counted so far start over too.
  if (rows.length)
    await execute(run, `DELETE FROM email_events WHERE recipient = $1 AND type = 'soft_bounce'`, [
      address.toLowerCase(),
    ]);
  return rows[0] ?? null;
}
