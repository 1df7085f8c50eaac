import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '@portal/contracts';
import { act } from '@testing-library/react';
import { json, renderApp, resetClientState } from '../../test/utils';
import { dispatchRealtimeEvent } from '../../shared/realtime';
import { serve, userRow } from '../users/test/server';

beforeEach(() => resetClientState());

function companyServer(initial: UserRow[]) {
  const rows = [...initial];
  const handle = serve('admin', (c) => {
    if (c.path === '/api/user/employee') {
      const s = c.query.get('status');
      const users = rows.filter((r) => s === null || String(r.status) === s);
      return json({ status: 200, data: { users, totalcount: users.length } });
    }
    if (c.path === '/api/user' && c.method === 'POST') {
      const b = c.body as { username: string; email: string };
      const row = userRow(rows.length + 100, { username: b.username, email: b.email, role_key: 'employee' });
      rows.unshift(row);
      return json({ status: 201, message: 'Employee added Successfully', data: row }, 201);
    }
    if (c.path === '/api/user/bulk' || (c.method === 'DELETE' && c.path.startsWith('/api/user/'))) {
      return json({ status: 200, message: 'ok', data: { deleted: 1 } });
    }
    return undefined;
  });
  return { ...handle, rows };
}

const emp = (i: number, status = true) => userRow(i, { role_key: 'employee', role_name: 'Employee', status });

describe('My Company page', () => {
  it('shows the company header, employee count, note and table', async () => {
    companyServer([emp(1), emp(2, false)]);
    renderApp('/admin/mycompany');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Company' })).toBeInTheDocument();
    const company = screen.getByRole('region', { name: 'Company' });
    expect(within(company).getByText('Acme Air')).toBeInTheDocument();
    expect(within(company).getByText('Active')).toBeInTheDocument();
    expect(within(company).getByText('admin-user')).toBeInTheDocument();
    expect(within(company).getByText('admin@example.com')).toBeInTheDocument();
    await waitFor(() => expect(within(company).getByText('Employees').nextSibling).toHaveTextContent('2'));
    const note = screen.getByText(/To change your own username, email or password/);
    expect(within(note).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    const table = screen.getByRole('table', { name: 'Employees' });
    expect(await within(table).findByText('user1')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View user1' })).toHaveAttribute(
      'href',
      `/admin/mycompany/employee/${emp(1)._id}`,
    );
  });

  it('shows "No User found." when empty, and filters by status', async () => {
    const { calls } = companyServer([emp(1)]);
    renderApp('/admin/mycompany');
    await screen.findByText('user1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status filter' }), 'Inactive');
    expect(await screen.findByText('No User found.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/employee?status=false')).toBe(true);
  });

  it('adds an employee with POST user {username,email,password}', async () => {
    const { calls } = companyServer([]);
    renderApp('/admin/mycompany');
    await screen.findByText('No User found.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Employee' });
    await userEvent.click(within(dialog).getByLabelText(/^Send an invitation by email/)); // type a password instead
    expect(within(dialog).queryByLabelText(/^Company/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Employee' }));
    expect(await within(dialog).findByText('User Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Username/), 'Nina New');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'nina@acme.test');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Employee' }));
    expect(await within(dialog).findByText('Password must be at least of 8 characters')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'er-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Employee added Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'Nina New',
      email: 'nina@acme.test',
      password: 'shorter-pass',
    });
    expect(await screen.findByText('Nina New')).toBeInTheDocument();
  });

  it('bulk deletes the ticked employees: "User Deleted Successfully"', async () => {
    const { calls } = companyServer([emp(1), emp(2)]);
    renderApp('/admin/mycompany');
    await screen.findByText('user1');
    const del = screen.getByRole('button', { name: 'Delete selected' });
    expect(del).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select user2' }));
    await userEvent.click(del);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Deleted Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`/api/user/${emp(2)._id}`);
  });

  it("refetches the employees when 'org.changed' arrives (another admin's change)", async () => {
    const { rows, calls } = companyServer([emp(1)]);
    renderApp('/admin/mycompany');
    await screen.findByText('user1');
    rows.unshift(emp(5));
    const before = calls.length;
    act(() => dispatchRealtimeEvent('org.changed', { entity: 'user', action: 'created', companyId: 'company-1' }));
    expect(await screen.findByText('user5')).toBeInTheDocument();
    expect(calls.slice(before).some((c) => c.url.startsWith('/api/user/employee'))).toBe(true);
  });
});
