import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountProfile, SessionUserData } from '@portal/contracts';
import { ACCOUNT_MSG, MSG } from '@portal/domain';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState, type FetchCall } from '../../test/utils';
import { useAuthStore } from '../auth';
import { getStoredUser } from '../../shared/storage';

const TOKEN = 'session.jwt.token';

function profileOf(user: SessionUserData, extra: Partial<AccountProfile> = {}): AccountProfile {
  return {
    _id: user._id,
    username: user.username,
    email: user.email,
    role_key: user.role_key,
    company_id: user.company_id,
    company_name: user.company_name,
    picture: null,
    company_picture: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    last_login: null,
    ...extra,
  };
}

type Route = (call: FetchCall) => Response | undefined;

/** Signed-in user of `role`; `routes` answers account calls, the rest is the shell's background. */
function signIn(role: SessionUserData['role_key'], routes: Route = () => undefined) {
  const user = makeUser(role);
  resetClientState({ session: { token: TOKEN, user } });
  const fetchMock = mockFetch((url, call) => {
    const answer = routes(call);
    if (answer) return answer;
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/validate') return json({ status: 200, token: TOKEN, data: user });
    if (url === '/api/user/me') return json({ status: 200, data: profileOf(user) });
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { user, ...fetchMock };
}

beforeEach(() => notifications.clean());

describe('settings: tabs', () => {
  it('admins see Personal Details, Company/License and Change Password', async () => {
    signIn('admin');
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /personal details/i })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /company\/license/i })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /change password/i })).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveValue('Administrator');
    expect(screen.getByLabelText('Role')).toHaveAttribute('readonly');

    await userEvent.setup().click(screen.getByRole('tab', { name: /company\/license/i }));
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Acme Air');
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Upload company image' })).toBeInTheDocument();
  });

  it.each(['employee', 'superadmin'] as const)('%s has no Company/License tab', async (role) => {
    signIn(role);
    renderApp(`/${role}/settings`);
    expect(await screen.findByRole('tab', { name: /personal details/i })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /company\/license/i })).not.toBeInTheDocument();
  });
});

