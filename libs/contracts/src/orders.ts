/**
 * Order requests at agreed prices: the wire shapes. The state machine (which action moves which
 * status, and who may take it) is one table in libs/domain (`ORDER_TRANSITIONS`). Money is sent as
 * numbers with 2 decimals, computed from integer cents.
 */
export const ORDER_STATUSES = [
  'pending_approval',
  'submitted',
  'acknowledged',
  'confirmed',
  'shipped',
  'rejected',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Actions in `POST order-requests/{id}/{action}`; `submit` is `POST order-requests` itself. */
export const ORDER_ACTIONS = ['submit', 'approve', 'reject', 'acknowledge', 'confirm', 'ship', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type OrderLineKind = 'catalogue' | 'agreed_item';
export type OrderPreviewStatus = 'ok' | 'price_changed' | 'unavailable' | 'agreement_expired';
export type AgreedItemStatus = 'active' | 'expired' | 'withdrawn';

export interface OrderPartyRef {
  _id: string | null;
  name: string;
}

export interface OrderRequestSummary {
  _id: string;
  number: string;
  status: OrderStatus;
  company: OrderPartyRef;
  site: { _id: string; name: string } | null;
  requested_by: OrderPartyRef;
  po_number: string | null;
  customer_reference: string | null;
  needed_by: string | null;
  line_count: number;
  total: number;
  /** For the desk's one-click steps (the optimistic check of every action). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A row of `GET order-requests`: the summary and the steps the viewer may take on it now. */
export interface OrderRequestListItem extends OrderRequestSummary {
  allowed_actions: OrderAction[];
}

export interface OrderLineView {
  _id: string;
  kind: OrderLineKind;
  variant_id: string | null;
  agreed_item_id: string | null;
  part_number: string | null;
  description: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

export interface OrderHistoryEntry {
  action: OrderAction;
  from: OrderStatus | null;
  to: OrderStatus;
  by: { _id: string | null; name: string; role: string | null };
  at: string;
  details: Record<string, unknown> | null;
}

export interface OrderRequestDetail extends OrderRequestSummary {
  note: string | null;
  office_ref: string | null;
  ships_on: string | null;
  tracking: string | null;
  decision_reason: string | null;
  lines: OrderLineView[];
  history: OrderHistoryEntry[];
  allowed_actions: OrderAction[];
}

/** One line of `POST order-requests/preview` (and of a 409 on a moved total). */
export interface OrderPreviewLine {
  kind: OrderLineKind;
  variant_id?: string;
  agreed_item_id?: string;
  part_number: string | null;
  description: string;
  quantity: number;
  unit_price: number | null;
  line_total: number | null;
  last_price: number | null;
  status: OrderPreviewStatus;
  /** agreement_expired: the date the agreed price ended. */
  expired_on?: string;
}

export interface OrderPreview {
  lines: OrderPreviewLine[];
  total: number;
}

export interface AgreedItemView {
  _id: string;
  description: string;
  customer_part_no: string | null;
  part_number: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: 'nominal' | 'exact' | null;
  size_type: string | null;
  catalogue_id: string | null;
  price: number;
  price_held_until: string;
  status: AgreedItemStatus;
  source_quote: { _id: string | null; number: string | null };
  company: OrderPartyRef;
}
