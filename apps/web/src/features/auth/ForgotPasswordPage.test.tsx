import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_MSG } from '@portal/domain';
import { CSRF, json, mockFetch, renderApp, resetClientState } from '../../test/utils';

beforeEach(() => {
  resetClientState();
  notifications.clean();
});
afterEach(() => vi.useRealTimers());

function forgotAnswers(status: number, body: unknown = { status, message: ACCOUNT_MSG.forgot.sent }) {
  return mockFetch((url) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/forgot-password') return json(body, status);
    return json({ status: 404, message: 'not found' }, 404);
  });
}

async function submit(email: string, user = userEvent.setup()) {
  const button = await screen.findByRole('button', { name: 'Send Reset Link' });
  if (email) await user.type(screen.getByLabelText(/^email/i), email);
  await user.click(button);
  return user;
}

describe('forgot password', () => {
  it.each(['/forgot-password', '/forgotpassword'])('%s shows the form and a Back to Sign In link', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/');
  });

  it('validates the email with the spec texts and sends nothing', async () => {
    const { calls } = forgotAnswers(200);
    renderApp('/forgot-password');
    const user = await submit('');
    expect(await screen.findByText(ACCOUNT_MSG.forgot.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email/i), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(ACCOUNT_MSG.forgot.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/forgot-password')).toHaveLength(0);
  });

  it('sends, shows the banner and Email Sent state, offers Resend, and returns to sign-in after 8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = forgotAnswers(200);
    const { router } = renderApp('/forgot-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await submit('  User@Example.com ', user);

    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.forgot.sent);
    // No toast claiming the email was sent: the page says it is sent only if the account exists.
    expect(screen.queryByText('Reset Email Sent!')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Email Sent' })).toBeDisabled();
    const sent = calls.filter((c) => c.url === '/api/forgot-password');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ email: 'user@example.com' });
    expect(sent[0].headers['x-xsrf-token']).toBe(CSRF);

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/forgot-password')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/forgot-password')[1].body).toEqual({ email: 'user@example.com' });

    await act(async () => {
      vi.advanceTimersByTime(7900);
    });
    expect(router.state.location.pathname).toBe('/forgot-password');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the server message on failure (429) and stays editable', async () => {
    forgotAnswers(429, { status: 429, message: ACCOUNT_MSG.forgot.tooMany });
    renderApp('/forgot-password');
    await submit('user@example.com');
    expect(await screen.findByText(ACCOUNT_MSG.forgot.failedTitle)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.forgot.tooMany)).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('falls back to the default failure text without a server message', async () => {
    forgotAnswers(400, {});
    renderApp('/forgot-password');
    await submit('user@example.com');
    expect(await screen.findByText(ACCOUNT_MSG.forgot.failedDefault)).toBeInTheDocument();
  });
});
