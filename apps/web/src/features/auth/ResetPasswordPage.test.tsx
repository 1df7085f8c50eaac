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

function resetAnswers(status: number, body: unknown = { status, message: ACCOUNT_MSG.reset.success }) {
  return mockFetch((url) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/reset-password') return json(body, status);
    return json({ status: 404, message: 'not found' }, 404);
  });
}

const passwordInput = () => screen.getByLabelText(/^new password/i);
const confirmInput = () => screen.getByLabelText(/^confirm password/i);

function met(label: string): string | null {
  return screen.getByText(label).closest('li')!.getAttribute('data-met');
}

describe('reset password', () => {
  it.each([
    ['used', 'This link was already used', ACCOUNT_MSG.reset.linkUsed],
    ['expired', 'This link has expired', ACCOUNT_MSG.reset.linkExpired],
    ['replaced', 'A newer link was sent', ACCOUNT_MSG.reset.linkReplaced],
  ])('a %s link says so up front, without the form, and offers a new link', async (state, title, text) => {
    const { calls } = mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      if (url === '/api/reset-password/check') return json({ status: 200, data: { state, expires_at: null } });
      return json({ status: 404, message: 'not found' }, 404);
    });
    renderApp('/reset-password?code=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(`${title}${text}`);
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(calls.find((c) => c.url === '/api/reset-password/check')?.body).toEqual({ token: 'abc' });
  });

  it('a valid link shows the form', async () => {
    mockFetch((url) => {
      if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
      if (url === '/api/reset-password/check')
        return json({ status: 200, data: { state: 'valid', expires_at: '2030-01-01T00:00:00.000Z' } });
      return json({ status: 404, message: 'not found' }, 404);
    });
    renderApp('/reset-password?code=abc');
    expect(await screen.findByLabelText(/^new password/i)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a code goes to the root', async () => {
    const { router } = renderApp('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('ticks the checklist live and labels the strength Weak → Fair → Good → Strong', async () => {
    renderApp('/reset-password?code=abc');
    const user = userEvent.setup();
    await screen.findByLabelText(/^new password/i); // after the link check (no answer here: the form is shown)
    for (const l of ['8+ characters', 'uppercase', 'lowercase', 'number', 'special character'])
      expect(met(l)).toBe('false');
    const strength = screen.getByTestId('password-strength');

    await user.type(passwordInput(), 'abc');
    expect(met('lowercase')).toBe('true');
    expect(met('8+ characters')).toBe('false');
    expect(strength).toHaveTextContent('Weak');

    await user.type(passwordInput(), 'defgh'); // 8 lowercase: length + lowercase = 2
    expect(met('8+ characters')).toBe('true');
    expect(strength).toHaveTextContent('Fair');

    await user.type(passwordInput(), 'A'); // + uppercase = 3
    expect(met('uppercase')).toBe('true');
    expect(strength).toHaveTextContent('Good');

    await user.type(passwordInput(), '1!'); // capped at 4
    expect(met('number')).toBe('true');
    expect(met('special character')).toBe('true');
    expect(strength).toHaveTextContent('Strong');
  });

  it('shows the spec messages: required, too short, mismatch', async () => {
    const { calls } = resetAnswers(200);
    renderApp('/reset-password?code=abc');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MSG.reset.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.reset.confirmRequired)).toBeInTheDocument();

    await user.type(passwordInput(), 'Ab1!');
    await user.type(confirmInput(), 'Ab1!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MSG.reset.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.reset.confirmMin)).toBeInTheDocument();

    await user.clear(passwordInput());
    await user.clear(confirmInput());
    await user.type(passwordInput(), 'Filter#Portal9');
    await user.type(confirmInput(), 'Filter#Portal8');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MSG.reset.mismatch)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/reset-password')).toHaveLength(0);
  });

  it('toggles visibility with named buttons', async () => {
    renderApp('/reset-password?code=abc');
    const user = userEvent.setup();
    await screen.findByLabelText(/^new password/i); // after the link check (no answer here: the form is shown)
    expect(passwordInput()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide new password' })).toBeInTheDocument();
  });

  it('submits {password, token}, shows the banner, disables the fields and redirects after 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = resetAnswers(200);
    const { router } = renderApp('/reset-password?code=tok-123');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText(/^new password/i), 'Filter#Portal9');
    await user.type(confirmInput(), 'Filter#Portal9');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.reset.success);
    const sent = calls.filter((c) => c.url === '/api/reset-password');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ password: 'Filter#Portal9', token: 'tok-123' });
    expect(passwordInput()).toBeDisabled();
    expect(confirmInput()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Go to Sign In' })).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(5900);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Go to Sign In leaves at once', async () => {
    resetAnswers(200);
    const { router } = renderApp('/reset-password?code=tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^new password/i), 'Filter#Portal9');
    await user.type(confirmInput(), 'Filter#Portal9');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await user.click(await screen.findByRole('button', { name: 'Go to Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [400, { status: 400, message: ACCOUNT_MSG.reset.invalidToken }, ACCOUNT_MSG.reset.invalidToken],
    [400, {}, ACCOUNT_MSG.reset.failedDefault],
  ])('failure %i shows the Password Update Failed toast', async (status, body, text) => {
    resetAnswers(status, body);
    renderApp('/reset-password?code=tok');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^new password/i), 'Filter#Portal9');
    await user.type(confirmInput(), 'Filter#Portal9');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ACCOUNT_MSG.reset.failedTitle)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(passwordInput()).toBeEnabled();
  });
});
