/** `GET catalogue/find` (paths relative to /api). */
import { api } from '../../shared/api';

export type MatchedVia = 'part_number' | 'normalized' | 'alias' | 'size' | 'agreed_item';
export type AliasSource = 'competitor' | 'oem' | 'customer' | 'legacy';

export interface FindRow {
  variant_id: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number | null;
  /** The caller's company price in dollars (superadmins: the list price). */
  price: number;
  category: { _id: string; name: string };
  subcategory: { _id: string; name: string } | null;
  product: { _id: string; name: string };
  matched_via: MatchedVia;
  alias: { alias: string; source: AliasSource; brand: string | null } | null;
  /** `matched_via: 'agreed_item'`: the company's agreed item (its own part number), at the agreed price. */
  agreed_item_id?: string;
  price_held_until?: string;
}

export interface FindAnswer {
  list: FindRow[];
  total: number;
  did_you_mean?: string;
}

/**
 * One find. `typing` marks the screen's as-you-type calls (not logged as demand); a committed
 * search (Enter, Search, a did-you-mean click) sends none.
 */
export async function fetchFind(
  q: string,
  opts: { typing: boolean; limit?: number; signal?: AbortSignal; asCompany?: string | null },
): Promise<FindAnswer> {
  const body = await api.get<{ data: FindAnswer }>('catalogue/find', {
    query: {
      q,
      limit: opts.limit ?? 20,
      ...(opts.typing ? { typing: 1 } : {}),
      ...(opts.asCompany ? { asCompany: opts.asCompany } : {}),
    },
    signal: opts.signal,
  });
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
