import type { AuditAction, AuditValues, OrderEventRef, OrderStatus, RoleKey } from '@portal/contracts';
import type { AuditEntry, ChangeBuilder, ChangeEvent } from './change';
import { queryRows } from './sql';

/*
 * What an order request's change leaves behind (audit entry, outbox events with their email
 * recipients, live `order.changed`), built for the exit (`commitChange`) inside the caller's
 * transaction. Payloads never carry prices.
 */

export interface OrderChangeTarget {
  id: string;
  number: string;
  /** The status after the change. */
  status: OrderStatus;
  company_id: string;
  company_name: string;
  requested_by: string | null;
  requester_name: string;
  po_number: string | null;
  line_count: number;
}

type Party = 'superadmin' | 'company_admin' | 'requester';

/** Order events, and whom their notification emails go to. */
const EVENT_AUDIENCE = {
  'order.submitted': ['superadmin'],
  'order.approval_requested': ['company_admin'],
  'order.approved': ['requester'],
  'order.rejected': ['requester'],
  'order.acknowledged': ['requester', 'company_admin'],
  'order.confirmed': ['requester', 'company_admin'],
  'order.shipped': ['requester', 'company_admin'],
  'order.cancelled': ['requester', 'company_admin'],
} as const satisfies Record<string, readonly Party[]>;
export type OrderEventType = keyof typeof EVENT_AUDIENCE;

export type OrderEventInput =
  | { type: 'order.submitted' | 'order.approval_requested' | 'order.approved' | 'order.acknowledged' }
  | { type: 'order.rejected'; reason: string }
  | { type: 'order.confirmed'; officeRef: string | null; shipsOn: string | null }
  | { type: 'order.shipped'; tracking: string | null }
  | { type: 'order.cancelled'; reason: string | null };

export interface OrderChange {
  order: OrderChangeTarget;
  /** Audit action, e.g. `order_request.acknowledged`. */
  audit: AuditAction;
  before?: AuditValues | null;
  after?: AuditValues | null;
  events?: OrderEventInput[];
}

interface AudienceRow {
  id: string;
  email: string;
  username: string;
  role: RoleKey;
}

/** An order request's change, for the exit: `commitChange(m, actor, orderChange({ order, audit, events }))`. */
export function orderChange(change: OrderChange): ChangeBuilder {
  return async (m, actor) => {
    const o = change.order;
    const audit: AuditEntry[] = [
      {
        action: change.audit,
        entity: 'order_request',
        entityId: o.id,
        companyId: o.company_id,
        before: change.before ?? null,
        after: change.after ?? null,
      },
    ];
    // Active superadmins, the company's active admins and the requester (one small query).
    const people = await queryRows<AudienceRow>(
      m,
      `SELECT id, email, username, role FROM users
      WHERE status AND (role = 'superadmin' OR (role = 'admin' AND company_id = $1) OR id = $2::uuid)`,
      [o.company_id, o.requested_by],
    );
    const events: ChangeEvent[] = [];
    for (const input of change.events ?? []) {
      const wanted = EVENT_AUDIENCE[input.type] as readonly Party[];
      const seen = new Set<string>([actor.email ?? '']);
      const recipients: OrderEventRef['recipients'] = [];
      for (const p of people) {
        const parties: Party[] = [];
        if (p.id === o.requested_by) parties.push('requester');
        if (p.role === 'superadmin') parties.push('superadmin');
        if (p.role === 'admin') parties.push('company_admin');
        // An admin who asked approval of nobody but themselves is never asked (approval is by another admin).
        if (input.type === 'order.approval_requested' && p.id === o.requested_by) continue;
        if (!parties.some((x) => wanted.includes(x)) || seen.has(p.email)) continue;
        seen.add(p.email);
        recipients.push({ email: p.email, username: p.username, role: p.role });
      }
      const ref: Omit<OrderEventRef, 'actor'> = {
        orderId: o.id,
        number: o.number,
        status: o.status,
        companyId: o.company_id,
        companyName: o.company_name,
        poNumber: o.po_number,
        lineCount: o.line_count,
        requester: { id: o.requested_by, username: o.requester_name },
        recipients,
      };
      const { type, ...extra } = input;
      events.push({ type, payload: { ...ref, ...extra } } as ChangeEvent);
    }
    // Superadmins, the requester and the company's admins (by their user rooms): no other employee.
    const userIds = [
      ...new Set([
        ...(o.requested_by ? [o.requested_by] : []),
        ...people.filter((p) => p.role === 'admin').map((p) => p.id),
      ]),
    ];
    events.push({ type: 'order.changed', payload: { _id: o.id, number: o.number, status: o.status, userIds } });
    return { events, audit };
  };
}
