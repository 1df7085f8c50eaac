// Test helpers for the company screens: a signed-in superadmin and a tiny fake API.
import type { CompanyListItem, UserRow } from '@portal/contracts';
import { CSRF, json, makeUser, mockFetch, resetClientState, type FetchCall } from '../../test/utils';

export const ACME_ID = '11111111-1111-4111-8111-111111111111';

export function company(over: Partial<CompanyListItem> = {}): CompanyListItem {
  return {
    _id: ACME_ID,
    name: 'Acme Air',
    status: true,
    createdAt: '2025-01-05T12:00:00.000Z',
    picture: null,
    discount_percentage: 45.5,
    rigidflow_percentage: 50,
    minipro_percentage: 60.25,
    polyroll_percentage: 70,
    total_admins: 2,
    total_employees: 5,
    approval_threshold: null,
    ...over,
  };
}

export function userRow(n: number, over: Partial<UserRow> = {}): UserRow {
  return {
    _id: `22222222-2222-4222-8222-00000000000${n}`,
    username: `User ${n}`,
    email: `user${n}@acme.test`,
    status: true,
    last_login: null,
    createdAt: '2025-01-05T12:00:00.000Z',
    role_key: 'employee',
    role_name: 'Employee',
    companyName: 'Acme Air',
    company_id: ACME_ID,
    current_login: null,
    invitation: null,
    ...over,
  };
}

type Route = (url: URL, call: FetchCall) => Response | Promise<Response> | undefined;

/** Signs in a superadmin and answers validate/config/csrf; `route` answers the rest (else 404). */
export function superadminServer(route: Route) {
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
  return mockFetch(async (raw, call) => {
    const url = new URL(raw, 'http://localhost');
    if (url.pathname === '/api/validate')
      return json({ status: 200, token: 'fresh.jwt.token', data: makeUser('superadmin') });
    if (url.pathname === '/api/config')
      return json({ status: 200, data: { mainSiteUrl: 'https://filters.example.com', productName: 'Filter Portal' } });
    if (url.pathname === '/api/csrf-token') return json({ status: 200, token: CSRF });
    return (await route(url, call)) ?? json({ status: 404, message: 'not found' }, 404);
  });
}

export { json };
