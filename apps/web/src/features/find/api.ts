/** `GET catalogue/find`: one box across the catalogue. */
import { CATALOGUE_ROUTES } from '@portal/domain';
import { call, type RouteData } from '../../shared/api';

export type FindAnswer = RouteData<typeof CATALOGUE_ROUTES.find>;
export type FindRow = FindAnswer['list'][number];
export type MatchedVia = FindRow['matched_via'];
export type AliasSource = NonNullable<FindRow['alias']>['source'];

/**
 * One find. `typing` marks the screen's as-you-type calls (not logged as demand); a committed
 * search (Enter, Search, a did-you-mean click) sends none.
 */
export async function fetchFind(
  q: string,
  opts: { typing: boolean; limit?: number; signal?: AbortSignal; asCompany?: string | null },
): Promise<FindAnswer> {
  // `asCompany` is read by every catalogue read (a superadmin viewing as a company), beside the route's query.
  const query = {
    q,
    limit: opts.limit ?? 20,
    ...(opts.typing ? { typing: '1' } : {}),
    ...(opts.asCompany ? { asCompany: opts.asCompany } : {}),
  };
  const body = await call(CATALOGUE_ROUTES.find, { query }, { signal: opts.signal });
  return { list: body?.data?.list ?? [], total: body?.data?.total ?? 0, did_you_mean: body?.data?.did_you_mean };
}

/** What to call the other party's number in "Competitor number FLN-12345 → our RF-16201". */
export const ALIAS_SOURCE_LABELS: Record<AliasSource, string> = {
  competitor: 'Competitor number',
  oem: 'OEM number',
  customer: 'Your number',
  legacy: 'Old number',
};

/** Rows grouped by category, in the order the API sent them. */
export function groupByCategory(rows: readonly FindRow[]): { category: FindRow['category']; rows: FindRow[] }[] {
  const groups = new Map<string, { category: FindRow['category']; rows: FindRow[] }>();
  for (const r of rows) {
    const g = groups.get(r.category._id) ?? { category: r.category, rows: [] };
    g.rows.push(r);
    groups.set(r.category._id, g);
  }
  return [...groups.values()];
}
