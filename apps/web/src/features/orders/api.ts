import type {
  AgreedItemView,
  OrderAction,
  OrderPreview,
  OrderRequestDetail,
  OrderRequestSummary,
  OrderStatus,
} from '@portal/contracts';
import { api } from '../../shared/api';
import { downloadApiFile } from '../../shared/download';

/** Lines of `POST order-requests` as the screens build them. */
export type OrderLineDraft =
  | { kind: 'catalogue'; variant_id: string; quantity: number }
  | { kind: 'agreed_item'; agreed_item_id: string; quantity: number };

/** The body of `POST order-requests` and its preview. */
export interface OrderSubmission {
  lines?: OrderLineDraft[];
  from?: { order_request_id: string } | { quote_request_id: string };
  po_number?: string;
  needed_by?: string;
  site_id?: string;
  note?: string;
  /** The total the caller saw: a different server total is 409 with the current lines. */
  expected_total?: number;
}

export interface OrderListQuery {
  status?: string;
  q?: string;
  page?: number;
  limit?: number;
  companyId?: string;
}

export interface OrderList {
  list: OrderRequestSummary[];
  total: number;
  counts?: Partial<Record<OrderStatus, number>>;
}

export interface SubmittedOrder {
  _id: string;
  number: string;
  status: OrderStatus;
  total: number;
  repeated: boolean;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (q: OrderListQuery) => ['orders', 'list', q] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  agreed: (companyId?: string) => ['orders', 'agreed', companyId ?? 'mine'] as const,
};

export async function fetchOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderList> {
  return (await api.get<{ data: OrderList }>('order-requests', { query: { ...query }, signal })).data;
}

export async function fetchOrder(id: string, signal?: AbortSignal): Promise<OrderRequestDetail> {
  return (await api.get<{ data: OrderRequestDetail }>(`order-requests/${id}`, { signal })).data;
}

export async function previewOrder(body: OrderSubmission): Promise<OrderPreview> {
  return (await api.post<{ data: OrderPreview }>('order-requests/preview', body, { silent: true })).data;
}

/** Submits with an Idempotency-Key, so a retried click never makes a second request. */
export async function submitOrder(body: OrderSubmission, idempotencyKey: string) {
  return api.post<{ data: SubmittedOrder; message?: string }>('order-requests', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });
}

export async function orderAction(id: string, action: OrderAction, body: Record<string, unknown>) {
  return api.post<{ data: { status: OrderStatus; version: number } }>(`order-requests/${id}/${action}`, body, {
    silent: true,
  });
}

export async function fetchAgreedItems(companyId?: string, signal?: AbortSignal) {
  const query = companyId ? { companyId } : {};
  return (await api.get<{ data: { list: AgreedItemView[]; total: number } }>('agreed-items', { query, signal })).data;
}

export async function patchAgreedItem(id: string, body: Record<string, unknown>) {
  return api.patch<{ data: AgreedItemView }>(`agreed-items/${id}`, body, { silent: true });
}

/** Saves the acknowledgement PDF as `order-{number}.pdf`. */
export function downloadOrderPdf(id: string, number: string): Promise<void> {
  return downloadApiFile(`order-requests/${id}/pdf`, `order-${number}.pdf`);
}

export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