describe('settings: personal details', () => {
  it('saves the username, refreshes the stored user and the header (no password asked)', async () => {
    const { calls } = signIn('employee', (call) => {
      if (call.url === '/api/user' && call.method === 'PATCH') {
        const body = call.body as { username: string; email: string };
        return json({ status: 200, message: ACCOUNT_MSG.profile.updated, data: profileOf(makeUser('employee'), body) });
      }
    });
    renderApp('/employee/settings');
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^user name/i);
    await waitFor(() => expect(name).toHaveValue('employee-user'));
    await user.clear(name);
    await user.type(name, 'Jane Doe');
    expect(screen.queryByLabelText(/^current password/i, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(ACCOUNT_MSG.profile.updated)).toBeInTheDocument();
    const patch = calls.find((c) => c.url === '/api/user' && c.method === 'PATCH')!;
    expect(patch.body).toEqual({ username: 'Jane Doe', email: 'employee@example.com' });
    expect(patch.headers['x-xsrf-token']).toBe(CSRF);
    expect(useAuthStore.getState().user).toMatchObject({ username: 'Jane Doe', email: 'employee@example.com' });
    expect(getStoredUser()).toMatchObject({ username: 'Jane Doe' });
    expect(within(screen.getByRole('banner')).getByText('Jane Doe')).toBeInTheDocument();
  });

  it('changing the email asks for the current password and says a confirmation link was sent', async () => {
    const { calls } = signIn('employee', (call) => {
      if (call.url === '/api/user' && call.method === 'PATCH') {
        const body = call.body as { username: string; password?: string };
        if (body.password !== 'My-current-pass1')
          return json(
            {
              status: 400,
              message: ACCOUNT_MSG.change.currentIncorrect,
              errors: { password: ACCOUNT_MSG.change.currentIncorrect },
            },
            400,
          );
        // The email only changes once the link is used: the server still answers the old one.
        return json({
          status: 200,
          message: ACCOUNT_MSG.profile.confirmationSent,
          data: profileOf(makeUser('employee'), { username: body.username }),
        });
      }
    });
    renderApp('/employee/settings');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveValue('employee@example.com'));
    await user.clear(email);
    await user.type(email, 'Jane@Example.com');
    const password = await screen.findByLabelText(/^current password/i, { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_MSG.profile.passwordRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user' && c.method === 'PATCH')).toBe(false);

    await user.type(password, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_MSG.change.currentIncorrect)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'My-current-pass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const status = await screen.findByRole('status', { name: /check your new inbox/i });
    expect(status).toHaveTextContent(ACCOUNT_MSG.profile.confirmationSent);
    expect(status).toHaveTextContent('jane@example.com');
    const patches = calls.filter((c) => c.url === '/api/user' && c.method === 'PATCH');
    expect(patches.at(-1)!.body).toEqual({
      username: 'employee-user',
      email: 'jane@example.com',
      password: 'My-current-pass1',
    });
    // Nothing changed yet: the form and the session keep the current address, the password is gone.
    expect(screen.getByLabelText(/^email/i)).toHaveValue('employee@example.com');
    expect(screen.queryByLabelText(/^current password/i, { selector: 'input' })).not.toBeInTheDocument();
    expect(useAuthStore.getState().user).toMatchObject({ email: 'employee@example.com' });
  });

  it('validates the profile and shows the failure modal with the server message', async () => {
    signIn('employee', (call) => {
      if (call.url === '/api/user' && call.method === 'PATCH')
        return json({ status: 400, message: 'User Name must not contain line breaks' }, 400);
    });
    renderApp('/employee/settings');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^email/i);
    await waitFor(() => expect(email).toHaveValue('employee@example.com'));
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCOUNT_MSG.profile.emailRequired)).toBeInTheDocument();
    await user.type(email, 'employee@example.com');
    await user.type(screen.getByLabelText(/^user name/i), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_MSG.profile.updateFailed });
    expect(dialog).toHaveTextContent('User Name must not contain line breaks');
  });

  it('copies values to the clipboard', async () => {
    signIn('employee');
    renderApp('/employee/settings');
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await waitFor(() => expect(screen.getByLabelText(/^email/i)).toHaveValue('employee@example.com'));
    await user.click(screen.getByRole('button', { name: 'Copy email' }));
    expect(writeText).toHaveBeenCalledWith('employee@example.com');
    expect(await screen.findByText(MSG.clipboard.copied)).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy user name' }));
    expect(await screen.findByText(MSG.clipboard.failed)).toBeInTheDocument();
  });

  it('checks the image client-side, uploads it and shows it in the header', async () => {
    const picture = '/api/files/images/abc123.webp';
    const createObjectURL = vi.fn(() => 'blob:avatar');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { calls } = signIn('employee', (call) => {
      if (call.url === '/api/user/upload')
        return json({ status: 200, message: ACCOUNT_MSG.upload.profileUpdated, data: { picture } });
      if (call.url === picture) return new Response('img', { headers: { 'Content-Type': 'image/webp' } });
    });
    renderApp('/employee/settings');
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Choose profile image file');

    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(ACCOUNT_MSG.upload.badType)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(ACCOUNT_MSG.upload.tooLarge)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/upload')).toHaveLength(0);

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText(ACCOUNT_MSG.upload.profileUpdated)).toBeInTheDocument();
    const upload = calls.find((c) => c.url === '/api/user/upload')!;
    expect(upload.method).toBe('PATCH');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(useAuthStore.getState().user?.picture).toBe(picture);
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByRole('img')).toHaveAttribute('src', 'blob:avatar'),
    );
    const imageCall = calls.find((c) => c.url === picture)!;
    expect(imageCall.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

// Typing three passwords is slow on a shared CI machine.
describe('settings: change password', () => {
  async function openTab() {
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: /change password/i }));
    await screen.findByLabelText(/^current password/i);
    return user;
  }

  async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
    if (current) await user.type(screen.getByLabelText(/^current password/i), current);
    if (next) await user.type(screen.getByLabelText(/^new password/i), next);
    if (confirm) await user.type(screen.getByLabelText(/^confirm password/i), confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }

  it('validates with the spec messages and links to forgot password', async () => {
    const { calls } = signIn('employee');
    renderApp('/employee/settings');
    const user = await openTab();
    expect(screen.getByRole('link', { name: 'Forgot your current password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    for (const hint of ['8+ characters', 'uppercase', 'lowercase', 'number', 'special character'])
      expect(screen.getByText(hint)).toBeInTheDocument();

    await fill(user, '', '', '');
    expect(await screen.findByText(ACCOUNT_MSG.change.currentRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.change.newRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.change.confirmRequired)).toBeInTheDocument();

    await fill(user, 'old-password', 'Ab1!', 'Ab1!');
    expect(await screen.findByText(ACCOUNT_MSG.change.newMin)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.change.confirmMin)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^new password/i));
    await user.clear(screen.getByLabelText(/^confirm password/i));
    await fill(user, '', 'Filter#Portal9', 'Filter#Portal8');
    expect(await screen.findByText(ACCOUNT_MSG.change.mismatch)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/change-password')).toHaveLength(0);
  });

  it('sends {oldPassword, newPassword} and shows the success text', async () => {
    const { calls } = signIn('admin', (call) => {
      if (call.url === '/api/change-password') return json({ status: 200, message: ACCOUNT_MSG.change.success });
    });
    renderApp('/admin/settings');
    const user = await openTab();
    await fill(user, 'Old#Password1', 'Filter#Portal9', 'Filter#Portal9');
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.change.success);
    expect(calls.find((c) => c.url === '/api/change-password')!.body).toEqual({
      oldPassword: 'Old#Password1',
      newPassword: 'Filter#Portal9',
    });
    expect(screen.getByLabelText(/^current password/i)).toHaveValue('');
  });

  it('shows the server message for a wrong current password', async () => {
    signIn('employee', (call) => {
      if (call.url === '/api/change-password')
        return json(
          {
            status: 400,
            message: ACCOUNT_MSG.change.currentIncorrect,
            errors: { oldPassword: ACCOUNT_MSG.change.currentIncorrect },
          },
          400,
        );
    });
    renderApp('/employee/settings');
    const user = await openTab();
    await fill(user, 'Wrong#Password1', 'Filter#Portal9', 'Filter#Portal9');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.change.currentIncorrect);
    expect(useAuthStore.getState().loggedIn).toBe(true);
  });

  it('falls back to the default error text', async () => {
    signIn('employee', (call) => {
      if (call.url === '/api/change-password') return json({}, 400);
    });
    renderApp('/employee/settings');
    const user = await openTab();
    await fill(user, 'Old#Password1', 'Filter#Portal9', 'Filter#Portal9');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.change.failedDefault);
  });

  it('401: session expired message, session ends, back to the root', async () => {
    signIn('employee', (call) => {
      if (call.url === '/api/change-password') return json({ status: 401, message: 'Invalid or expired token' }, 401);
    });
    const { router } = renderApp('/employee/settings');
    const user = await openTab();
    await fill(user, 'Old#Password1', 'Filter#Portal9', 'Filter#Portal9');
    expect(await screen.findByText(ACCOUNT_MSG.change.sessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: false, token: null });
  });
});
