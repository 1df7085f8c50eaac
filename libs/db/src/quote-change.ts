import type { AuditAction, AuditValues, QuoteEventRef, QuoteStatus } from '@portal/contracts';
import { quoteLiveAudience, quoteRecipients, type QuoteEventType, type QuotePerson } from '@portal/domain';
import type { AuditEntry, ChangeBuilder, ChangeEvent } from './change';
import { queryRows, type SqlRunner } from './sql';

/*
 * What a quote request's change leaves behind (audit entry, outbox event, live `quote.changed`),
 * built for the exit (`commitChange`) inside the caller's transaction. Used by the API's quote
 * services and the worker's expiry sweep.
 */

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

/** Active superadmins, the company's active admins and the requester (one small query). */
function audience(m: SqlRunner, companyId: string, requesterId: string | null): Promise<QuotePerson[]> {
  return queryRows<QuotePerson>(
    m,
    `SELECT id, email, username, role FROM users
      WHERE status AND (role = 'superadmin' OR (role = 'admin' AND company_id = $1) OR id = $2::uuid)`,
    [companyId, requesterId],
  );
}

/**
 * A quote request's change: its audit entry, the event whose emails reach the parties
 * `QUOTE_EVENT_AUDIENCE` names (libs/domain), and the live `quote.changed`. For the exit:
 * `commitChange(m, actor, quoteChange({ quote, audit, event }))`.
 */
export function quoteChange(change: QuoteChange): ChangeBuilder {
  return async (m, actor) => {
    const q = change.quote;
    const audit: AuditEntry[] = [
      {
        action: change.audit,
        entity: 'quote_request',
        entityId: q.id,
        companyId: q.company_id,
        before: change.before ?? null,
        after: change.after ?? null,
      },
    ];
    const announce = change.announce ?? true;
    if (!announce && !change.event) return { audit };
    const people = await audience(m, q.company_id, q.requested_by);
    const events: ChangeEvent[] = [];
    if (change.event) {
      const recipients = quoteRecipients(change.event.type, people, q.requested_by, actor.email).map(
        ({ email, username, role }) => ({ email, username, role }),
      );
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
      const userIds = quoteLiveAudience(people, q.requested_by);
      events.push({ type: 'quote.changed', payload: { _id: q.id, number: q.number, status: q.status, userIds } });
    }
    return { events, audit };
  };
}
