import {
  AGREED_ITEM_ROUTES,
  PROGRAMME_ROUTES as R,
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
import { call, type RouteBody, type RouteQuery } from '../../shared/api';

/** The filter programme as the API answers it: the route table's response types (libs/domain/src/routes/programme.ts). */
export type { SiteSummary, SiteDetail };
export type Unit = UnitView;
export type Slot = SlotView;
export type SlotChange = ChangeView;
export type DueLine = DueLineView;
export type DueSite = DueSiteView;
export type ProgrammeRequest = ProgrammeRequestView;
export type Fitted = SlotView['fitted'];
/** What a new slot is fitted with, as the route reads it. */
export type FittedInput = RouteBody<typeof R.addSlot>['fitted'];

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

/** The company's active agreed items, for fitting a slot with one (a superadmin names the company). */
export async function fetchActiveAgreedItems(companyId: string | undefined, signal?: AbortSignal) {
  const query = { status: 'active' as const, limit: 500, ...(companyId ? { companyId } : {}) };
  return (await call(AGREED_ITEM_ROUTES.list, { query }, { signal })).data.list;
}

/** "Request the month": the order and quote requests made (or made before) for a site's month. */
export const requestMonth = (body: RequestMonthInput) => call(R.request, { body }, { silent: true });

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
