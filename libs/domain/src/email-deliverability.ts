/**
 * Email deliverability: which SMTP answers are permanent, and when an address is suppressed.
 * One table of rules, read by the worker (sending, inbound bounces), the API (webhook) and the web.
 */

export const EMAIL_STATUSES = ['sent', 'deferred', 'failed', 'bounced', 'suppressed', 'complained'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** How a user's address stands, as user rows show it. */
export type UserEmailStatus = 'ok' | 'bounced' | 'suppressed';

export type SuppressionReason = 'hard_bounce' | 'complaint' | 'soft_bounces';

/** Soft bounces within this window … */
export const SOFT_BOUNCE_WINDOW_DAYS = 7;
/** … this many of them suppress the address. */
export const SOFT_BOUNCE_LIMIT = 3;

/**
 * Templates a user asked for themselves: still tried for a suppressed address (the person may have
 * fixed their mailbox and is waiting for this very message).
 */
export const USER_REQUESTED_TEMPLATES: readonly string[] = ['password-reset', 'email-change-confirm'];

/** What an SMTP error from the transport means for the message. */
export interface SmtpOutcome {
  kind: 'permanent' | 'transient';
  smtpCode: number | null;
  enhancedStatus: string | null;
  diagnostic: string;
}

const ENHANCED = /\b([245]\.\d{1,3}\.\d{1,3})\b/;

/** The enhanced status code (RFC 3463) in a server's answer, e.g. `5.1.1`. */
export function enhancedStatusOf(text: string | null | undefined): string | null {
  return text ? (ENHANCED.exec(text)?.[1] ?? null) : null;
}

/**
 * Classifies a failed send. A 5xx answer to RCPT or DATA (the recipient or the message was refused)
 * is permanent; anything else — 4xx, a connection that failed, a 5xx to AUTH or MAIL FROM (our own
 * configuration, not the recipient) — is transient and keeps the job's back-off.
 */
export function classifySmtpError(err: {
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}): SmtpOutcome {
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const command = (err.command ?? '').toUpperCase();
  const diagnostic = firstLine(err.response ?? err.message ?? 'unknown error');
  const atRecipientOrData = command.startsWith('RCPT') || command === 'DATA' || command.startsWith('DATA');
  const permanent = code !== null && code >= 500 && code < 600 && atRecipientOrData;
  return {
    kind: permanent ? 'permanent' : 'transient',
    smtpCode: code,
    enhancedStatus: enhancedStatusOf(diagnostic),
    diagnostic,
  };
}

export function firstLine(text: string, max = 300): string {
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  return line.trim().slice(0, max);
}

export type ReportType = 'hard_bounce' | 'soft_bounce' | 'complaint' | 'delivered';

/** A bounce report's type from its status: 5.x.x is permanent, 4.x.x soft. */
export function bounceTypeOf(
  status: string | null | undefined,
  fallback: 'hard_bounce' | 'soft_bounce' = 'hard_bounce',
) {
  if (status?.startsWith('5')) return 'hard_bounce' as const;
  if (status?.startsWith('4')) return 'soft_bounce' as const;
  return fallback;
}

/**
 * The policy: a permanent bounce or a complaint suppresses at once; soft bounces suppress when this
 * one makes `SOFT_BOUNCE_LIMIT` within `SOFT_BOUNCE_WINDOW_DAYS`. Also the message's new status.
 */
export function deliverabilityPolicy(
  type: ReportType,
  softBouncesInWindow: number,
): { messageStatus: EmailStatus | null; suppress: SuppressionReason | null } {
  switch (type) {
    case 'hard_bounce':
      return { messageStatus: 'bounced', suppress: 'hard_bounce' };
    case 'complaint':
      return { messageStatus: 'complained', suppress: 'complaint' };
    case 'soft_bounce':
      return { messageStatus: null, suppress: softBouncesInWindow >= SOFT_BOUNCE_LIMIT ? 'soft_bounces' : null };
    case 'delivered':
      return { messageStatus: null, suppress: null };
  }
}

/** A user row's `email_status` from their address's suppression (if any). */
export function userEmailStatus(reason: SuppressionReason | null): UserEmailStatus {
  if (!reason) return 'ok';
  return reason === 'hard_bounce' ? 'bounced' : 'suppressed';
}

/** Plain words for an enhanced status (what an admin reads in "… bounced: mailbox does not exist"). */
export function bounceReasonWords(enhancedStatus: string | null, diagnostic: string | null): string {
  const known: Record<string, string> = {
    '5.1.1': 'mailbox does not exist',
    '5.1.2': 'the domain does not exist',
    '5.1.10': 'mailbox does not exist',
    '5.2.1': 'mailbox is disabled',
    '5.2.2': 'mailbox is full',
    '4.2.2': 'mailbox is full',
    '5.7.1': 'the receiving server refused the message',
    '5.4.1': 'the receiving server refused the recipient',
  };
  if (enhancedStatus && known[enhancedStatus]) return known[enhancedStatus];
  if (diagnostic) return diagnostic.replace(/^\d{3}[ -](\d\.\d+\.\d+ )?/, '').slice(0, 120);
  return 'the address refused the message';
}

/** What each template is called in a sentence ("The welcome email to …"). */
export const TEMPLATE_LABELS: Record<string, string> = {
  'org-welcome': 'welcome email',
  'org-resend': 'account information email',
  'org-user-updated': 'account update email',
  'org-user-activated': 'account activation email',
  'org-user-deactivated': 'account deactivation email',
  'password-reset': 'password reset email',
  'email-change-confirm': 'email change confirmation',
};

export function templateLabel(template: string): string {
  return TEMPLATE_LABELS[template] ?? 'email';
}
