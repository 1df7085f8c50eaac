/** Demand reports and part aliases (superadmin; paths relative to /api). */
import type { DemandPart, DemandSize, PartAlias, SearchesNotLogged } from '@portal/contracts';
import { api } from '../../shared/api';
import { fetchFind, type AliasSource, type FindRow } from '../find';

export type { DemandPart, DemandSize, PartAlias, SearchesNotLogged };

export interface Range {
  from?: string;
  to?: string;
}

export async function fetchDemandParts(
  q: Range & { zeroOnly: boolean; page: number; limit: number },
  signal?: AbortSignal,
): Promise<{ list: DemandPart[]; total: number; not_logged: SearchesNotLogged }> {
  const body = await api.get<{ data: { list: DemandPart[]; total: number; not_logged: SearchesNotLogged } }>(
    'demand/parts',
    {
      query: { ...q, zeroOnly: q.zeroOnly },
      signal,
    },
  );
  return body.data;
}

export async function fetchDemandSizes(
  q: Range & { measure?: 'nominal' | 'exact' },
  signal?: AbortSignal,
): Promise<DemandSize[]> {
  const body = await api.get<{ data: { list: DemandSize[] } }>('demand/sizes', { query: { ...q }, signal });
  return body.data.list;
}

export async function resolveDemand(input: {
  key: string;
  variantId: string;
  source: AliasSource;
  brand?: string | null;
}): Promise<{ alias: PartAlias; would_have_matched: number }> {
  const body = await api.post<{ data: { alias: PartAlias; would_have_matched: number } }>(
    'demand/parts/resolve',
    input,
  );
  return body.data;
}

export async function fetchAliases(q: { variantId?: string; q?: string }, signal?: AbortSignal) {
  const body = await api.get<{ data: { list: PartAlias[]; total: number } }>('part-aliases', {
    query: { ...q, limit: 100 },
    signal,
  });
  return body.data;
}

export async function createAlias(input: {
  alias: string;
  variantId: string;
  source: AliasSource;
  brand?: string | null;
  note?: string | null;
}): Promise<PartAlias> {
  return (await api.post<{ data: PartAlias }>('part-aliases', input)).data;
}

export async function deleteAlias(id: string): Promise<void> {
  await api.delete(`part-aliases/${encodeURIComponent(id)}`);
}

/**
 * Our variant with exactly this part number (any spelling), or null. Looked up through find as an
 * as-you-type call, so the supplier's own look-ups are not counted as demand.
 */
export async function lookupOurPart(partNumber: string): Promise<FindRow | null> {
  const answer = await fetchFind(partNumber, { typing: true, limit: 5 });
  return answer.list.find((r) => r.matched_via === 'part_number' || r.matched_via === 'normalized') ?? null;
}

export const ALIAS_SOURCES: { value: AliasSource; label: string }[] = [
  { value: 'competitor', label: 'Competitor' },
  { value: 'oem', label: 'OEM' },
  { value: 'customer', label: 'Customer' },
  { value: 'legacy', label: 'Legacy (our old number)' },
];
