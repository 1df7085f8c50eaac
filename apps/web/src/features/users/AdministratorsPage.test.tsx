import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderApp, resetClientState } from '../../test/utils';
import { ACME_ID, serve, userRow } from './test/server';

beforeEach(() => resetClientState());

const STATS = { status: 200, data: { totalAdmins: 42, totalEmployees: 317, activeCompanies: 9 } };

/** Administrators API with `count` admins; records list queries. `overrides` may answer first. */
function adminServer(count: number, overrides: Parameters<typeof serve>[1] = () => undefined) {
  return serve('superadmin', (c) => {
    const o = overrides(c);
    if (o) return o;
    if (c.path === '/api/user/total') return json(STATS);
    if (c.path === '/api/user' && c.method === 'GET') {
      const page = Number(c.query.get('page'));
      const limit = Number(c.query.get('limit'));
      const n = Math.max(0, Math.min(limit, count - (page - 1) * limit));
      const users = Array.from({ length: n }, (_, i) => userRow((page - 1) * limit + i + 1));
      return json({ status: 200, data: { users, totalcount: count } });
    }
    if (c.path === '/api/company' && c.method === 'GET')
      return json({ status: 200, data: { list: [{ _id: ACME_ID, name: 'Acme Air', status: true }], total: 1 } });
    return undefined;
  });
}

const listCalls = (calls: { url: string; method: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/user?'));

describe('Administrators page', () => {
  it('shows the three tiles from user/total; their plus signs are real controls', async () => {
    adminServer(3);
    renderApp('/superadmin/administrators');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrators' })).toBeInTheDocument();
    const admins = await screen.findByRole('group', { name: 'Total Administrators' });
    await waitFor(() => expect(admins).toHaveTextContent('42'));
    expect(screen.getByRole('group', { name: 'Total Employees' })).toHaveTextContent('317');
    expect(screen.getByRole('group', { name: 'Active Companies' })).toHaveTextContent('9');
    expect(admins.querySelector('svg')).not.toBeNull();
    // Issue 27: a plus sign is a real control, never decoration.
    expect(within(admins).getByRole('button', { name: 'Add an administrator' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active Companies' })).getByRole('link')).toHaveAttribute(
      'href',
      '/superadmin/companies',
    );
    expect(within(screen.getByRole('group', { name: 'Total Employees' })).queryByRole('button')).toBeNull();
    const table = screen.getByRole('table', { name: 'Administrators' });
    expect(await within(table).findByText('user1')).toBeInTheDocument();
    for (const h of ['Username', 'Company name', 'Email', 'Status', 'Last login'])
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View user1' })).toHaveAttribute(
      'href',
      `/superadmin/administrators/${userRow(1)._id}`,
    );
  });

  it('shows "No User found" when there are none', async () => {
    adminServer(0);
    renderApp('/superadmin/administrators');
    expect(await screen.findByText('No User found')).toBeInTheDocument();
  });

  it('pages 20 at a time with at most 7 page links, and a status change resets to page 1', async () => {
    const { calls } = adminServer(400); // 20 pages
    renderApp('/superadmin/administrators');
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(7);
    expect(listCalls(calls)[0].url).toBe('/api/user?page=1&limit=20');

    await userEvent.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toBe('/api/user?page=5&limit=20'));
    const links = within(nav).getAllByRole('button', { name: /^Page \d+$/ });
    expect(links.map((b) => b.textContent)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status filter' }), 'Inactive');
    await waitFor(() => expect(listCalls(calls).at(-1)!.url).toBe('/api/user?page=1&limit=20&status=false'));
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('combobox', { name: 'Status filter' }).querySelectorAll('option')).toHaveLength(3);
    expect(screen.getByRole('option', { name: 'All User Status' })).toBeInTheDocument();
  });

  it('enables bulk delete only with a selection and reports success', async () => {
    const { calls } = adminServer(3, (c) =>
      c.method === 'DELETE'
        ? json({ status: 200, message: 'Users Deleted Successfully', data: { deleted: 2 } })
        : undefined,
    );
    renderApp('/superadmin/administrators');
    await screen.findByText('user1');
    const del = screen.getByRole('button', { name: 'Delete selected' });
    expect(del).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user1' }));
    expect(del).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user1' }));
    expect(del).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(del).toBeEnabled();
    await userEvent.click(del);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin Deleted Successfully')).toBeInTheDocument();
    const req = calls.find((c) => c.method === 'DELETE')!;
    expect(req.url).toBe('/api/user/bulk');
    expect(req.body).toEqual({ id: [1, 2, 3].map((i) => userRow(i)._id) });
  });

  it('shows "Admin Delete Unsuccessful" with the server message on failure', async () => {
    adminServer(3, (c) =>
      c.method === 'DELETE' ? json({ status: 403, message: 'Only a superadmin can do that.' }, 403) : undefined,
    );
    renderApp('/superadmin/administrators');
    await screen.findByText('user2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin Delete Unsuccessful')).toBeInTheDocument();
    expect(screen.getByText('Only a superadmin can do that.')).toBeInTheDocument();
  });

  it('validates the Add Administrator modal with the spec texts, then adds', async () => {
    const { calls } = adminServer(1, (c) =>
      c.method === 'POST' && c.path === '/api/user'
        ? json({ status: 201, message: 'Admin added Successfully', data: userRow(9) }, 201)
        : undefined,
    );
    renderApp('/superadmin/administrators');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Administrator' });
    await userEvent.click(within(dialog).getByLabelText(/^Send an invitation by email/)); // type a password instead
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Administrator' }));
    for (const m of ['Please select a company', 'Username is required', 'Email is required', 'Password is required'])
      expect(await within(dialog).findByText(m)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Administrator' }));
    expect(await within(dialog).findByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Acme Air' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Company/), 'Acme Air');
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'New Admin');
    await userEvent.clear(within(dialog).getByLabelText(/^Email/));
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'New@Acme.test');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'longenough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Administrator' }));
    expect(await screen.findByText('Admin added Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: ACME_ID,
      username: 'New Admin',
      email: 'new@acme.test',
      password: 'shortlongenough',
      action: 'admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Administrator' })).toBeNull());
  });

  it('shows the server message, else "Failed to add administrator", when adding fails', async () => {
    adminServer(1, (c) =>
      c.method === 'POST' ? json({ status: 409, message: 'A user with this email already exists.' }, 409) : undefined,
    );
    renderApp('/superadmin/administrators');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Administrator' });
    await userEvent.click(within(dialog).getByLabelText(/^Send an invitation by email/)); // type a password instead
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Acme Air' })).toBeInTheDocument());
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Company/), 'Acme Air');
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'Dup');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'dup@acme.test');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'longenough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Administrator' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Administrator' })).toBeInTheDocument();
  });
});
