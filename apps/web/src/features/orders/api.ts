import type { OrderAction } from '@portal/contracts';
import {
  AGREED_ITEM_ROUTES,
  COMPANY_ORDERING_ROUTES,
  ORDER_ROUTES,
  PROGRAMME_ROUTES,
  type OrderLineInput,
  type RouteRequest,
  type RouteResponse,
} from '@portal/domain';
import { call } from '../../shared/api';
import { downloadRoute } from '../../shared/download';

/** The body of `POST order-requests` and its preview. */
export type OrderSubmission = RouteRequest<typeof ORDER_ROUTES.submit>['body'];
/** One line of an order as the screens build it (the parsed shape: a whole-number quantity). */
export type OrderLineDraft = OrderLineInput;
export type OrderListQuery = NonNullable<RouteRequest<typeof ORDER_ROUTES.list>['query']>;
export type OrderList = RouteResponse<typeof ORDER_ROUTES.list>['data'];
/** A row of the list, with the steps this viewer may take on it now. */
export type OrderListRow = OrderList['list'][number];
export type SubmittedOrder = RouteResponse<typeof ORDER_ROUTES.submit>['data'];
export type OrderPreview = RouteResponse<typeof ORDER_ROUTES.preview>['data'];
export type OrderStep = Exclude<OrderAction, 'submit'>;
/** What each step sends (`version` and that step's fields). */
export type OrderStepBody<A extends OrderStep> = RouteRequest<(typeof ORDER_ROUTES)[A]>['body'];
export type AgreedItemPatch = RouteRequest<typeof AGREED_ITEM_ROUTES.update>['body'];
export type OrderSite = RouteResponse<typeof PROGRAMME_ROUTES.list>['data']['list'][number];

export const orderKeys = {
  all: ['orders'] as const,
  list: (q: OrderListQuery) => ['orders', 'list', q] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  agreed: (companyId?: string) => ['orders', 'agreed', companyId ?? 'mine'] as const,
  ordering: (companyId: string) => ['orders', 'ordering', companyId] as const,
  sites: ['orders', 'sites'] as const,
};

export async function fetchOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderList> {
  return (await call(ORDER_ROUTES.list, { query }, { signal })).data;
}

export async function fetchOrder(id: string, signal?: AbortSignal) {
  return (await call(ORDER_ROUTES.detail, { params: { id } }, { signal })).data;
}

export async function previewOrder(body: OrderSubmission): Promise<OrderPreview> {
  return (await call(ORDER_ROUTES.preview, { body }, { silent: true })).data;
}

/** Submits with an Idempotency-Key, so a retried click never makes a second request. */
export function submitOrder(body: OrderSubmission, idempotencyKey: string) {
  return call(ORDER_ROUTES.submit, { body }, { headers: { 'Idempotency-Key': idempotencyKey }, silent: true });
}

export function orderAction<A extends OrderStep>(id: string, action: A, body: OrderStepBody<A>) {
  const route: (typeof ORDER_ROUTES)[OrderStep] = ORDER_ROUTES[action];
  return call(route, { params: { id }, body } as never, { silent: true });
}

export async function fetchAgreedItems(companyId?: string, signal?: AbortSignal) {
  return (await call(AGREED_ITEM_ROUTES.list, { query: companyId ? { companyId } : {} }, { signal })).data;
}

export function patchAgreedItem(id: string, body: AgreedItemPatch) {
  return call(AGREED_ITEM_ROUTES.update, { params: { id }, body }, { silent: true });
}

export async function fetchOrdering(companyId: string, signal?: AbortSignal) {
  return (await call(COMPANY_ORDERING_ROUTES.read, { params: { id: companyId } }, { signal })).data;
}

export function saveOrdering(companyId: string, approvalThreshold: string | null) {
  return call(
    COMPANY_ORDERING_ROUTES.update,
    { params: { id: companyId }, body: { approval_threshold: approvalThreshold } },
    { silent: true },
  );
}

/** The caller's company's active sites, for the order's delivery site. */
export async function fetchActiveSites(signal?: AbortSignal): Promise<OrderSite[]> {
  return (await call(PROGRAMME_ROUTES.list, { query: { status: 'active' } }, { signal })).data.list;
}

/** Saves the acknowledgement PDF as `order-{number}.pdf`. */
export function downloadOrderPdf(id: string, number: string): Promise<void> {
  return downloadRoute(ORDER_ROUTES.pdf, { params: { id } }, `order-${number}.pdf`);
}

/** Saves the office's export of the lines submitted between two dates. */
export function downloadOrderExport(from: string, to: string, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadRoute(ORDER_ROUTES.export, { query: { from, to, format } }, `orders-${from}-${to}.${format}`);
}

export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
