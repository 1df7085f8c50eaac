import type { EntityManager } from 'typeorm';
import type { AuditAction, AuditValues, QuoteEventRef, QuoteStatus, RoleKey } from '@portal/contracts';
import { commitChange, type Actor, type ChangeEvent } from './change';
import { queryRows } from './sql';

/**
 * The ONE place a quote request's change leaves its traces (audit entry, outbox event, live
 * `quote.changed`), inside the caller's transaction, through the exit (`commitChange`). Used by the
 * API's quote service and the worker's expiry sweep.
 */

/** Who changed it (the exit stamps it onto the event as `actor`). */
export type QuoteChangeActor = Actor;

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

/** The select list of a QuoteChangeTarget, over `quote_requests q` joined to `companies c`. */
export const QUOTE_CHANGE_TARGET_COLUMNS =
  'q.id, q.number, q.status, q.company_id, c.name AS company_name, q.requested_by, q.requester_name';

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
  audit: AuditAction;
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
  const audit = [
    {
      action: change.audit,
      entity: 'quote_request' as const,
      entityId: q.id,
      companyId: q.company_id,
      before: change.before ?? null,
      after: change.after ?? null,
    },
  ];
  const announce = change.announce ?? true;
  if (!announce && !change.event) {
    await commitChange(m, actor, { audit });
    return;
  }
  const people = await audience(m, q.company_id, q.requested_by);
  const events: ChangeEvent[] = [];
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
    const ref: Omit<QuoteEventRef, 'actor'> = {
      quoteId: q.id,
      number: q.number,
      status: q.status,
      companyId: q.company_id,
      companyName: q.company_name,
      requester: { id: q.requested_by, username: q.requester_name },
      recipients,
    };
    const type = change.event.type;
    if (type === 'quote.info_requested' || type === 'quote.replied') {
      events.push({ type, payload: { ...ref, message: change.event.message ?? '' } });
    } else if (type === 'quote.quoted') {
      events.push({ type, payload: { ...ref, validUntil: change.event.validUntil ?? '' } });
    } else {
      events.push({ type, payload: ref });
    }
  }
  if (announce) {
    // Superadmins, the requester and the company's admins (by their user rooms): no other employee.
    const userIds = [
      ...new Set([
        ...(q.requested_by ? [q.requested_by] : []),
        ...people.filter((p) => p.role === 'admin').map((p) => p.id),
      ]),
    ];
    events.push({ type: 'quote.changed', payload: { _id: q.id, number: q.number, status: q.status, userIds } });
  }
  await commitChange(m, actor, { events, audit });
}
