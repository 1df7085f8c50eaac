import { PRICE_CHANGE_ROUTES } from '@portal/domain';
import { call, type RouteBody, type RouteData, type RouteQuery } from '../../shared/api';
import { downloadRoute } from '../../shared/download';

export type PriceChangeFilter = NonNullable<RouteQuery<typeof PRICE_CHANGE_ROUTES.list>>;
export type PriceChangeItem = RouteData<typeof PRICE_CHANGE_ROUTES.cancel>;
export type PriceChangeNotice = RouteData<typeof PRICE_CHANGE_ROUTES.notices>['list'][number];
export type SchedulePriceChange = RouteBody<typeof PRICE_CHANGE_ROUTES.create>;

export const priceChangeKeys = {
  all: ['price-changes'] as const,
  list: (f: PriceChangeFilter) => ['price-changes', 'list', f] as const,
  one: (id: string) => ['price-changes', 'one', id] as const,
  notices: ['price-changes', 'notices'] as const,
};

export async function fetchPriceChanges(f: PriceChangeFilter, signal?: AbortSignal) {
  const query = { status: f.status, companyId: f.companyId, page: f.page, limit: f.limit };
  return (await call(PRICE_CHANGE_ROUTES.list, { query }, { signal })).data;
}

export async function fetchPriceChange(id: string, signal?: AbortSignal) {
  return (await call(PRICE_CHANGE_ROUTES.detail, { params: { id } }, { signal })).data;
}

export async function fetchNotices(signal?: AbortSignal): Promise<PriceChangeNotice[]> {
  return (await call(PRICE_CHANGE_ROUTES.notices, {}, { signal, silent: true })).data.list;
}

/** Saves the announced change's price list at the new prices (the company's, as built for its notice). */
export function downloadNoticeList(notice: Pick<PriceChangeNotice, '_id' | 'effective_at'>, day: string) {
  return downloadRoute(PRICE_CHANGE_ROUTES.noticeList, { params: { id: notice._id } }, `price-list-from-${day}.xlsx`);
}

export async function schedulePriceChange(body: SchedulePriceChange) {
  return (await call(PRICE_CHANGE_ROUTES.create, { body }, { silent: true })).data;
}
