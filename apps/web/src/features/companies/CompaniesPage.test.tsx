import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORG_MSG } from '@portal/domain';
import { dispatchRealtimeEvent } from '../../shared/realtime';
import { renderApp } from '../../test/utils';
import { company, json, superadminServer } from './testing';

const companies = (n: number, start = 0) =>
  Array.from({ length: n }, (_, i) =>
    company({
      _id: `00000000-0000-4000-8000-0000000000${String(start + i).padStart(2, '0')}`,
      name: `Company ${start + i}`,
    }),
  );

/** A list endpoint: `search` 'zz' finds nothing; otherwise `total` companies, 9 per page. */
function listServer(total: number) {
  return superadminServer((url, call) => {
    if (url.pathname === '/api/company' && call.method === 'GET') {
      const search = url.searchParams.get('search') ?? '';
      const page = Number(url.searchParams.get('page'));
      if (search === 'zz') return json({ status: 200, data: { list: [], total: 0, page, limit: 9 } });
      const n = Math.max(0, Math.min(9, total - (page - 1) * 9));
      return json({ status: 200, data: { list: companies(n, (page - 1) * 9), total, page, limit: 9 } });
    }
    if (url.pathname === '/api/company' && call.method === 'POST')
      return json({ status: 200, message: ORG_MSG.success.companyAdded, data: {} });
    return undefined;
  });
}

