import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@portal/domain';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { getStoredToken, getStoredUser, resetStorage } from '../../shared/storage';
import { useAuthStore } from './store';

beforeEach(() => resetClientState());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Sign In' });
  if (email) await user.type(await screen.findByLabelText(/^email/i), email);
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(submit);
  return user;
}

function loginAnswers(status: number, body: unknown = { status, message: 'x' }) {
  return mockFetch((url) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/login') {
      if (status === 0) throw new TypeError('Failed to fetch');
      return json(body, status);
    }
    return json({ status: 404, message: 'not found' }, 404);
  });
}

describe('sign-in form validation', () => {
  it('shows required messages from loginSchema and sends nothing', async () => {
    const { calls } = mockFetch(() => json({}));
    renderApp('/');
    await fillAndSubmit('', '');
    expect(await screen.findByText(MSG.login.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.login.passwordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows invalid-email and short-password messages', async () => {
    mockFetch(() => json({}));
    renderApp('/login');
    await fillAndSubmit('not-an-email', 'short');
    expect(await screen.findByText(MSG.login.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.login.passwordMin)).toBeInTheDocument();
  });

  it('toggles password visibility with an accessible button', async () => {
    renderApp('/');
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/^password/i);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('links to the forgot-password screen', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: /forgot password/i })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('sign-in errors by status', () => {
  it.each([
    [401, MSG.login.invalidCredentials],
    [403, MSG.login.disabled],
    [429, MSG.login.tooMany],
    [400, MSG.login.failed],
    [418, MSG.login.failed],
  ])('status %i shows the spec text', async (status, text) => {
    loginAnswers(status);
    renderApp('/');
    await fillAndSubmit('user@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('alert')).not.toHaveTextContent(MSG.login.storageNote);
  });

  it.each([0, 500, 503])('status %i shows the connection text (after the single retry)', async (status) => {
    const { calls } = loginAnswers(status);
    renderApp('/');
    await fillAndSubmit('user@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.login.serverDown);
    expect(calls.filter((c) => c.url === '/api/login')).toHaveLength(2);
  });

  it('appends the storage note and opens the troubleshooting dialog when storage is not persistent', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    } as unknown as Storage;
    resetStorage({ localStorage: blocked, sessionStorage: window.sessionStorage });
    loginAnswers(401);
    renderApp('/');
    await fillAndSubmit('user@example.com', 'password123');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${MSG.login.invalidCredentials} ${MSG.login.storageNote}`);
    expect(await screen.findByText('Browser storage is blocked')).toBeInTheDocument();
  });
});

describe('sign-in success', () => {
  it('normalises the email, stores the session and redirects by role', async () => {
    const data = makeUser('admin');
    const { calls } = mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      // The area's guard validates the new session on entry.
      if (url === '/api/login' || url === '/api/validate') return json({ status: 200, token: 'new.jwt.token', data });
      return json({ status: 404, message: 'not found' }, 404);
    });
    const { router } = renderApp('/');
    await fillAndSubmit('  Admin@Example.COM ', 'password123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mycompany'));
    const login = calls.find((c) => c.url === '/api/login')!;
    expect(login.body).toEqual({ email: 'admin@example.com', password: 'password123' });
    expect(login.headers['x-xsrf-token']).toBe(CSRF);
    expect(getStoredToken()).toBe('new.jwt.token');
    expect(getStoredUser()).toEqual(data);
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, role: 'admin', token: 'new.jwt.token' });
  });

  it('shows the storage-failure message when the session cannot be saved', async () => {
    // localStorage blocked; sessionStorage accepts the availability probe, then refuses writes (quota).
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const session = { store: new Map<string, string>(), writes: 0 };
    const flakySession = {
      getItem: (k: string) => session.store.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (++session.writes > 1) throw new DOMException('quota', 'QuotaExceededError');
        session.store.set(k, v);
      },
      removeItem: (k: string) => void session.store.delete(k),
    } as unknown as Storage;
    resetStorage({ localStorage: blocked, sessionStorage: flakySession });
    loginAnswers(200, { status: 200, token: 'new.jwt.token', data: makeUser('employee') });
    renderApp('/');
    await fillAndSubmit('e@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.login.storageFailed);
    expect(useAuthStore.getState().loggedIn).toBe(false);
  });

  it('redirects an already signed-in user visiting / to their area', async () => {
    resetClientState({ session: { token: 'old.jwt.token', user: makeUser('superadmin') } });
    mockFetch((url) =>
      url === '/api/validate'
        ? json({ status: 200, token: 'fresh.jwt.token', data: makeUser('superadmin') })
        : json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } }),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/companies'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    expect(getStoredToken()).toBe('fresh.jwt.token');
  });

  it('shows the form when the stored token no longer validates', async () => {
    resetClientState({ session: { token: 'old.jwt.token', user: makeUser('admin') } });
    mockFetch(() => json({ status: 401, message: 'Invalid or expired token' }, 401));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(getStoredToken()).toBeNull();
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });
});

describe('storage notice', () => {
  it('can be dismissed and stays dismissed', async () => {
    const user = userEvent.setup();
    const first = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Dismiss storage notice' }));
    expect(screen.queryByText('Browser storage')).not.toBeInTheDocument();
    first.unmount();
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Dismiss storage notice' })).not.toBeInTheDocument();
  });
});
