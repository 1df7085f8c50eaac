import {
  PRICELIST_PATHS,
  type CreatePricelistRequest,
  type PricelistCreatedResponse,
  type PricelistListResponse,
  type PricelistResponse,
  type PricelistView,
} from '@portal/contracts';
import { api } from '../../shared/api';
import { downloadApiFile } from '../../shared/download';

export async function requestPricelist(body: CreatePricelistRequest): Promise<{ _id: string }> {
  const res = await api.post<PricelistCreatedResponse>(PRICELIST_PATHS.list, body, { silent: true });
  return res.data;
}

export async function fetchPricelists(companyId: string | undefined, signal?: AbortSignal): Promise<PricelistView[]> {
  const res = await api.get<PricelistListResponse>(PRICELIST_PATHS.list, { query: { companyId }, signal });
  return Array.isArray(res?.data) ? res.data : [];
}

export async function fetchPricelist(id: string, signal?: AbortSignal): Promise<PricelistView> {
  return (await api.get<PricelistResponse>(PRICELIST_PATHS.one(id), { signal, silent: true })).data;
}

/** Saves the finished file under the server's file name. */
export function downloadPricelist(list: Pick<PricelistView, '_id' | 'file_name'>): Promise<void> {
  return downloadApiFile(PRICELIST_PATHS.download(list._id), list.file_name);
}