const listCalls = (calls: { url: string; method: string }[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.startsWith('/api/company?'))
    .map((c) => new URL(c.url, 'http://x').searchParams);

afterEach(() => vi.useRealTimers());

describe('companies list', () => {
  it('shows cards with multiplier, status, totals and the count line', async () => {
    const { calls } = listServer(11);
    renderApp('/superadmin/companies');
    expect(await screen.findByText('Showing 9 of 11 companies')).toBeInTheDocument();
    const cards = screen.getAllByTestId('company-card');
    expect(cards).toHaveLength(9);
    const first = within(cards[0]);
    expect(first.getByText('Company 0')).toBeInTheDocument();
    expect(first.getByText('0.4550')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('Administrators')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit Company 0' })).toBeInTheDocument();
    const q = listCalls(calls)[0];
    expect(Object.fromEntries(q)).toEqual({ page: '1', limit: '9', sortBy: 'name', sortOrder: 'asc' });
  });

  it('opens the detail on click and the edit page from the settings button', async () => {
    listServer(3);
    const user = userEvent.setup();
    const { router } = renderApp('/superadmin/companies');
    await user.click(await screen.findByRole('button', { name: 'Edit Company 1' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/superadmin\/companies\/edit\//));
    await act(() => router.navigate('/superadmin/companies'));
    await user.click(await screen.findByText('Company 2'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/superadmin/companies/00000000-0000-4000-8000-000000000002'),
    );
  });

  it('debounces the search by 300 ms, shows Searching..., the no-results state and Clear Search', async () => {
    const { calls } = listServer(3);
    renderApp('/superadmin/companies');
    const input = await screen.findByPlaceholderText('Search companies by name...');
    await screen.findByText('Showing 3 of 3 companies');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(input, { target: { value: 'z' } });
    act(() => void vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(250));
    expect(listCalls(calls).some((q) => q.get('search'))).toBe(false);
    act(() => void vi.advanceTimersByTime(60));
    expect(await screen.findByText('No companies found')).toBeInTheDocument();
    expect(screen.getByText('No results found for "zz"')).toBeInTheDocument();
    const searches = listCalls(calls).filter((q) => q.get('search'));
    expect(searches.map((q) => q.get('search'))).toEqual(['zz']);
    expect(searches[0].get('page')).toBe('1');
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Showing 3 of 3 companies')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('clears the search with the clear button', async () => {
    listServer(3);
    const user = userEvent.setup();
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 3 of 3 companies');
    await user.type(screen.getByPlaceholderText('Search companies by name...'), 'zz');
    expect(await screen.findByText('No results found for "zz"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search field' }));
    expect(await screen.findByText('Showing 3 of 3 companies')).toBeInTheDocument();
  });

  it('shows the no-companies state when the system has none', async () => {
    listServer(0);
    renderApp('/superadmin/companies');
    expect(await screen.findByText('No companies available')).toBeInTheDocument();
    expect(screen.getByText('There are currently no companies in the system.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear Search' })).not.toBeInTheDocument();
  });

  it('sorts by header: a new column goes to page 1 ascending, the same column toggles', async () => {
    const { calls } = listServer(30);
    const user = userEvent.setup();
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 9 of 30 companies');
    await user.click(screen.getByRole('radio', { name: 'List view' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('sortOrder')).toBe('desc'));
    expect(listCalls(calls).at(-1)!.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: /^Multiplier/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('sortBy')).toBe('discount_percentage'));
    expect(Object.fromEntries(listCalls(calls).at(-1)!)).toMatchObject({ page: '1', sortOrder: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Multiplier/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Sort ascending' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('sortOrder')).toBe('desc'));
  });

  it('paginates 9 per page with at most 7 page links', async () => {
    const { calls } = listServer(200);
    const user = userEvent.setup();
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 9 of 200 companies');
    const pageLinks = () => screen.getAllByRole('button', { name: /^Page \d+$/ });
    expect(pageLinks().length).toBeLessThanOrEqual(7);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('page')).toBe('2'));
    expect(await screen.findByText('Company 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('page')).toBe('5'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.get('page')).toBe('6'));
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    expect(pageLinks().length).toBeLessThanOrEqual(7);
  });

  it('refetches when another superadmin changes companies (org.changed)', async () => {
    const { calls } = listServer(3);
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 3 of 3 companies');
    const before = listCalls(calls).length;
    act(() => dispatchRealtimeEvent('org.changed', { entity: 'company', action: 'created', companyId: 'x' }));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
  });
});

describe('Add Company modal', () => {
  async function openModal() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Company' });
    // These tests type a password (the spec's form): untick the invitation (the default).
    await user.click(within(dialog).getByLabelText(/^Send an invitation by email/));
    return { user, dialog: within(dialog) };
  }

  it('shows the spec validation messages and sends nothing', async () => {
    const { calls } = listServer(1);
    renderApp('/superadmin/companies');
    const { user, dialog } = await openModal();
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    for (const text of [
      ORG_MSG.company.nameRequired,
      'User Name is required',
      'Email is required',
      'Admin Account Password is required',
      'Confirm Password is required',
    ])
      expect(await dialog.findByText(text)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Email/), 'bad');
    await user.type(dialog.getByLabelText(/^New Password/), 'short');
    await user.type(dialog.getByLabelText(/^Confirm Password/), 'short2');
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    expect(await dialog.findByText('Email is invalid')).toBeInTheDocument();
    expect(dialog.getByText('Password must be at least of 8 characters')).toBeInTheDocument();
    expect(dialog.getByText('Confirm Password must be at least 8 characters long.')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^New Password/));
    await user.type(dialog.getByLabelText(/^New Password/), 'longenough1');
    await user.clear(dialog.getByLabelText(/^Confirm Password/));
    await user.type(dialog.getByLabelText(/^Confirm Password/), 'longenough2');
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    expect(await dialog.findByText('Confirm Password and Password must match')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('toggles password visibility', async () => {
    listServer(1);
    renderApp('/superadmin/companies');
    const { user, dialog } = await openModal();
    const input = dialog.getByLabelText(/^New Password/);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Show new password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(dialog.getByRole('button', { name: 'Show confirm password' }));
    expect(dialog.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'text');
  });

  it('creates the company, toasts and refreshes the list', async () => {
    const { calls } = listServer(1);
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 1 of 1 companies');
    const { user, dialog } = await openModal();
    await user.type(dialog.getByLabelText(/^Company Name/), 'Breeze Co');
    await user.type(dialog.getByLabelText(/^User Name/), 'Bea Admin');
    await user.type(dialog.getByLabelText(/^Email/), 'Bea@Breeze.test');
    await user.type(dialog.getByLabelText(/^New Password/), 'Passw0rd!23');
    await user.type(dialog.getByLabelText(/^Confirm Password/), 'Passw0rd!23');
    const before = listCalls(calls).length;
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByText('Company added Successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/api/company')!;
    expect(post.body).toEqual({
      name: 'Breeze Co',
      username: 'Bea Admin',
      email: 'bea@breeze.test',
      password: 'Passw0rd!23',
      confirm_password: 'Passw0rd!23',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Company' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('by default invites the administrator: no password fields, invite: true in the body', async () => {
    const { calls } = listServer(1);
    renderApp('/superadmin/companies');
    await screen.findByText('Showing 1 of 1 companies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Company' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Company' }));
    expect(dialog.getByLabelText(/^Send an invitation by email/)).toBeChecked();
    expect(dialog.queryByLabelText(/^New Password/)).toBeNull();
    await user.type(dialog.getByLabelText(/^Company Name/), 'Breeze Co');
    await user.type(dialog.getByLabelText(/^User Name/), 'Bea Admin');
    await user.type(dialog.getByLabelText(/^Email/), 'Bea@Breeze.test');
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByText('Company added Successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/company')!.body).toEqual({
      name: 'Breeze Co',
      username: 'Bea Admin',
      email: 'bea@breeze.test',
      invite: true,
    });
  });

  it('shows the server message when creation fails', async () => {
    superadminServer((url, call) => {
      if (url.pathname === '/api/company' && call.method === 'GET')
        return json({ status: 200, data: { list: [], total: 0, page: 1, limit: 9 } });
      if (call.method === 'POST') return json({ status: 409, message: 'A user with this email already exists.' }, 409);
      return undefined;
    });
    renderApp('/superadmin/companies');
    const { user, dialog } = await openModal();
    await user.type(dialog.getByLabelText(/^Company Name/), 'Breeze Co');
    await user.type(dialog.getByLabelText(/^User Name/), 'Bea Admin');
    await user.type(dialog.getByLabelText(/^Email/), 'bea@breeze.test');
    await user.type(dialog.getByLabelText(/^New Password/), 'Passw0rd!23');
    await user.type(dialog.getByLabelText(/^Confirm Password/), 'Passw0rd!23');
    await user.click(dialog.getByRole('button', { name: 'Add Company' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Company' })).toBeInTheDocument();
  });

  it('copies the email: success and failure texts', async () => {
    listServer(1);
    renderApp('/superadmin/companies');
    const { user, dialog } = await openModal();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(dialog.getByLabelText(/^Email/), 'bea@breeze.test');
    await user.click(dialog.getByRole('button', { name: 'Copy email' }));
    expect(await screen.findByText('Copied To Clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('bea@breeze.test');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await user.click(dialog.getByRole('button', { name: 'Copy email' }));
    expect(await screen.findByText('Failed to copy to clipboard, Try again')).toBeInTheDocument();
  });
});
