import type { QuoteAction, QuoteStatus } from '@portal/contracts';

/**
 * Who takes an action, relative to one request: the office (`superadmin`), the employee or admin who
 * asked (`requester`), an admin of the request's company (`company_admin`), or the worker's clock.
 */
export type QuoteParty = 'superadmin' | 'requester' | 'company_admin' | 'worker';

export interface QuoteTransition {
  from: readonly QuoteStatus[];
  action: QuoteAction;
  who: readonly QuoteParty[];
  to: QuoteStatus;
}

const OPEN: readonly QuoteStatus[] = ['submitted', 'in_review', 'info_requested'];
const CUSTOMER: readonly QuoteParty[] = ['requester', 'company_admin'];

/**
 * THE state machine of a quote request (the contract's table, row for row). The API refuses anything not
 * in it (409); the web shows exactly the actions it allows for the viewer. `revise` also bumps the
 * revision.
 */
export const QUOTE_TRANSITIONS: readonly QuoteTransition[] = [
  { from: ['submitted'], action: 'assign', who: ['superadmin'], to: 'in_review' },
  { from: ['submitted', 'in_review'], action: 'request-info', who: ['superadmin'], to: 'info_requested' },
  { from: ['info_requested'], action: 'reply', who: CUSTOMER, to: 'in_review' },
  { from: ['submitted', 'in_review'], action: 'send-quote', who: ['superadmin'], to: 'quoted' },
  { from: ['quoted'], action: 'accept', who: CUSTOMER, to: 'accepted' },
  { from: ['quoted'], action: 'decline', who: CUSTOMER, to: 'declined' },
  { from: ['quoted'], action: 'expire', who: ['worker'], to: 'expired' },
  { from: ['quoted', 'expired'], action: 'revise', who: ['superadmin'], to: 'in_review' },
  { from: OPEN, action: 'withdraw', who: CUSTOMER, to: 'withdrawn' },
  { from: OPEN, action: 'reject', who: ['superadmin'], to: 'rejected' },
];

/** Statuses nothing leaves (every action is refused). */
export const QUOTE_FINAL_STATUSES: readonly QuoteStatus[] = ['accepted', 'declined', 'withdrawn', 'rejected'];

/** The row for `action` when it exists (whatever the status). */
export function quoteTransitionFor(action: QuoteAction): QuoteTransition | undefined {
  return QUOTE_TRANSITIONS.find((t) => t.action === action);
}

/**
 * The outcome of `action` by someone holding `parties` on a request in `status`:
 * 'forbidden' when none of the parties may ever take it, 'state' when the status does not allow it.
 */
export function decideQuoteAction(
  status: QuoteStatus,
  action: QuoteAction,
  parties: readonly QuoteParty[],
): { ok: true; to: QuoteStatus } | { ok: false; reason: 'forbidden' | 'state' } {
  const t = quoteTransitionFor(action);
  if (!t || !t.who.some((w) => parties.includes(w))) return { ok: false, reason: 'forbidden' };
  if (!t.from.includes(status)) return { ok: false, reason: 'state' };
  return { ok: true, to: t.to };
}

/** Every action the parties may take now (the detail's `allowed_actions`). */
export function allowedQuoteActions(status: QuoteStatus, parties: readonly QuoteParty[]): QuoteAction[] {
  return QUOTE_TRANSITIONS.filter((t) => t.from.includes(status) && t.who.some((w) => parties.includes(w))).map(
    (t) => t.action,
  );
}

/** Statuses from which a PDF of the quote exists. */
export const QUOTE_PDF_STATUSES: readonly QuoteStatus[] = ['quoted', 'accepted', 'expired'];

/** Statuses the office still has to act on (the desk's "open" work). */
export const QUOTE_OFFICE_STATUSES: readonly QuoteStatus[] = ['submitted', 'in_review'];
