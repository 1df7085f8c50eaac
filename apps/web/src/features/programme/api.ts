import {
  AGREED_ITEM_ROUTES,
  PROGRAMME_ROUTES,
  type ChangeView,
  type DueLineView,
  type DueSiteView,
  type ProgrammeRequestView,
  type RequestMonthInput,
  type SiteDetail,
  type SiteSummary,
  type SlotView,
  type UnitView,
} from '@portal/domain';
import { api, call } from '../../shared/api';

/** The filter programme as the API answers it: the route table's response types (libs/domain/src/routes/programme.ts). */
export type { SiteSummary, SiteDetail };
export type Unit = UnitView;
export type Slot = SlotView;
export type SlotChange = ChangeView;
export type DueLine = DueLineView;
export type DueSite = DueSiteView;
export type ProgrammeRequest = ProgrammeRequestView;
export type Fitted = SlotView['fitted'];

export interface DueMonth {
  month: string;
  sites: DueSiteView[];
}

export const programmeKeys = {
  all: ['programme'] as const,
  sites: (companyId?: string) => ['programme', 'sites', companyId ?? ''] as const,
  site: (id: string) => ['programme', 'site', id] as const,
  history: (slotId: string) => ['programme', 'history', slotId] as const,
  due: (q: DueQuery) => ['programme', 'due', q] as const,
};

export interface DueQuery {
  from?: string;
  to?: string;
  siteId?: string;
  companyId?: string;
}

export async function fetchSites(companyId: string | undefined, signal?: AbortSignal): Promise<SiteSummary[]> {
  return (await api.get<{ data: { list: SiteSummary[] } }>('sites', { query: companyId ? { companyId } : {}, signal }))
    .data.list;
}

export async function fetchSite(id: string, signal?: AbortSignal): Promise<SiteDetail> {
  return (await api.get<{ data: SiteDetail }>(`sites/${id}`, { signal })).data;
}

export async function fetchHistory(slotId: string, signal?: AbortSignal): Promise<SlotChange[]> {
  return (await api.get<{ data: { list: SlotChange[] } }>(`slots/${slotId}/changes`, { signal })).data.list;
}

export async function fetchDue(q: DueQuery, signal?: AbortSignal): Promise<DueMonth[]> {
  return (await call(PROGRAMME_ROUTES.due, { query: { ...q } }, { signal })).data.months;
}

/** The company's active agreed items, for fitting a slot with one (a superadmin names the company). */
export async function fetchActiveAgreedItems(companyId: string | undefined, signal?: AbortSignal) {
  const query = { status: 'active' as const, limit: 500, ...(companyId ? { companyId } : {}) };
  return (await call(AGREED_ITEM_ROUTES.list, { query }, { signal })).data.list;
}

/** "Request the month": the order and quote requests made (or made before) for a site's month. */
export const requestMonth = (body: RequestMonthInput) => call(PROGRAMME_ROUTES.request, { body }, { silent: true });

export const createSite = (body: Record<string, unknown>) => api.post<{ data: SiteDetail }>('sites', body);
export const createUnit = (siteId: string, body: Record<string, unknown>) =>
  api.post<{ data: Unit }>(`sites/${siteId}/units`, body);
export const createSlot = (unitId: string, body: Record<string, unknown>) =>
  api.post<{ data: Slot }>(`units/${unitId}/slots`, body);
export const updateSlot = (slotId: string, body: Record<string, unknown>) =>
  api.patch<{ data: Slot }>(`slots/${slotId}`, body);
export const recordChange = (slotId: string, body: Record<string, unknown>) =>
  api.post<{ data: Slot; message?: string }>(`slots/${slotId}/changes`, body);
export const skipSlot = (slotId: string) => api.post<{ data: Slot; message?: string }>(`slots/${slotId}/skip`, {});
