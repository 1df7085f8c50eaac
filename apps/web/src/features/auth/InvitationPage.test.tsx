import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { InvitationLinkView } from '@portal/contracts';
import { INVITATION_MSG } from '@portal/domain';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { useAuthStore } from './store';

beforeEach(() => {
  resetClientState();
  notifications.clean();
});

const view = (over: Partial<InvitationLinkView> = {}): InvitationLinkView => ({
  status: 'pending',
  email: 'ivy@acme.test',
  username: 'Ivy',
  expires_at: '2030-01-08T10:00:00.000Z',
  new_link_requested: false,
  ...over,
});

function server(check: () => Response, accept?: () => Response, requestNew?: () => Response) {
  return mockFetch((url) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (url === '/api/invitation/check') return check();
    if (url === '/api/invitation/accept' && accept) return accept();
    if (url === '/api/invitation/request-new' && requestNew) return requestNew();
    if (url === '/api/validate') return json({ status: 200, token: 'fresh', data: makeUser('employee') });
    return json({ status: 404, message: 'not found' }, 404);
  });
}

describe('invitation link', () => {
  it('pending: "Welcome to Filter Portal — choose your password" with the email; setting it signs in', async () => {
    const { calls } = server(
      () => json({ status: 200, data: view() }),
      () => json({ status: 200, token: 'session.jwt', data: makeUser('employee', { email: 'ivy@acme.test' }) }),
    );
    const { router } = renderApp('/invitation?code=tok123');
    expect(await screen.findByLabelText('Email')).toHaveValue('ivy@acme.test');
    expect(screen.getByRole('heading', { level: 1, name: INVITATION_MSG.pageTitle })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^new password/i), 'My-own-pass1');
    await user.type(screen.getByLabelText(/^confirm password/i), 'My-own-pass1');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(useAuthStore.getState().loggedIn).toBe(true));
    const accept = calls.find((c) => c.url === '/api/invitation/accept')!;
    expect(accept.body).toEqual({ token: 'tok123', password: 'My-own-pass1' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/invitation'));
  });

  it('validates the password before sending anything', async () => {
    const { calls } = server(() => json({ status: 200, data: view() }));
    renderApp('/invitation?code=tok123');
    const user = userEvent.setup();
    await screen.findByLabelText('Email');
    await user.type(screen.getByLabelText(/^new password/i), 'short');
    await user.type(screen.getByLabelText(/^confirm password/i), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/invitation/accept')).toBe(false);
  });

  it.each([
    ['accepted', INVITATION_MSG.state.accepted, false],
    ['superseded', INVITATION_MSG.state.superseded, false],
    ['expired', INVITATION_MSG.state.expired, true],
    ['revoked', INVITATION_MSG.state.revoked, true],
  ] as const)('%s: says so up front, no password form', async (status, message, canAsk) => {
    server(() => json({ status: 200, data: view({ status }) }));
    renderApp('/invitation?code=tok123');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^new password/i)).toBeNull();
    expect(!!screen.queryByRole('button', { name: 'Ask for a new invitation' })).toBe(canAsk);
  });

  it('expired: "Ask for a new invitation" tells the administrator and says so', async () => {
    const { calls } = server(
      () => json({ status: 200, data: view({ status: 'expired' }) }),
      undefined,
      () => json({ status: 200, message: INVITATION_MSG.newLinkRequested }),
    );
    renderApp('/invitation?code=tok123');
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for a new invitation' }));
    expect(await screen.findByText(INVITATION_MSG.newLinkRequested)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/invitation/request-new')!.body).toEqual({ token: 'tok123' });
  });

  it('an unknown link says it is not valid', async () => {
    server(() => json({ status: 404, message: INVITATION_MSG.linkInvalid }, 404));
    renderApp('/invitation?code=nope');
    expect(await screen.findByText(INVITATION_MSG.linkInvalid)).toBeInTheDocument();
  });
});
