import type { CreatePricelistRequest, PricelistView } from '@portal/contracts';
import { PRICELIST_ROUTES } from '@portal/domain';
import { call } from '../../shared/api';
import { downloadRoute } from '../../shared/download';

export async function requestPricelist(body: CreatePricelistRequest): Promise<{ _id: string }> {
  const res = await call(PRICELIST_ROUTES.create, { body }, { silent: true });
  return res.data;
}

export async function fetchPricelists(companyId: string | undefined, signal?: AbortSignal): Promise<PricelistView[]> {
  const res = await call(PRICELIST_ROUTES.list, { query: { companyId } }, { signal });
  return Array.isArray(res?.data) ? res.data : [];
}

export async function fetchPricelist(id: string, signal?: AbortSignal): Promise<PricelistView> {
  return (await call(PRICELIST_ROUTES.get, { params: { id } }, { signal, silent: true })).data;
}

/** Saves the finished file under the server's file name. */
export function downloadPricelist(list: Pick<PricelistView, '_id' | 'file_name'>): Promise<void> {
  return downloadRoute(PRICELIST_ROUTES.download, { params: { id: list._id } }, list.file_name);
}
