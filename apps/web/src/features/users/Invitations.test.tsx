import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInvitation } from '@portal/contracts';
import { json, renderApp, resetClientState } from '../../test/utils';
import { ACME_ID, serve, userRow } from './test/server';

beforeEach(() => resetClientState());

const invitation = (status: UserInvitation['status']): UserInvitation => ({
  status,
  sent_at: '2030-01-01T10:00:00.000Z',
  expires_at: '2030-01-08T10:00:00.000Z',
});

/** Administrators list: an invited row, an accepted one and one given a password; records calls. */
function server() {
  const rows = [
    userRow(1, { invitation: invitation('pending') }),
    userRow(2, { invitation: invitation('accepted'), current_login: '2030-01-02T09:30:00.000Z' }),
    userRow(3, { invitation: invitation('expired') }),
  ];
  return serve('superadmin', (c) => {
    if (c.path === '/api/user/total')
      return json({ status: 200, data: { totalAdmins: 3, totalEmployees: 0, activeCompanies: 1 } });
    if (c.path === '/api/user' && c.method === 'GET') {
      const term = c.query.get('search') ?? '';
      const users = rows.filter((r) => r.username.includes(term) || r.email.includes(term));
      return json({ status: 200, data: { users, totalcount: users.length } });
    }
    if (c.path === '/api/user' && c.method === 'POST')
      return json({ status: 201, message: 'Admin added Successfully', data: rows[0] }, 201);
    if (c.path.endsWith('/invitation/resend'))
      return json({
        status: 200,
        message: 'Invitation sent again. The previous link no longer works.',
        data: invitation('pending'),
      });
    if (c.path.endsWith('/invitation') && c.method === 'DELETE')
      return json({ status: 200, message: 'Invitation revoked', data: invitation('revoked') });
    if (c.path === '/api/company' && c.method === 'GET')
      return json({ status: 200, data: { list: [{ _id: ACME_ID, name: 'Acme Air', status: true }], total: 1 } });
    return undefined;
  });
}

describe('invitations in the user lists', () => {
  it('shows Invited with Resend and Revoke; an expired one Resend only; Last login is the latest sign-in', async () => {
    const { calls } = server();
    renderApp('/superadmin/administrators');
    const table = await screen.findByRole('table', { name: 'Administrators' });
    const row1 = (await within(table).findByText('user1')).closest('tr')!;
    expect(within(row1).getByText('Invited')).toBeInTheDocument();
    const row3 = within(table).getByText('user3').closest('tr')!;
    expect(within(row3).getByText('Invitation expired')).toBeInTheDocument();
    expect(within(row3).queryByRole('button', { name: /Revoke/ })).toBeNull();
    const row2 = within(table).getByText('user2').closest('tr')!;
    expect(within(row2).getByText('Active')).toBeInTheDocument();
    expect(within(row2).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(within(row2).queryByText('Never')).toBeNull();

    await userEvent.click(within(row1).getByRole('button', { name: 'Resend invitation to user1' }));
    expect(await screen.findByText('Invitation sent again. The previous link no longer works.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/user/${userRow(1)._id}/invitation/resend`)).toBe(
      true,
    );
    await userEvent.click(within(row1).getByRole('button', { name: 'Revoke invitation of user1' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/user/${userRow(1)._id}/invitation`)).toBe(true);
  });

  it('Add Administrator sends an invitation by default: invite true, no password', async () => {
    const { calls } = server();
    renderApp('/superadmin/administrators');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Administrator' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Acme Air' })).toBeInTheDocument());
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Company/), 'Acme Air');
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'Ivy');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'ivy@acme.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Administrator' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/user')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/user')!.body).toEqual({
      company_id: ACME_ID,
      username: 'Ivy',
      email: 'ivy@acme.test',
      invite: true,
      action: 'admin',
    });
  });

  it('the search box queries with search= after a pause and keeps it in the URL', async () => {
    const { calls } = server();
    const { router } = renderApp('/superadmin/administrators');
    const table = await screen.findByRole('table', { name: 'Administrators' });
    await within(table).findByText('user1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search administrators' }), 'user2');
    await waitFor(() => expect(within(table).queryByText('user1')).toBeNull());
    expect(within(table).getByText('user2')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('search=user2'))).toBe(true);
    expect(calls.some((c) => /search=u(&|$)/.test(c.url))).toBe(false); // debounced: not per keystroke
    await waitFor(() => expect(router.state.location.search).toContain('search=user2'));
  });

  it('a row click opens the record', async () => {
    server();
    const { router } = renderApp('/superadmin/administrators');
    const table = await screen.findByRole('table', { name: 'Administrators' });
    await userEvent.click(await within(table).findByText('user2'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/superadmin/administrators/${userRow(2)._id}`));
  });
});
