import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../shared/realtime';
import { useAppConfig } from '../../shared/config';
import { fetchNotices, fetchPriceChange, fetchPriceChanges, priceChangeKeys, type PriceChangeFilter } from './api';

/** The office's time zone (days of price changes are days there). */
export function useSupplierTz(): string {
  return useAppConfig()?.supplierTz ?? 'America/New_York';
}

/** Lists and banners refetch when a price change moves (scheduled, announced, applied, cancelled). */
export function usePriceChangeLiveUpdates(): void {
  const qc = useQueryClient();
  useRealtimeEvent('price_change.changed', () => void qc.invalidateQueries({ queryKey: priceChangeKeys.all }));
}

export function usePriceChanges(filter: PriceChangeFilter, enabled = true) {
  usePriceChangeLiveUpdates();
  return useQuery({
    queryKey: priceChangeKeys.list(filter),
    queryFn: ({ signal }) => fetchPriceChanges(filter, signal),
    enabled,
  });
}

export function usePriceChange(id: string | null) {
  return useQuery({
    queryKey: priceChangeKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchPriceChange(id!, signal),
    enabled: !!id,
  });
}

/** A customer's announced price changes (the catalogue banner). */
export function usePriceChangeNotices(enabled = true) {
  usePriceChangeLiveUpdates();
  return useQuery({ queryKey: priceChangeKeys.notices, queryFn: ({ signal }) => fetchNotices(signal), enabled });
}
