import type {
  CompanyDetailResponse,
  CompanyListResponse,
  CompanyUsersResponse,
  CreateCompanyRequest,
  CreateCompanyResponse,
  DeleteResponse,
  UpdateCompanyRequest,
  UpdateCompanyResponse,
} from '@portal/contracts';
import { ORG_PATHS } from '@portal/contracts';
import type { CompanySortField } from '@portal/domain';
import { api } from '../../shared/api';
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
    api
      .get<CompanyListResponse>(ORG_PATHS.company, { query: { ...p }, signal })
      .then((r) => ({ list: r?.data?.list ?? [], total: r?.data?.total ?? 0 })),
  detail: (id: string) =>
    api.get<CompanyDetailResponse>(ORG_PATHS.companyById(id), { silent: true }).then((r) => r.data),
  create: (body: CreateCompanyRequest) => api.post<CreateCompanyResponse>(ORG_PATHS.company, body, { silent: true }),
  update: (id: string, body: UpdateCompanyRequest) =>
    api.patch<UpdateCompanyResponse>(ORG_PATHS.companyById(id), body, { silent: true }),
  remove: (id: string) => api.delete<DeleteResponse>(ORG_PATHS.companyById(id), undefined, { silent: true }),
  users: (id: string, status: UserStatusFilter, search = '') =>
    api
      .get<CompanyUsersResponse>(ORG_PATHS.companyUsers(id), { query: { status, ...(search ? { search } : {}) } })
      .then((r) => r?.data?.users ?? []),
};
