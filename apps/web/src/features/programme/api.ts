import { api } from '../../shared/api';

/** The filter programme as the API answers it (GET sites…, programme/due). */

export interface SiteSummary {
  _id: string;
  company_id: string;
  company_name: string;
  name: string;
  code: string;
  city: string | null;
  time_zone: string;
  status: 'active' | 'archived';
  contacts: string[];
  unit_count: number;
  slot_count: number;
  due_this_month: number;
  overdue_count: number;
  version: number;
}

export interface Fitted {
  kind: 'catalogue' | 'custom_size';
  variant_id?: string | null;
  part_number?: string | null;
  product_name?: string | null;
  merv?: number | null;
  efficiency_class?: string | null;
  catalogue_id?: string | null;
  catalogue_name?: string | null;
  size?: string;
}

export interface Slot {
  _id: string;
  unit_id: string;
  stage: 'pre' | 'final' | 'single';
  fitted: Fitted;
  quantity: number;
  interval_unit: 'day' | 'week' | 'month';
  interval_count: number;
  anchor_date: string;
  notice_days: number;
  override_note: string | null;
  next_due: string;
  overdue: boolean;
  last_changed_on: string | null;
  version: number;
}

export interface Unit {
  _id: string;
  label: string;
  kind: string;
  location_note: string | null;
  min_merv: number | null;
  max_merv: number | null;
  version: number;
  slots: Slot[];
}

export interface SiteDetail extends SiteSummary {
  address_line1: string | null;
  address_line2: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  delivery_notes: string | null;
  contact_users: { _id: string; username: string; email: string }[];
  has_changes: boolean;
  today: string;
  allowed_actions: string[];
  units: Unit[];
}

export interface SlotChange {
  _id: string;
  changed_on: string;
  quantity: number;
  fitted: string;
  merv: number | null;
  efficiency_class: string | null;
  pressure_drop_in_wc: number | null;
  note: string | null;
  recorded_by_name: string;
}

export interface DueLine {
  slot_id: string;
  unit_label: string;
  stage: string;
  kind: 'catalogue' | 'custom_size';
  part_number: string | null;
  size: string;
  quantity: number;
  due_on: string;
  overdue: boolean;
  unit_price: number | null;
  needs_quote: boolean;
}

export interface DueMonth {
  month: string;
  sites: { _id: string; name: string; code: string; lines: DueLine[]; total: number; needs_quote_count: number }[];
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
  return (await api.get<{ data: { months: DueMonth[] } }>('programme/due', { query: { ...q }, signal })).data.months;
}

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
