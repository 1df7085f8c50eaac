import type {
  PriceChangeCreatedResponse,
  PriceChangeDetailResponse,
  PriceChangeItem,
  PriceChangeListResponse,
  PriceChangeNotice,
  PriceChangeResponse,
  PriceChangeStatus,
} from '@portal/contracts';
import { PRICE_CHANGE_ROUTES } from '@portal/domain';
import { api, call, routePath } from '../../shared/api';
import { downloadApiFile } from '../../shared/download';

const BASE = 'price-changes';

export interface PriceChangeFilter {
  status?: PriceChangeStatus;
  companyId?: string;
  page?: number;
  limit?: number;
}

export const priceChangeKeys = {
  all: ['price-changes'] as const,
  list: (f: PriceChangeFilter) => ['price-changes', 'list', f] as const,
  one: (id: string) => ['price-changes', 'one', id] as const,
  notices: ['price-changes', 'notices'] as const,
};

export async function fetchPriceChanges(f: PriceChangeFilter, signal?: AbortSignal) {
  const res = await api.get<PriceChangeListResponse>(BASE, {
    query: { status: f.status, companyId: f.companyId, page: f.page, limit: f.limit },
    signal,
  });
  return res.data;
}

export async function fetchPriceChange(id: string, signal?: AbortSignal) {
  return (await api.get<PriceChangeDetailResponse>(`${BASE}/${id}`, { signal })).data;
}

export async function fetchNotices(signal?: AbortSignal): Promise<PriceChangeNotice[]> {
  return (await call(PRICE_CHANGE_ROUTES.notices, {}, { signal, silent: true })).data.list;
}

/** Saves the announced change's price list at the new prices (the company's, as built for its notice). */
export function downloadNoticeList(notice: Pick<PriceChangeNotice, '_id' | 'effective_at'>, day: string) {
  return downloadApiFile(routePath(PRICE_CHANGE_ROUTES.noticeList, { id: notice._id }), `price-list-from-${day}.xlsx`);
}

export type SchedulePriceChange =
  | {
      kind: 'company_multipliers';
      company_id: string;
      percentages: Partial<Record<'discount' | 'rigidflow' | 'minipro' | 'polyroll', number>>;
      effective_at: string;
      notice_days?: number;
    }
  | { kind: 'list_prices'; import_id: string; effective_at: string; notice_days?: number };

export async function schedulePriceChange(body: SchedulePriceChange) {
  return (await api.post<PriceChangeCreatedResponse>(BASE, body, { silent: true })).data;
}

export async function cancelPriceChange(id: string): Promise<PriceChangeItem> {
  return (await api.post<PriceChangeResponse>(`${BASE}/${id}/cancel`, {})).data;
}
