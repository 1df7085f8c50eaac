import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { getStoredToken } from '../../shared/storage';
import { useAuthStore } from '../auth';

beforeEach(() => resetClientState());

const MFA_TOKEN = 'm'.repeat(43);

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^email/i), 'emp@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'password123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign-in code step', () => {
  it('asks for the code, shows the server message for a wrong one, then signs in', async () => {
    const data = makeUser('employee');
    let attempts = 0;
    const { calls } = mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      if (url === '/api/login') return json({ status: 200, mfa_required: true, mfa_token: MFA_TOKEN });
      if (url === '/api/login/2fa') {
        attempts++;
        return attempts === 1
          ? json({ status: 401, message: 'Invalid authentication code. Please try again.' }, 401)
          : json({ status: 200, token: 'full.jwt.token', data });
      }
      // The area's guard validates the new session on entry.
      if (url === '/api/validate') return json({ status: 200, token: 'full.jwt.token', data });
      return json({ status: 404, message: 'not found' }, 404);
    });
    const { router } = renderApp('/');
    const user = await passwordStep();

    expect(await screen.findByRole('heading', { name: 'Two-factor verification' })).toBeInTheDocument();
    expect(getStoredToken()).toBeNull();
    const input = await screen.findByLabelText('Authentication code');
    await user.click(input);
    await user.paste('123 456');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code. Please try again.');

    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee/catalog'));
    const sent = calls.filter((c) => c.url === '/api/login/2fa').map((c) => c.body);
    expect(sent).toEqual([
      { mfa_token: MFA_TOKEN, code: '123456' },
      { mfa_token: MFA_TOKEN, code: '654321' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: true, token: 'full.jwt.token' });
  });

  it('switches to a recovery code', async () => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      if (url === '/api/login') return json({ status: 200, mfa_required: true, mfa_token: MFA_TOKEN });
      if (url === '/api/login/2fa') return json({ status: 200, token: 't.t.t', data: makeUser('admin') });
      return json({ status: 404, message: 'not found' }, 404);
    });
    const { router } = renderApp('/');
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(await screen.findByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/mycompany'));
    expect(calls.find((c) => c.url === '/api/login/2fa')!.body).toEqual({
      mfa_token: MFA_TOKEN,
      recovery_code: 'abcde-fghij',
    });
  });
});

describe('enrolment required by the policy', () => {
  it('keeps the user on the sign-in screen with the setup until the code is confirmed', async () => {
    const data = makeUser('admin');
    mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      if (url === '/api/login')
        return json({ status: 200, mfa_enrolment_required: true, token: 'enrol.jwt.token', data });
      if (url === '/api/2fa/setup')
        return json({
          status: 200,
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x',
            qr: 'data:image/png;base64,AA==',
          },
        });
      return json({ status: 404, message: 'not found' }, 404);
    });
    const { router } = renderApp('/');
    await passwordStep();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState().loggedIn).toBe(false);
    expect(getStoredToken()).toBe('enrol.jwt.token');
  });
});
