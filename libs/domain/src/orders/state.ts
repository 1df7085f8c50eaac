import type { OrderAction, OrderStatus } from '@portal/contracts';

/**
 * Who takes an action, relative to one request: the office (`superadmin`), the employee or admin who
 * submitted it (`requester`), an admin of the request's company (`company_admin`). `employee` and
 * `admin` name the submitter's role for `submit`, which has no request yet.
 */
export type OrderParty = 'superadmin' | 'requester' | 'company_admin' | 'employee' | 'admin';

export interface OrderTransition {
  /** Statuses it starts from; empty for `submit` (no request yet). */
  from: readonly OrderStatus[];
  action: OrderAction;
  who: readonly OrderParty[];
  /** Parties refused even when they also hold a `who` party (the requester approving their own). */
  never?: readonly OrderParty[];
  to: OrderStatus;
  /** For `submit`: which total takes this row. */
  when?: 'within_threshold' | 'over_threshold';
  /** The action's `reason` must be given. */
  reasonRequired?: boolean;
}

const CUSTOMER: readonly OrderParty[] = ['requester', 'company_admin'];

/**
 * THE state machine of an order request, row for row. The API refuses anything not in it (403 for a
 * party that may never take the action, 409 naming the state otherwise); the web shows exactly the
 * actions it allows for the viewer (`allowed_actions`).
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: [], action: 'submit', who: ['employee', 'admin'], to: 'submitted', when: 'within_threshold' },
  { from: [], action: 'submit', who: ['employee'], to: 'pending_approval', when: 'over_threshold' },
  { from: ['pending_approval'], action: 'approve', who: ['company_admin'], never: ['requester'], to: 'submitted' },
  {
    from: ['pending_approval'],
    action: 'reject',
    who: ['company_admin'],
    never: ['requester'],
    to: 'rejected',
    reasonRequired: true,
  },
  { from: ['submitted'], action: 'acknowledge', who: ['superadmin'], to: 'acknowledged' },
  { from: ['acknowledged'], action: 'confirm', who: ['superadmin'], to: 'confirmed' },
  { from: ['confirmed'], action: 'ship', who: ['superadmin'], to: 'shipped' },
  { from: ['submitted', 'pending_approval'], action: 'cancel', who: CUSTOMER, to: 'cancelled' },
  {
    from: ['submitted', 'acknowledged', 'confirmed'],
    action: 'cancel',
    who: ['superadmin'],
    to: 'cancelled',
    reasonRequired: true,
  },
];

/** Statuses nothing leaves. */
export const ORDER_FINAL_STATUSES: readonly OrderStatus[] = ['shipped', 'rejected', 'cancelled'];

/** Statuses the office still has to act on (the desk's open work). */
export const ORDER_OFFICE_STATUSES: readonly OrderStatus[] = ['submitted', 'acknowledged', 'confirmed'];

/** The status a new request starts in: over the threshold, an employee's waits for an admin. */
export function submitStatus(
  role: 'employee' | 'admin',
  totalCents: number,
  thresholdCents: number | null,
): OrderStatus {
  const over = thresholdCents !== null && totalCents > thresholdCents;
  const row = ORDER_TRANSITIONS.find(
    (t) =>
      t.action === 'submit' &&
      t.who.includes(role) &&
      t.when === (over && role === 'employee' ? 'over_threshold' : 'within_threshold'),
  );
  return row!.to;
}

function mayTake(t: OrderTransition, parties: readonly OrderParty[]): boolean {
  return t.who.some((w) => parties.includes(w)) && !(t.never ?? []).some((w) => parties.includes(w));
}

/**
 * The outcome of `action` by someone holding `parties` on a request in `status`: 'forbidden' when
 * no row lets these parties take it, 'state' when the status does not allow it. `submit` is not
 * decided here (see `submitStatus`).
 */
export function decideOrderAction(
  status: OrderStatus,
  action: OrderAction,
  parties: readonly OrderParty[],
): { ok: true; to: OrderStatus; transition: OrderTransition } | { ok: false; reason: 'forbidden' | 'state' } {
  if (action === 'submit') return { ok: false, reason: 'state' };
  const rows = ORDER_TRANSITIONS.filter((t) => t.action === action && mayTake(t, parties));
  if (!rows.length) return { ok: false, reason: 'forbidden' };
  const row = rows.find((t) => t.from.includes(status));
  if (!row) return { ok: false, reason: 'state' };
  return { ok: true, to: row.to, transition: row };
}

/** Every action the parties may take now (the detail's `allowed_actions`), in table order, once each. */
export function allowedOrderActions(status: OrderStatus, parties: readonly OrderParty[]): OrderAction[] {
  const out: OrderAction[] = [];
  for (const t of ORDER_TRANSITIONS) {
    if (t.from.includes(status) && mayTake(t, parties) && !out.includes(t.action)) out.push(t.action);
  }
  return out;
}
