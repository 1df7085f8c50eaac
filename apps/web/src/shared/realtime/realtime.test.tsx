import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { sockets } from '../../test/fakeSocket';
import { getStoredToken } from '../storage';

beforeEach(() => resetClientState());

function signedInAs(role: 'superadmin' | 'employee') {
  resetClientState({ session: { token: 'stored.jwt.token', user: makeUser(role) } });
  mockFetch((url) =>
    url === '/api/validate'
      ? json({ status: 200, token: 'fresh.jwt.token', data: makeUser(role) })
      : json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } }),
  );
}

/** The companies screen of a signed-in superadmin, and its live socket. */
async function superadminSocket() {
  signedInAs('superadmin');
  renderApp('/superadmin/companies');
  await screen.findByRole('heading', { level: 1, name: 'Companies' });
  await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
  return sockets.find((s) => !s.disconnected)!;
}

const notification = (description: string) => ({
  _id: `n-${description.length}`,
  username: 'bob',
  email: 'bob@example.com',
  description,
  date: new Date().toISOString(),
  read_status: false,
});

describe('realtime', () => {
  it('does not connect on the public sign-in page', async () => {
    mockFetch(() => json({}));
    renderApp('/');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(sockets).toHaveLength(0);
  });

  it('connects same-origin on /socket.io with the validated token', async () => {
    signedInAs('employee');
    renderApp('/employee/catalog');
    await screen.findByRole('heading', { level: 1, name: 'Catalog' });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const live = sockets.filter((s) => !s.disconnected);
    expect(live).toHaveLength(1);
    expect(live[0].opts).toMatchObject({ path: '/socket.io', auth: { token: 'fresh.jwt.token' } });
  });

  it('session.revoked clears storage and returns to sign-in', async () => {
    signedInAs('employee');
    const { router } = renderApp('/employee/catalog');
    await screen.findByRole('heading', { level: 1, name: 'Catalog' });
    await waitFor(() => expect(sockets.some((s) => !s.disconnected)).toBe(true));
    act(() => sockets.find((s) => !s.disconnected)!.serverEmit('session.revoked', { reason: 'revoked' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getStoredToken()).toBeNull();
    await waitFor(() => expect(sockets.every((s) => s.disconnected)).toBe(true));
  });

  it('notification.created shows a toast for the superadmin', async () => {
    const live = await superadminSocket();
    act(() => live.serverEmit('notification.created', notification('bob tried to sign in to a disabled account')));
    expect(await screen.findByText('bob tried to sign in to a disabled account')).toBeInTheDocument();
  });

  it('hands on each push of a batch (one message per change) as if it came alone', async () => {
    const live = await superadminSocket();
    act(() =>
      live.serverEmit('batch', {
        events: [
          { event: 'audit.created', data: { count: 1, entities: ['company'] } },
          { event: 'notification.created', data: notification('ann changed a multiplier') },
        ],
      }),
    );
    expect(await screen.findByText('ann changed a multiplier')).toBeInTheDocument();
  });
});
