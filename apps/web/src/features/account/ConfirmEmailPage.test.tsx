import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@portal/domain';
import { CSRF, json, mockFetch, renderApp, resetClientState } from '../../test/utils';

const TOKEN = 'A'.repeat(43);

function server(answer: () => Response) {
  resetClientState();
  return mockFetch((url, call) => {
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/user/confirm-email' && call.method === 'POST') return answer();
    return json({ status: 404, message: 'not found' }, 404);
  });
}

describe('confirm email page (/confirm-email?code=…)', () => {
  it('changes nothing on load; the button sends the token and shows the result', async () => {
    const { calls } = server(() =>
      json({ status: 200, message: ACCOUNT_MSG.profile.confirmed, data: { email: 'new@example.com' } }),
    );
    renderApp(`/confirm-email?code=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Confirm new email' });
    expect(calls.some((c) => c.url === '/api/user/confirm-email')).toBe(false);
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MSG.profile.confirmed);
    const post = calls.find((c) => c.url === '/api/user/confirm-email')!;
    expect(post.body).toEqual({ token: TOKEN });
    expect(post.headers['x-xsrf-token']).toBe(CSRF);
  });

  it('shows the server’s reason for a dead link and lets the user try again', async () => {
    server(() => json({ status: 400, message: ACCOUNT_MSG.profile.confirmInvalid }, 400));
    renderApp(`/confirm-email?code=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.profile.confirmInvalid);
    expect(screen.getByRole('button', { name: 'Confirm new email' })).toBeEnabled();
  });
});
