/** Demand reports and part aliases (superadmin). */
import { DEMAND_ROUTES } from '@portal/domain';
import { call, type RouteData } from '../../shared/api';
import { fetchFind, type FindRow } from '../find';

export type DemandParts = RouteData<typeof DEMAND_ROUTES.parts>;
export type DemandPart = DemandParts['list'][number];
export type DemandSize = RouteData<typeof DEMAND_ROUTES.sizes>['list'][number];
export type SearchesNotLogged = DemandParts['not_logged'];
export type PartAlias = RouteData<typeof DEMAND_ROUTES.addAlias>;
export type AliasSource = PartAlias['source'];

export interface Range {
  from?: string;
  to?: string;
}

export async function fetchDemandParts(
  q: Range & { zeroOnly: boolean; page: number; limit: number },
  signal?: AbortSignal,
): Promise<DemandParts> {
  return (await call(DEMAND_ROUTES.parts, { query: q }, { signal })).data;
}

export async function fetchDemandSizes(
  q: Range & { measure?: 'nominal' | 'exact' },
  signal?: AbortSignal,
): Promise<DemandSize[]> {
  return (await call(DEMAND_ROUTES.sizes, { query: q }, { signal })).data.list;
}

export async function fetchAliases(q: { variantId?: string; q?: string }, signal?: AbortSignal) {
  return (await call(DEMAND_ROUTES.listAliases, { query: { ...q, limit: 100 } }, { signal })).data;
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
