import { notifications } from '@mantine/notifications';
import type { RoleKey, UserDetail, UserRow } from '@portal/contracts';
import { CSRF, json, makeUser, mockFetch, resetClientState, type FetchCall } from '../../../test/utils';

export type Route = (call: FetchCall & { path: string; query: URLSearchParams }) => Response | undefined;

/**
 * Signs in as `role` and answers validate/config/csrf; every other request goes to `route`
 * (return undefined for a 404). Returns the recorded calls.
 */
export function serve(role: RoleKey, route: Route) {
  notifications.clean(); // toasts are module state: none may leak from the previous test
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
  return mockFetch((url, call) => {
    const u = new URL(url, 'http://localhost');
    const path = u.pathname;
    if (path === '/api/validate') return json({ status: 200, token: `fresh.${role}.token`, data: makeUser(role) });
    if (path === '/api/config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === '/api/csrf-token') return json({ status: 200, token: CSRF });
    return route({ ...call, path, query: u.searchParams }) ?? json({ status: 404, message: 'Not found' }, 404);
  });
}

export const ACME_ID = '11111111-1111-4111-8111-111111111111';

export function userRow(i: number, extra: Partial<UserRow> = {}): UserRow {
  return {
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    username: `user${i}`,
    email: `user${i}@acme.test`,
    status: true,
    last_login: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    role_key: 'admin',
    role_name: 'Admin',
    companyName: 'Acme Air',
    company_id: ACME_ID,
    current_login: null,
    invitation: null,
    ...extra,
  };
}

export function userDetail(extra: Partial<UserDetail> = {}): UserDetail {
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    username: 'Alice Admin',
    email: 'alice@acme.test',
    status: true,
    picture: null,
    last_login: '2024-05-01T10:00:00.000Z',
    current_login: null,
    invitation: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    role_id: { key: 'admin' },
    role_key: 'admin',
    role_name: 'Admin',
    company_id: { _id: ACME_ID, name: 'Acme Air' },
    companyName: 'Acme Air',
    ...extra,
  };
}
