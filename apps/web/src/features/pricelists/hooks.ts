import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PricelistView } from '@portal/contracts';
import { useRealtimeEvent } from '../../shared/realtime';
import { fetchPricelist, fetchPricelists } from './api';

export const pricelistKeys = {
  all: ['pricelists'] as const,
  list: (companyId: string | undefined) => ['pricelists', 'list', companyId ?? 'mine'] as const,
  one: (id: string) => ['pricelists', 'one', id] as const,
  /** Categories offered as scopes (the customer view). */
  categories: ['pricelists', 'categories'] as const,
};

const unfinished = (l: PricelistView | undefined) => !!l && (l.status === 'queued' || l.status === 'running');

/** The caller's lists (optionally for one company); refreshed while any is still being built. */
export function usePricelists(companyId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: pricelistKeys.list(companyId),
    queryFn: ({ signal }) => fetchPricelists(companyId, signal),
    enabled,
    refetchInterval: (q) => ((q.state.data ?? []).some(unfinished) ? 3000 : false),
  });
}

/** One list while it is built: socket pushes update it, a slow poll covers a missed push. */
export function usePricelist(id: string | null) {
  return useQuery({
    queryKey: pricelistKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchPricelist(id!, signal),
    enabled: !!id,
    refetchInterval: (q) => (unfinished(q.state.data) ? 2000 : false),
  });
}

/** Applies `pricelist.progress` / `pricelist.ready` pushes to the cached lists. */
export function usePricelistLiveUpdates(onReady?: (id: string) => void): void {
  const qc = useQueryClient();
  useRealtimeEvent('pricelist.progress', (e) => {
    qc.setQueryData<PricelistView>(pricelistKeys.one(e._id), (old) =>
      old ? { ...old, status: e.status, rows: e.rows, total: e.total } : old,
    );
    if (e.status === 'failed') void qc.invalidateQueries({ queryKey: pricelistKeys.all });
  });
  useRealtimeEvent('pricelist.ready', (e) => {
    void qc.invalidateQueries({ queryKey: pricelistKeys.all });
    onReady?.(e._id);
  });
}
