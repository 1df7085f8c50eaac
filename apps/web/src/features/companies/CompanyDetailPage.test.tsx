import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '@portal/contracts';
import { renderApp } from '../../test/utils';
import { ACME_ID, company, json, superadminServer, userRow } from './testing';

const DETAIL = `/superadmin/companies/${ACME_ID}`;
const ALL = [
  userRow(1, { role_key: 'admin', role_name: 'Administrator', username: 'Alice Admin' }),
  userRow(2, { username: 'Evan Employee' }),
  userRow(3, { username: 'Dora Disabled', status: false }),
];

function detailServer(opts: { users?: UserRow[]; post?: () => Response } = {}) {
  const users = opts.users ?? ALL;
  return superadminServer((url, call) => {
    if (url.pathname === `/api/company/${ACME_ID}` && call.method === 'GET')
      return json({ status: 200, data: { company: company(), totalAdmins: 2, totalEmployees: 5 } });
    if (url.pathname === `/api/company/user/${ACME_ID}`) {
      const s = url.searchParams.get('status');
      const rows = s === null ? users : users.filter((u) => String(u.status) === s);
      return json({ status: 200, data: { users: rows, totalcount: rows.length } });
    }
    if (url.pathname === '/api/user/bulk' && call.method === 'DELETE')
      return json({ status: 200, message: 'Users Deleted Successfully', data: { deleted: 2 } });
    if (url.pathname === '/api/user' && call.method === 'POST')
      return opts.post?.() ?? json({ status: 201, message: 'Admin added Successfully', data: userRow(9) }, 201);
    return undefined;
  });
}

