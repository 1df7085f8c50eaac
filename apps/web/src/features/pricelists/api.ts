import {
  PRICELIST_PATHS,
  type CreatePricelistRequest,
  type PricelistCreatedResponse,
  type PricelistListResponse,
  type PricelistResponse,
  type PricelistView,
} from '@portal/contracts';
import { api, apiUrl } from '../../shared/api';
import { getStoredToken } from '../../shared/storage';

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

/**
 * Downloads the file with the bearer token (fetch + blob; no token in a URL) and saves it under
 * the server's file name through a temporary link.
 */
export async function downloadPricelist(list: Pick<PricelistView, '_id' | 'file_name'>): Promise<void> {
  const token = getStoredToken();
  const res = await fetch(apiUrl(PRICELIST_PATHS.download(list._id)), {
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = list.file_name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
