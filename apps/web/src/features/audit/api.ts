import type { AuditListResponse } from '@portal/contracts';
import { api, apiUrl, ApiRequestError } from '../../shared/api';
import { getStoredToken } from '../../shared/storage';

export interface AuditFilters {
  entity: string;
  entity_id: string;
  actor_id: string;
  /** Shown next to the actor filter (the API filters by id). */
  actor_name: string;
  company_id: string;
  action: string;
  from: string;
  to: string;
  /** Free text (issue 27); '' = none. */
  search: string;
}

export const EMPTY_FILTERS: AuditFilters = {
  entity: '',
  entity_id: '',
  actor_id: '',
  actor_name: '',
  company_id: '',
  action: '',
  from: '',
  to: '',
  search: '',
};

export const AUDIT_PATH = 'audit';
export const AUDIT_EXPORT_PATH = 'audit/export';

export type AuditPage = AuditListResponse['data'];

/** Query keys: everything audit-shaped lives under ['audit'] so one invalidation refreshes it. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: ['audit', 'list'] as const,
  list: (filters: AuditFilters, page: number, limit: number) => ['audit', 'list', filters, page, limit] as const,
  company: (companyId: string) => ['audit', 'company', companyId] as const,
};

function query(filters: AuditFilters) {
  const { actor_name: _shownOnly, search, ...rest } = filters;
  return search ? { ...rest, search } : rest;
}

export const auditApi = {
  list: (filters: AuditFilters, page: number, limit: number) =>
    api.get<AuditListResponse>(AUDIT_PATH, { query: { ...query(filters), page, limit } }).then((r) => r.data),
  companyHistory: (companyId: string) =>
    api
      .get<AuditListResponse>(AUDIT_PATH, {
        query: { entity: 'company', entity_id: companyId, limit: 200 },
        silent: true,
      })
      .then((r) => r.data.list),
  /** Downloads the filtered list as CSV (auth is by header, so a plain link cannot do it). */
  async exportCsv(filters: AuditFilters): Promise<void> {
    const token = getStoredToken();
    const res = await fetch(apiUrl(AUDIT_EXPORT_PATH, query(filters)), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new ApiRequestError(res.status, body?.message ?? 'Export failed');
    }
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};
