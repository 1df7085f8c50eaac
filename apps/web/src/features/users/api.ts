import type {
  CompanyOptionsResponse,
  CreateUserRequest,
  CreateUserResponse,
  DeleteResponse,
  InvitationChangeResponse,
  UpdateUserRequest,
  UpdateUserResponse,
  UserDetailResponse,
  UserListResponse,
  UserStatsResponse,
} from '@portal/contracts';
import { ORG_PATHS } from '@portal/contracts';
import { api } from '../../shared/api';
import type { StatusValue } from '../../shared/kit';

export type { StatusValue };

/**
 * Query keys. Everything user-shaped lives under ['users'] so one invalidation refreshes every list,
 * tile and detail after a change (ours or another browser's, via 'org.changed').
 */
export const usersKeys = {
  all: ['users'] as const,
  administrators: (page: number, status: StatusValue, search = '') =>
    ['users', 'administrators', page, status, search] as const,
  stats: ['users', 'total'] as const,
  employees: (status: StatusValue, search = '') => ['users', 'employees', status, search] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  /** The company select of Add Administrator: under ['companies'], refreshed with the companies. */
  companyOptions: ['companies', 'options'] as const,
};

export const usersApi = {
  administrators: (page: number, limit: number, status: StatusValue, search = '') =>
    api
      .get<UserListResponse>(ORG_PATHS.user, { query: { page, limit, status, ...(search ? { search } : {}) } })
      .then((r) => r.data),
  stats: () => api.get<UserStatsResponse>(ORG_PATHS.userTotal).then((r) => r.data),
  employees: (status: StatusValue, search = '') =>
    api
      .get<UserListResponse>(ORG_PATHS.userEmployees, { query: { status, ...(search ? { search } : {}) } })
      .then((r) => r.data),
  detail: (id: string) => api.get<UserDetailResponse>(ORG_PATHS.userById(id)).then((r) => r.data),
  companyOptions: () => api.get<CompanyOptionsResponse>(ORG_PATHS.company).then((r) => r.data.list),
  create: (body: CreateUserRequest) => api.post<CreateUserResponse>(ORG_PATHS.user, body, { silent: true }),
  update: (id: string, body: UpdateUserRequest) =>
    api.patch<UpdateUserResponse>(ORG_PATHS.userById(id), body, { silent: true }),
  /** Issue 27: a new invitation link (the previous one stops working) / withdraw the pending one. */
  resendInvitation: (id: string) =>
    api.post<InvitationChangeResponse>(`${ORG_PATHS.userById(id)}/invitation/resend`, undefined, { silent: true }),
  revokeInvitation: (id: string) =>
    api.delete<InvitationChangeResponse>(`${ORG_PATHS.userById(id)}/invitation`, undefined, { silent: true }),
  resend: (id: string) => api.get<{ status: number; message: string }>(ORG_PATHS.userResend(id), { silent: true }),
  /** One id → `DELETE user/{id}`; several → `DELETE user/bulk` with `{ id: [...] }` (all-or-nothing). */
  remove: (ids: string[]) =>
    ids.length === 1
      ? api.delete<DeleteResponse>(ORG_PATHS.userById(ids[0]), undefined, { silent: true })
      : api.delete<DeleteResponse>(ORG_PATHS.userBulk, { id: ids }, { silent: true }),
};
