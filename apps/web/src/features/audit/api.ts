import { AUDIT_ROUTES } from '@portal/domain';
import { call, type RouteData } from '../../shared/api';
import { downloadRoute } from '../../shared/download';

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
  /** Free text: who acted, the action, the record's name; '' = none. */
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

export type AuditPage = RouteData<typeof AUDIT_ROUTES.list>;

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
    call(AUDIT_ROUTES.list, { query: { ...query(filters), page, limit } }).then((r) => r.data),
  companyHistory: (companyId: string) =>
    call(AUDIT_ROUTES.list, { query: { entity: 'company', entity_id: companyId, limit: 200 } }, { silent: true }).then(
      (r) => r.data.list,
    ),
  /** Downloads the filtered list as CSV (auth is by header, so a plain link cannot do it). */
  exportCsv: (filters: AuditFilters): Promise<void> =>
    downloadRoute(
      AUDIT_ROUTES.export,
      { query: query(filters) },
      `audit-${new Date().toISOString().slice(0, 10)}.csv`,
      'Export failed',
    ),
};
