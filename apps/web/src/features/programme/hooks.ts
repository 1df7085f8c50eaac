import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../shared/realtime';
import {
  createSite,
  createSlot,
  createUnit,
  fetchActiveAgreedItems,
  fetchDue,
  fetchHistory,
  fetchSite,
  fetchSites,
  programmeKeys,
  recordChange,
  requestMonth,
  skipSlot,
  updateSlot,
  type DueQuery,
} from './api';

export function useSites(companyId?: string) {
  return useQuery({ queryKey: programmeKeys.sites(companyId), queryFn: ({ signal }) => fetchSites(companyId, signal) });
}

export function useSite(id: string | undefined) {
  return useQuery({
    queryKey: programmeKeys.site(id ?? ''),
    queryFn: ({ signal }) => fetchSite(id!, signal),
    enabled: !!id,
  });
}

export function useSlotHistory(slotId: string | null) {
  return useQuery({
    queryKey: programmeKeys.history(slotId ?? ''),
    queryFn: ({ signal }) => fetchHistory(slotId!, signal),
    enabled: !!slotId,
  });
}

export function useActiveAgreedItems(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...programmeKeys.all, 'agreed-items', companyId ?? ''] as const,
    queryFn: ({ signal }) => fetchActiveAgreedItems(companyId, signal),
    enabled,
  });
}

export function useDue(q: DueQuery) {
  return useQuery({ queryKey: programmeKeys.due(q), queryFn: ({ signal }) => fetchDue(q, signal) });
}

/** `programme.changed` (someone else changed a site): everything of the programme refetches. */
export function useProgrammeLiveUpdates(): void {
  const qc = useQueryClient();
  useRealtimeEvent('programme.changed', () => void qc.invalidateQueries({ queryKey: programmeKeys.all }));
}

/** Every write refreshes what the programme's screens show. */
function useProgrammeMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: programmeKeys.all }) });
}

export const useCreateSite = () => useProgrammeMutation((body: Parameters<typeof createSite>[0]) => createSite(body));
/** The unit and slot forms hold their selects' values as plain strings; the route's schema checks them. */
type FromSelects<B> = { [K in keyof B]: B[K] extends string ? string : B[K] };
export const useCreateUnit = (siteId: string) =>
  useProgrammeMutation((body: FromSelects<Parameters<typeof createUnit>[1]>) =>
    createUnit(siteId, body as Parameters<typeof createUnit>[1]),
  );
export const useCreateSlot = () =>
  useProgrammeMutation(({ unitId, body }: { unitId: string; body: FromSelects<Parameters<typeof createSlot>[1]> }) =>
    createSlot(unitId, body as Parameters<typeof createSlot>[1]),
  );
export const useUpdateSlot = () =>
  useProgrammeMutation(({ slotId, body }: { slotId: string; body: Parameters<typeof updateSlot>[1] }) =>
    updateSlot(slotId, body),
  );
export const useRecordChange = () =>
  useProgrammeMutation(({ slotId, body }: { slotId: string; body: Parameters<typeof recordChange>[1] }) =>
    recordChange(slotId, body),
  );
export const useSkipSlot = () => useProgrammeMutation((slotId: string) => skipSlot(slotId));
export const useRequestMonth = () =>
  useProgrammeMutation((body: { site_id: string; month: string }) => requestMonth(body));
