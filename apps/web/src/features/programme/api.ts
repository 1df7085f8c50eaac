import type { ChangeView, DueLineView, DueSiteView, SiteDetail, SiteSummary, SlotView, UnitView } from '@portal/domain';
import { PROGRAMME_ROUTES as R } from '@portal/domain';
import { call, type RouteBody, type RouteQuery } from '../../shared/api';

/** The filter programme as the API answers it: the route table's response types (libs/domain/src/routes/programme.ts). */
export type { SiteSummary, SiteDetail };
export type Unit = UnitView;
export type Slot = SlotView;
export type SlotChange = ChangeView;
export type DueLine = DueLineView;
export type Fitted = SlotView['fitted'];

export type DueMonth = { month: string; sites: DueSiteView[] };

export const programmeKeys = {
  all: ['programme'] as const,
  sites: (companyId?: string) => ['programme', 'sites', companyId ?? ''] as const,
  site: (id: string) => ['programme', 'site', id] as const,
  history: (slotId: string) => ['programme', 'history', slotId] as const,
  due: (q: DueQuery) => ['programme', 'due', q] as const,
};

export type DueQuery = NonNullable<RouteQuery<typeof R.due>>;

export async function fetchSites(companyId: string | undefined, signal?: AbortSignal): Promise<SiteSummary[]> {
  return (await call(R.list, { query: companyId ? { companyId } : {} }, { signal })).data.list;
}

export async function fetchSite(id: string, signal?: AbortSignal): Promise<SiteDetail> {
  return (await call(R.detail, { params: { id } }, { signal })).data;
}

export async function fetchHistory(slotId: string, signal?: AbortSignal): Promise<SlotChange[]> {
  return (await call(R.history, { params: { id: slotId } }, { signal })).data.list;
}

export async function fetchDue(q: DueQuery, signal?: AbortSignal): Promise<DueMonth[]> {
  return (await call(R.due, { query: q }, { signal })).data.months;
}

export const createSite = (body: RouteBody<typeof R.create>) => call(R.create, { body });
export const createUnit = (siteId: string, body: RouteBody<typeof R.addUnit>) =>
  call(R.addUnit, { params: { id: siteId }, body });
export const createSlot = (unitId: string, body: RouteBody<typeof R.addSlot>) =>
  call(R.addSlot, { params: { id: unitId }, body });
export const updateSlot = (slotId: string, body: RouteBody<typeof R.updateSlot>) =>
  call(R.updateSlot, { params: { id: slotId }, body });
export const recordChange = (slotId: string, body: RouteBody<typeof R.recordChange>) =>
  call(R.recordChange, { params: { id: slotId }, body });
export const skipSlot = (slotId: string) => call(R.skip, { params: { id: slotId }, body: {} });
