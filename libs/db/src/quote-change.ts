import type { EntityManager } from 'typeorm';
import { rooms, type AuditValues, type QuoteEventRef, type QuoteStatus, type RoleKey } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';
import { recordAudit, type AuditActor } from './audit';
import { publishEvent } from './outbox';
import { queryRows } from './sql';

/**
 * The ONE place a quote request's change leaves its traces (audit entry, outbox event, live
 * `quote.changed`), inside the caller's transaction. Used by the API's quote service and the
 * worker's expiry sweep; when the structure work's "one exit" lands, only this function changes.
 */

/** Who changed it; `email` is needed when the change publishes an event. */
export type QuoteChangeActor = AuditActor & { email?: string };

export interface QuoteChangeTarget {
  id: string;
  number: string;
  /** The status after the change. */
  status: QuoteStatus;
  company_id: string;
  company_name: string;
  requested_by: string | null;
  requester_name: string;
}

/** Quote events that notify someone, and whom their emails go to. */
const EVENT_AUDIENCE = {
  'quote.submitted': ['superadmin'],
  'quote.replied': ['superadmin'],
  'quote.accepted': ['company_admin', 'superadmin'],
  'quote.quoted': ['requester', 'company_admin'],
  'quote.info_requested': ['requester'],
} as const satisfies Record<string, readonly ('superadmin' | 'company_admin' | 'requester')[]>;
export type QuoteEventType = keyof typeof EVENT_AUDIENCE;

export interface QuoteChange {
  quote: QuoteChangeTarget;
  /** Audit action, e.g. `quote_request.quoted`. */
  audit: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
  event?: { type: QuoteEventType; message?: string; validUntil?: string };
  /** Push `quote.changed` (false for a change that does not move the request, e.g. a thread message). */
  announce?: boolean;
}

interface AudienceRow {
  id: string;
  email: string;
  username: string;
  role: RoleKey;
}

/** Active superadmins, the company's active admins and the requester (one small query). */
function audience(m: EntityManager, companyId: string, requesterId: string | null): Promise<AudienceRow[]> {
  return queryRows<AudienceRow>(
    m,
    `SELECT id, email, username, role FROM users
      WHERE status AND (role = 'superadmin' OR (role = 'admin' AND company_id = $1) OR id = $2::uuid)`,
    [companyId, requesterId],
  );
}

export async function recordQuoteChange(m: EntityManager, actor: QuoteChangeActor, change: QuoteChange): Promise<void> {
  const q = change.quote;
  await recordAudit(m, actor, [
    {
      action: change.audit,
      entity: 'quote_request',
      entityId: q.id,
      companyId: q.company_id,
      before: change.before ?? null,
      after: change.after ?? null,
    },
  ]);
  const announce = change.announce ?? true;
  if (!announce && !change.event) return;
  const people = await audience(m, q.company_id, q.requested_by);
  if (announce) {
    const admins = people.filter((p) => p.role === 'admin');
    const targets = [
      rooms.role('superadmin'),
      ...(q.requested_by ? [rooms.user(q.requested_by)] : []),
      ...admins.map((a) => rooms.user(a.id)),
    ];
    await publishRealtime(m, [...new Set(targets)], 'quote.changed', { _id: q.id, number: q.number, status: q.status });
  }
  if (change.event) {
    const wanted = EVENT_AUDIENCE[change.event.type] as readonly string[];
    const seen = new Set<string>([actor.email ?? '']);
    const recipients: QuoteEventRef['recipients'] = [];
    for (const p of people) {
      const party =
        p.id === q.requested_by
          ? 'requester'
          : p.role === 'superadmin'
            ? 'superadmin'
            : p.role === 'admin'
              ? 'company_admin'
              : null;
      const isAdminRequester = p.id === q.requested_by && p.role === 'admin' && wanted.includes('company_admin');
      if (!party || (!wanted.includes(party) && !isAdminRequester) || seen.has(p.email)) continue;
      seen.add(p.email);
      recipients.push({ email: p.email, username: p.username, role: p.role });
    }
    const ref: QuoteEventRef = {
      quoteId: q.id,
      number: q.number,
      status: q.status,
      companyId: q.company_id,
      companyName: q.company_name,
      requester: { id: q.requested_by, username: q.requester_name },
      recipients,
      actor: {
        id: actor.id ?? '',
        username: actor.username,
        email: actor.email ?? '',
        role: actor.role ?? 'superadmin',
      },
    };
    const type = change.event.type;
    if (type === 'quote.info_requested' || type === 'quote.replied') {
      await publishEvent(m, type, { ...ref, message: change.event.message ?? '' }, actor.id);
    } else if (type === 'quote.quoted') {
      await publishEvent(m, type, { ...ref, validUntil: change.event.validUntil ?? '' }, actor.id);
    } else {
      await publishEvent(m, type, ref, actor.id);
    }
  }
}