describe('company detail', () => {
  it('shows the header, breadcrumb and the users table', async () => {
    detailServer();
    renderApp(DETAIL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Air' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Companies' }),
    ).toHaveAttribute('href', '/superadmin/companies');
    expect(screen.getByTestId('total-admins')).toHaveTextContent('2');
    const table = within(await screen.findByRole('table', { name: 'Company users' }));
    expect(await table.findByText('Alice Admin')).toBeInTheDocument();
    for (const h of ['Username', 'Email', 'Role', 'Status', 'Last login'])
      expect(table.getByText(h)).toBeInTheDocument();
    expect(table.getByRole('link', { name: 'View Evan Employee' })).toHaveAttribute(
      'href',
      `${DETAIL}/user/${ALL[1]._id}`,
    );
  });

  it('filters by status and shows No User found. when nothing matches', async () => {
    const { calls } = detailServer({ users: ALL.filter((u) => u.status) });
    const user = userEvent.setup();
    renderApp(DETAIL);
    await screen.findByText('Alice Admin');
    await user.selectOptions(screen.getByLabelText('Status filter'), 'false');
    expect(await screen.findByText('No User found.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/company/user/${ACME_ID}?status=false`)).toBe(true);
    await user.selectOptions(screen.getByLabelText('Status filter'), 'true');
    expect(await screen.findByText('Evan Employee')).toBeInTheDocument();
  });

  it('bulk deletes the ticked users after confirmation', async () => {
    const { calls } = detailServer();
    const user = userEvent.setup();
    renderApp(DETAIL);
    await screen.findByText('Alice Admin');
    const bulk = screen.getByRole('button', { name: 'Delete selected' });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Evan Employee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dora Disabled' }));
    expect(bulk).toBeEnabled();
    await user.click(bulk);
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Users Deleted Successfully')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url).toBe('/api/user/bulk');
    expect(del.body).toEqual({ id: [ALL[1]._id, ALL[2]._id] });
  });

  it('adds an administrator with action admin and the company id', async () => {
    const { calls } = detailServer();
    const user = userEvent.setup();
    renderApp(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Add Administrator' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Administrator' }));
    await user.click(dialog.getByLabelText(/^Send an invitation by email/)); // type a password instead
    await user.click(dialog.getByRole('button', { name: 'Add Administrator' }));
    expect(await dialog.findByText('User Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Password is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Username/), 'New Admin');
    await user.type(dialog.getByLabelText(/^Email/), 'new@acme.test');
    await user.type(dialog.getByLabelText(/^Password/), 'short');
    await user.click(dialog.getByRole('button', { name: 'Add Administrator' }));
    expect(await dialog.findByText('Password must be at least of 8 characters')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Password/));
    await user.type(dialog.getByLabelText(/^Password/), 'Passw0rd!23');
    await user.click(dialog.getByRole('button', { name: 'Add Administrator' }));
    expect(await screen.findByText('Admin added Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: ACME_ID,
      username: 'New Admin',
      email: 'new@acme.test',
      password: 'Passw0rd!23',
      action: 'admin',
    });
  });

  it('shows Employee not added Successfully with the server message', async () => {
    detailServer({ post: () => json({ status: 409, message: 'A user with this email already exists.' }, 409) });
    const user = userEvent.setup();
    renderApp(DETAIL);
    await user.click(await screen.findByRole('button', { name: 'Add Employee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Employee' }));
    await user.click(dialog.getByLabelText(/^Send an invitation by email/)); // type a password instead
    await user.type(dialog.getByLabelText(/^Username/), 'New Emp');
    await user.type(dialog.getByLabelText(/^Email/), 'emp@acme.test');
    await user.type(dialog.getByLabelText(/^Password/), 'Passw0rd!23');
    await user.click(dialog.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Employee not added Successfully')).toBeInTheDocument();
    expect(screen.getByText('A user with this email already exists.')).toBeInTheDocument();
  });

  it("shows each multiplier as a factor and as a share of list, and links to the one edit screen and the company's catalogue", async () => {
    detailServer();
    const user = userEvent.setup();
    const { router } = renderApp(DETAIL);
    const prices = await screen.findByRole('region', { name: 'Prices' });
    const price = within(prices).getByTestId('multiplier-discount_percentage');
    expect(price).toHaveTextContent('Price Multiplier');
    expect(price).toHaveTextContent('0.4550');
    expect(price).toHaveTextContent('pays 45.5 % of list');
    expect(within(prices).getByTestId('multiplier-polyroll_percentage')).toHaveTextContent('0.7000pays 70 % of list');
    expect(within(prices).getByTestId('multiplier-minipro_percentage')).toHaveTextContent('pays 60.25 % of list');
    expect(within(prices).getByRole('link', { name: 'View catalogue as Acme Air' })).toHaveAttribute(
      'href',
      `/superadmin/catalog?asCompany=${ACME_ID}`,
    );
    expect(screen.getByRole('region', { name: 'Multiplier history' })).toBeInTheDocument();
    // No in-place form: the gear opens the edit screen, which has its own URL.
    await user.click(screen.getByRole('link', { name: 'Company settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/superadmin/companies/edit/${ACME_ID}`));
  });
});

describe('company user page', () => {
  const USER = ALL[1];
  const PATH = `${DETAIL}/user/${USER._id}`;
  function userServer() {
    return superadminServer((url, call) => {
      if (url.pathname === `/api/user/${USER._id}`) {
        if (call.method === 'DELETE')
          return json({ status: 200, message: 'User Deleted Successfully', data: { deleted: 1 } });
        return json({
          status: 200,
          data: {
            ...USER,
            picture: null,
            current_login: null,
            last_login: '2025-02-01T10:00:00.000Z',
            role_id: { key: 'employee' },
            company_id: { _id: ACME_ID, name: 'Acme Air' },
          },
        });
      }
      if (url.pathname === `/api/company/${ACME_ID}`)
        return json({ status: 200, data: { company: company(), totalAdmins: 2, totalEmployees: 5 } });
      if (url.pathname === `/api/company/user/${ACME_ID}`)
        return json({ status: 200, data: { users: ALL, totalcount: 3 } });
      return undefined;
    });
  }

  it('shows breadcrumb, form and read-only company; Delete returns to the company', async () => {
    const { calls } = userServer();
    const user = userEvent.setup();
    const { router } = renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Evan Employee' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Acme Air' }),
    ).toHaveAttribute('href', DETAIL);
    expect(screen.getByText(/Last login:/)).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^User Name/)).toHaveValue('Evan Employee');
    expect(screen.getByRole('button', { name: 'Resend Account Information?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`/api/user/${USER._id}`);
  });

  it('Back goes to the company detail', async () => {
    userServer();
    const user = userEvent.setup();
    const { router } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DETAIL));
  });
});
