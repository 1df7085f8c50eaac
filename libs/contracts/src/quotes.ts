/**
 * Quote requests: the wire shapes. The state machine itself (which action moves which
 * status, and who may take it) is one table in libs/domain (`QUOTE_TRANSITIONS`).
 */
export const QUOTE_STATUSES = [
  'submitted',
  'in_review',
  'info_requested',
  'quoted',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
  'rejected',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Actions in `POST quote-requests/{id}/{action}`; `expire` is the worker's alone (no route). */
export const QUOTE_ACTIONS = [
  'assign',
  'request-info',
  'reply',
  'send-quote',
  'accept',
  'decline',
  'revise',
  'withdraw',
  'reject',
  'expire',
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

export const QUOTE_LINE_KINDS = ['catalogue', 'custom_size', 'unlisted'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];
export type QuoteLineStatus = 'open' | 'quoted' | 'cannot_quote';
export type QuoteMeasure = 'nominal' | 'exact';

export interface QuotePartyRef {
  _id: string | null;
  name: string;
}

export interface QuoteRequestSummary {
  _id: string;
  number: string;
  status: QuoteStatus;
  company: QuotePartyRef;
  requested_by: QuotePartyRef;
  assignee: QuotePartyRef | null;
  line_count: number;
  customer_reference: string | null;
  valid_until: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
}

export interface QuoteNearestVariant {
  _id: string;
  part_number: string;
  size: string;
  depth: number | null;
  customer_price: number;
}

export interface QuoteLineView {
  _id: string;
  position: number;
  kind: QuoteLineKind;
  variant_id: string | null;
  part_number: string | null;
  description: string | null;
  catalogue_id: string | null;
  catalogue_name: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: QuoteMeasure | null;
  size_type: string | null;
  quantity: number;
  snapshot_price: number | null;
  quoted_price: number | null;
  lead_time_days: number | null;
  line_status: QuoteLineStatus;
  line_note: string | null;
  /** Superadmins only: today's company price of a catalogue line. */
  today_price?: number | null;
  /** Superadmins only: the closest catalogue variants of a custom size's family. */
  nearest_variants?: QuoteNearestVariant[];
}

export interface QuoteMessageView {
  _id: string;
  kind: 'message' | 'request_info' | 'reply' | 'decline' | 'reject';
  body: string;
  author: { _id: string | null; name: string; role: string | null };
  created_at: string;
}

export interface QuoteRequestDetail extends QuoteRequestSummary {
  note: string | null;
  needed_by: string | null;
  expires_at: string | null;
  made_to_order: boolean;
  decision_reason: string | null;
  version: number;
  lines: QuoteLineView[];
  messages: QuoteMessageView[];
  allowed_actions: QuoteAction[];
}

/** One pasted line of `POST quote-requests/match`. */
export interface QuoteMatchRow {
  line: number;
  text: string;
  part_number: string;
  quantity: number | null;
  match: 'variant' | 'odd_size' | 'unknown' | 'invalid';
  variant?: { _id: string; part_number: string; size: string; product_name: string; customer_price: number };
  size?: { width: number; height: number; depth: number; measure: QuoteMeasure; size_type: string | null };
  error?: string;
}
