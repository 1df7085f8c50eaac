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

export const useCreateSite = () => useProgrammeMutation((body: Record<string, unknown>) => createSite(body));
export const useCreateUnit = (siteId: string) =>
  useProgrammeMutation((body: Record<string, unknown>) => createUnit(siteId, body));
export const useCreateSlot = () =>
  useProgrammeMutation(({ unitId, body }: { unitId: string; body: Record<string, unknown> }) =>
    createSlot(unitId, body),
  );
export const useUpdateSlot = () =>
  useProgrammeMutation(({ slotId, body }: { slotId: string; body: Record<string, unknown> }) =>
    updateSlot(slotId, body),
  );
export const useRecordChange = () =>
  useProgrammeMutation(({ slotId, body }: { slotId: string; body: Record<string, unknown> }) =>
    recordChange(slotId, body),
  );
export const useSkipSlot = () => useProgrammeMutation((slotId: string) => skipSlot(slotId));
export const useRequestMonth = () =>
  useProgrammeMutation((body: { site_id: string; month: string }) => requestMonth(body));
