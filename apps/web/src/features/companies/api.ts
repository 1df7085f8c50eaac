import type { CreateCompanyRequest, UpdateCompanyRequest } from '@portal/contracts';
import { COMPANY_ROUTES, type CompanySortField } from '@portal/domain';
import { call } from '../../shared/api';
import type { StatusValue } from '../../shared/kit';

export type SortOrder = 'asc' | 'desc';
/** '' = all users, 'true' = active, 'false' = inactive (the status filter's value). */
export type UserStatusFilter = StatusValue;

export interface CompanyListParams {
  page: number;
  limit: number;
  search: string;
  sortBy: CompanySortField;
  sortOrder: SortOrder;
}

/** Query keys: everything company-shaped lives under ['companies'] so one invalidation refreshes it. */
export const companiesKeys = {
  all: ['companies'] as const,
  lists: ['companies', 'list'] as const,
  list: (p: CompanyListParams) => ['companies', 'list', p] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  users: (id: string) => ['companies', 'users', id] as const,
  usersFiltered: (id: string, status: UserStatusFilter, search = '') =>
    ['companies', 'users', id, status, search] as const,
};

/** What a live change to one company refetches on the company screens: the lists, its detail and users. */
export const companyChangeKeys = (id: string) => [
  companiesKeys.lists,
  companiesKeys.detail(id),
  companiesKeys.users(id),
];

/** Company calls (a company's users are added through the users feature's `POST user`). */
export const companiesApi = {
  list: (p: CompanyListParams, signal?: AbortSignal) =>
    // With paging parameters the answer is a page (the other shape is the options list for selects).
    call(COMPANY_ROUTES.list, { query: { ...p } }, { signal }).then((r) =>
      r?.data && 'page' in r.data ? { list: r.data.list, total: r.data.total } : { list: [], total: 0 },
    ),
  detail: (id: string) => call(COMPANY_ROUTES.detail, { params: { id } }, { silent: true }).then((r) => r.data),
  create: (body: CreateCompanyRequest) => call(COMPANY_ROUTES.create, { body }, { silent: true }),
  update: (id: string, body: UpdateCompanyRequest) =>
    call(COMPANY_ROUTES.update, { params: { id }, body }, { silent: true }),
  remove: (id: string) => call(COMPANY_ROUTES.remove, { params: { id } }, { silent: true }),
  users: (id: string, status: UserStatusFilter, search = '') =>
    call(COMPANY_ROUTES.users, { params: { companyId: id }, query: { status, ...(search ? { search } : {}) } }).then(
      (r) => r?.data?.users ?? [],
    ),
};
