import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@portal/domain';
import { AppProviders } from '../../app/AppProviders';
import { api, createQueryClient, setSigningOut } from '../../shared/api';
import { getStoredToken } from '../../shared/storage';
import { CSRF, json, makeUser, mockFetch, resetClientState } from '../../test/utils';
import { logout } from './session';

afterEach(() => setSigningOut(false));

/** The server ends the session on logout; every later request with the old token is 401. */
function server() {
  let ended = false;
  return mockFetch((url) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/logout') {
      ended = true;
      return json({ status: 200, message: 'Logged out' });
    }
    if (ended) return json({ status: 401, message: 'Invalid or expired token' }, 401);
    return json({ status: 200, data: {} });
  });
}

describe('signing out', () => {
  it('requests answered 401 after one chose to sign out show no "Session Expired" (e.g. right after enabling two-factor)', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    server();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <div />
      </AppProviders>,
    );
    await logout();
    // A dialog closing on the way out refetches with the old token.
    await expect(api.get('2fa')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(getStoredToken()).toBeNull());
    expect(screen.queryByText(MSG.global.sessionExpired)).not.toBeInTheDocument();
  });

  it('an expired session still says so when the user did not sign out', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('employee') } });
    mockFetch(() => json({ status: 401, message: 'Invalid or expired token' }, 401));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <div />
      </AppProviders>,
    );
    await expect(api.get('2fa')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText(MSG.global.sessionExpired)).toBeInTheDocument();
  });
});
