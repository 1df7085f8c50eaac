import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderApp, resetClientState } from '../../test/utils';
import { ACME_ID, serve, userDetail } from './test/server';

beforeEach(() => resetClientState());

const ADMIN = userDetail();
const EMPLOYEE = userDetail({
  _id: '33333333-3333-4333-8333-333333333333',
  username: 'Evan Employee',
  email: 'evan@acme.test',
  role_id: { key: 'employee' },
  role_key: 'employee',
  role_name: 'Employee',
});

function detailServer(
  role: 'superadmin' | 'admin',
  user = ADMIN,
  overrides: Parameters<typeof serve>[1] = () => undefined,
) {
  return serve(role, (c) => {
    const o = overrides(c);
    if (o) return o;
    if (c.path === `/api/user/${user._id}` && c.method === 'GET') return json({ status: 200, data: user });
    if (c.path === `/api/user/resend/${user._id}`)
      return json({ status: 200, message: 'Account information has been sent.' });
    if (c.path === '/api/user' || c.path === '/api/user/total' || c.path === '/api/user/employee')
      return json({
        status: 200,
        data: { users: [], totalcount: 0, totalAdmins: 0, totalEmployees: 0, activeCompanies: 0 },
      });
    return undefined;
  });
}

describe('User detail page', () => {
  it('superadmin: breadcrumbs Companies > company > username, company in header, Delete visible', async () => {
    detailServer('superadmin');
    renderApp(`/superadmin/administrators/${ADMIN._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Admin' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/superadmin/companies');
    expect(within(crumbs).getByRole('link', { name: 'Acme Air' })).toHaveAttribute(
      'href',
      `/superadmin/companies/${ACME_ID}`,
    );
    expect(within(crumbs).getByText('Alice Admin')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText(/Last login:/)).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('Acme Air');
    expect(screen.getByLabelText('Company Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy user name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
  });

  it('admin: breadcrumbs My Companies > username, email in header, no Delete', async () => {
    detailServer('admin', EMPLOYEE);
    renderApp(`/admin/mycompany/employee/${EMPLOYEE._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Evan Employee' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'My Companies' })).toHaveAttribute('href', '/admin/mycompany');
    expect(within(crumbs).queryByRole('link', { name: 'Companies' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getAllByText('evan@acme.test').length).toBeGreaterThan(0);
  });

  it('shows N/A when the user has no company', async () => {
    detailServer('superadmin', { ...ADMIN, company_id: null, companyName: null });
    renderApp(`/superadmin/administrators/${ADMIN._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Alice Admin' });
    expect(screen.getByLabelText('Company Name')).toHaveValue('N/A');
  });

  it('resends account information and shows the response message', async () => {
    const { calls } = detailServer('superadmin');
    renderApp(`/superadmin/administrators/${ADMIN._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Account Information?' }));
    expect(await screen.findByText('Account information has been sent.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/user/resend/${ADMIN._id}`)).toBe(true);
  });

  it('saves with PATCH user/{id} → Data Updated Successfully; failure shows the modal', async () => {
    let fail = false;
    const { calls } = detailServer('superadmin', ADMIN, (c) => {
      if (c.method !== 'PATCH') return undefined;
      if (fail) return json({ status: 409, message: 'A user with this email already exists.' }, 409);
      return json({ status: 200, message: 'Data Updated Successfully', data: { ...ADMIN, status: false } });
    });
    renderApp(`/superadmin/administrators/${ADMIN._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Alice Admin' });
    await userEvent.selectOptions(screen.getByLabelText(/^Status/), 'Inactive');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data Updated Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      status: false,
      username: 'Alice Admin',
      email: 'alice@acme.test',
    });

    fail = true;
    const name = screen.getByLabelText(/^User Name/);
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User Name is required')).toBeInTheDocument();
    await userEvent.type(name, 'Alice B');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data Update Unsuccessful' });
    expect(within(dialog).getByText('A user with this email already exists.')).toBeInTheDocument();
  });

  it('Delete from administrator detail confirms, toasts and returns to the administrators list', async () => {
    const { calls } = detailServer('superadmin', ADMIN, (c) =>
      c.method === 'DELETE'
        ? json({ status: 200, message: 'User Deleted Successfully', data: { deleted: 1 } })
        : undefined,
    );
    const { router } = renderApp(`/superadmin/administrators/${ADMIN._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('AdminDelete Successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/administrators'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`/api/user/${ADMIN._id}`);
  });

  it('a failed delete shows "{role} Delete Unsuccessful" with the message and stays', async () => {
    detailServer('superadmin', ADMIN, (c) =>
      c.method === 'DELETE' ? json({ status: 404, message: 'User not found' }, 404) : undefined,
    );
    const { router } = renderApp(`/superadmin/administrators/${ADMIN._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin Delete Unsuccessful')).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/superadmin/administrators/${ADMIN._id}`);
  });
});
