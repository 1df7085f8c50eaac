import type { PriceChangeAction, PriceChangeStatus } from '@portal/contracts';

/** Who moves a price change: the office (`superadmin`) or the worker's clock. */
export type PriceChangeParty = 'superadmin' | 'worker';
export type PriceChangeStep = PriceChangeAction | 'apply' | 'finish' | 'fail';

export interface PriceChangeTransition {
  from: readonly PriceChangeStatus[];
  action: PriceChangeStep;
  who: PriceChangeParty;
  to: PriceChangeStatus;
}

/**
 * THE state machine of a scheduled price change: scheduled → applying → applied | failed, and
 * scheduled → cancelled. An `edit` keeps it scheduled (with a new version). The API refuses anything
 * not in it (409) and answers `allowed_actions` from it; the worker's claims use the same rows.
 */
export const PRICE_CHANGE_TRANSITIONS: readonly PriceChangeTransition[] = [
  { from: ['scheduled'], action: 'edit', who: 'superadmin', to: 'scheduled' },
  { from: ['scheduled'], action: 'cancel', who: 'superadmin', to: 'cancelled' },
  { from: ['scheduled'], action: 'apply', who: 'worker', to: 'applying' },
  { from: ['applying'], action: 'finish', who: 'worker', to: 'applied' },
  { from: ['scheduled', 'applying'], action: 'fail', who: 'worker', to: 'failed' },
];

/** The status after `action` from `status`, or null when the table does not allow it. */
export function priceChangeTransition(status: PriceChangeStatus, action: PriceChangeStep): PriceChangeStatus | null {
  return PRICE_CHANGE_TRANSITIONS.find((t) => t.action === action && t.from.includes(status))?.to ?? null;
}

/** What a superadmin may do now (the detail's `allowed_actions`). */
export function allowedPriceChangeActions(status: PriceChangeStatus): PriceChangeAction[] {
  return PRICE_CHANGE_TRANSITIONS.filter((t) => t.who === 'superadmin' && t.from.includes(status)).map(
    (t) => t.action as PriceChangeAction,
  );
}
