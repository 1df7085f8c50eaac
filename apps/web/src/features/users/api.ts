import type { CreateUserRequest, UpdateUserRequest } from '@portal/contracts';
import { COMPANY_ROUTES, INVITATION_ROUTES, USER_ROUTES } from '@portal/domain';
import { call } from '../../shared/api';
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
    call(USER_ROUTES.administrators, { query: { page, limit, status, ...(search ? { search } : {}) } }).then(
      (r) => r.data,
    ),
  stats: () => call(USER_ROUTES.stats).then((r) => r.data),
  employees: (status: StatusValue, search = '') =>
    call(USER_ROUTES.employees, { query: { status, ...(search ? { search } : {}) } }).then((r) => r.data),
  detail: (id: string) => call(USER_ROUTES.detail, { params: { id } }).then((r) => r.data),
  companyOptions: () => call(COMPANY_ROUTES.list, { query: {} }).then((r) => r.data.list),
  create: (body: CreateUserRequest) => call(USER_ROUTES.create, { body }, { silent: true }),
  update: (id: string, body: UpdateUserRequest) => call(USER_ROUTES.update, { params: { id }, body }, { silent: true }),
  /** Issue 27: a new invitation link (the previous one stops working) / withdraw the pending one. */
  resendInvitation: (id: string) => call(INVITATION_ROUTES.resend, { params: { id } }, { silent: true }),
  revokeInvitation: (id: string) => call(INVITATION_ROUTES.revoke, { params: { id } }, { silent: true }),
  resend: (id: string) => call(USER_ROUTES.resend, { params: { id } }, { silent: true }),
  /** One id → `DELETE user/{id}`; several → `DELETE user/bulk` with `{ id: [...] }` (all-or-nothing). */
  remove: (ids: string[]) =>
    ids.length === 1
      ? call(USER_ROUTES.remove, { params: { id: ids[0] } }, { silent: true })
      : call(USER_ROUTES.bulkRemove, { body: { id: ids } }, { silent: true }),
};
