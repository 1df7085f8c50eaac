import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RoleKey } from '@portal/contracts';
import { json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { getStoredToken } from '../../shared/storage';
import { useAuthStore } from './store';

beforeEach(() => resetClientState());

/** Server that validates the stored token as `role` (fresh token each time) and serves config. */
function serverFor(role: RoleKey | null) {
  return mockFetch((url) => {
    if (url === '/api/validate') {
      return role
        ? json({ status: 200, token: `fresh.${role}.token`, data: makeUser(role) })
        : json({ status: 200, token: null, data: null });
    }
    if (url === '/api/config')
      return json({ status: 200, data: { mainSiteUrl: 'https://filters.example.com', productName: 'Filter Portal' } });
    return json({ status: 404, message: 'not found' }, 404);
  });
}

describe('area guards', () => {
  it('sends a visitor without a token to the sign-in page, without calling the server', async () => {
    const { calls } = serverFor(null);
    const { router } = renderApp('/superadmin/companies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/validate')).toHaveLength(0);
  });

  it.each([
    ['superadmin', '/superadmin/companies', 'Companies'],
    ['admin', '/admin/mycompany', 'My Company'],
    ['employee', '/employee/catalog', 'Catalog'],
  ] as const)('lets a %s into their own area after validating the token', async (role, path, heading) => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
    const { calls } = serverFor(role);
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    const validate = calls.find((c) => c.url === '/api/validate')!;
    expect(validate.headers.authorization).toBe('Bearer stored.jwt.token');
    expect(getStoredToken()).toBe(`fresh.${role}.token`);
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, role });
  });

  it.each([
    ['employee', '/superadmin/companies', '/employee/catalog'],
    ['employee', '/admin/mycompany', '/employee/catalog'],
    ['admin', '/superadmin/administrators', '/admin/mycompany'],
    ['superadmin', '/employee/catalog', '/superadmin/companies'],
  ] as const)('redirects a %s visiting %s to / and then to their own area', async (role, path, home) => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
    serverFor(role);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('rechecks the role from the server, not the stored user data', async () => {
    // Stored data claims superadmin, but the server says this token belongs to an employee.
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    serverFor('employee');
    const { router } = renderApp('/superadmin/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/catalog'));
    expect(screen.queryByRole('heading', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('clears the session and goes to / when validate returns a null token', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    serverFor(null);
    const { router } = renderApp('/admin/catalog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(getStoredToken()).toBeNull();
  });

  it('keeps the stored session when leaving the page aborts validate (a reload must not sign out)', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    mockFetch(() => {
      window.dispatchEvent(new Event('beforeunload'));
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    try {
      renderApp('/employee/catalog');
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(getStoredToken()).toBe('stored.jwt.token');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('clears the session when validate cannot reach the server and the page stays', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { router } = renderApp('/employee/catalog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(getStoredToken()).toBeNull());
  });

  it('on a 401 from validate shows Session Expired, clears storage and goes to /', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('admin') } });
    mockFetch(() => json({ status: 401, message: 'Invalid or expired token' }, 401));
    const { router } = renderApp('/admin/mycompany');
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getStoredToken()).toBeNull();
    expect(useAuthStore.getState().loggedIn).toBe(false);
  });

  it('renders the superadmin sidebar and the Return to Main Site link from /api/config', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    serverFor('superadmin');
    renderApp('/superadmin/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const [name, href] of [
      ['Companies', '/superadmin/companies'],
      ['Administrators', '/superadmin/administrators'],
      ['Catalog', '/superadmin/catalog'],
      ['Notifications', '/superadmin/notifications'],
      ['Settings', '/superadmin/settings'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(name);
    }
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /return to main site/i })).toHaveAttribute(
      'href',
      'https://filters.example.com/',
    );
  });

  it('hides Return to Main Site when /api/config fails', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    mockFetch((url) =>
      url === '/api/validate'
        ? json({ status: 200, token: 'fresh.t.k', data: makeUser('employee') })
        : json({ status: 404, message: 'nope' }, 404),
    );
    renderApp('/employee/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: /return to main site/i })).not.toBeInTheDocument();
  });
});

describe('public routes', () => {
  it('sends /reset-password without ?code= to /', async () => {
    const { router } = renderApp('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the reset-password screen with a code, and both forgot-password paths', async () => {
    renderApp('/reset-password?code=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  });

  it.each(['/forgot-password', '/forgotpassword'])('%s shows the forgot-password screen', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('shows a not-found page with a link home for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/');
  });
});
