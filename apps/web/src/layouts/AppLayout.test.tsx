import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, mockFetch, renderApp, resetClientState } from '../test/utils';
import { getStoredToken, STORAGE_KEYS } from '../shared/storage';
import { fakeMediaQueryList } from '../test/matchMedia';

function setViewport(desktop: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width') ? desktop : !desktop),
  );
}

function signedInAs(role: 'superadmin' | 'admin' | 'employee') {
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
  return mockFetch((url) => {
    if (url === '/api/validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) });
    if (url === '/api/csrf-token') return json({ status: 200, token: 'csrf.token.value' });
    if (url === '/api/logout') return json({ status: 200, message: 'Logged out' });
    return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
  });
}

const shellState = () => document.querySelector('[data-sidebar]')?.getAttribute('data-sidebar');

beforeEach(() => resetClientState());

describe('sidebar', () => {
  it('collapses on desktop and remembers the minimized state across visits', async () => {
    setViewport(true);
    signedInAs('admin');
    const user = userEvent.setup();
    const first = renderApp('/admin/catalog');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(shellState()).toBe('minimized');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarMinimized)).toBe('true');
    // Minimized links keep accessible names.
    expect(screen.getByRole('link', { name: 'My Company' })).toHaveAttribute('href', '/admin/mycompany');
    first.unmount();

    renderApp('/admin/settings');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(shellState()).toBe('minimized');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(shellState()).toBe('expanded');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarMinimized)).toBe('false');
  });

  it('below 992px is an overlay that starts closed, ignores the minimized flag, and toggles from the header', async () => {
    setViewport(false);
    window.localStorage.setItem(STORAGE_KEYS.sidebarMinimized, 'true');
    signedInAs('employee');
    const user = userEvent.setup();
    renderApp('/employee/catalog');
    const burger = await screen.findByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(shellState()).toBe('expanded');
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();
    await user.click(burger);
    expect(screen.getByRole('button', { name: 'Close navigation menu' })).toHaveAttribute('aria-expanded', 'true');
    // Navigating closes the overlay.
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open navigation menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('Esc closes the phone menu; a skip link leads to the main content', async () => {
    setViewport(false);
    signedInAs('employee');
    const user = userEvent.setup();
    renderApp('/employee/help');
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    expect(screen.getByRole('button', { name: 'Close navigation menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Open navigation menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')).not.toBeNull();
  });

  it("shows each role's sidebar", async () => {
    setViewport(true);
    signedInAs('employee');
    renderApp('/employee/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Catalog', '/employee/catalog'],
      ['Quotes', '/employee/quotes'],
      ['Orders', '/employee/orders'],
      ['Sites', '/employee/sites'],
      ['Settings', '/employee/settings'],
      ['Help', '/employee/help'],
    ]);
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('Log Out revokes the session on the server, clears storage and returns to sign-in', async () => {
    setViewport(true);
    const { calls } = signedInAs('superadmin');
    const user = userEvent.setup();
    const { router } = renderApp('/superadmin/companies');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((c) => c.url === '/api/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.headers.authorization).toBe('Bearer fresh.jwt.token');
    expect(logout.headers['x-xsrf-token']).toBe('csrf.token.value');
    expect(getStoredToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
