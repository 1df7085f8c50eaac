import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUserData } from '@portal/contracts';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';
import { FAQ_BY_ROLE } from './faq';

function signIn(role: SessionUserData['role_key'], office: unknown = null) {
  const user = makeUser(role);
  resetClientState({ session: { token: 'session.jwt.token', user } });
  mockFetch((url) => {
    if (url === '/api/config')
      return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal', office } });
    if (url === '/api/csrf-token') return json({ status: 200, token: CSRF });
    if (url === '/api/validate') return json({ status: 200, token: 'session.jwt.token', data: user });
    return json({ status: 404, message: 'not found' }, 404);
  });
}

const quick = () => within(screen.getByRole('region', { name: 'Quick links' }));

describe('help', () => {
  it("shows the office's contact details from the public config, and none when unset", async () => {
    signIn('employee', { phone: '+1 (555) 010-0100', email: 'office@filters.test' });
    renderApp('/employee/help');
    const contact = await screen.findByTestId('office-contact');
    expect(within(contact).getByRole('link', { name: '+1 (555) 010-0100' })).toHaveAttribute(
      'href',
      'tel:+15550100100',
    );
    expect(within(contact).getByRole('link', { name: 'office@filters.test' })).toHaveAttribute(
      'href',
      'mailto:office@filters.test',
    );
  });

  it('shows no contact line when the office has none configured', async () => {
    signIn('admin');
    renderApp('/admin/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(screen.queryByTestId('office-contact')).not.toBeInTheDocument();
  });

  it('admins get Settings, Catalog and Company Management links, support hours and the admin FAQ', async () => {
    signIn('admin');
    renderApp('/admin/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(quick().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(quick().getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/admin/catalog');
    expect(quick().getByRole('link', { name: 'Company Management' })).toHaveAttribute('href', '/admin/mycompany');
    expect(screen.getByText('Monday - Friday, 9:00 AM - 5:00 PM EST')).toBeInTheDocument();
    for (const q of FAQ_BY_ROLE.admin) expect(screen.getByRole('button', { name: q.question })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /add, disable or remove employees/i })).toBeInTheDocument();
  });

  it('employees get no Company Management link and their own FAQ', async () => {
    signIn('employee');
    renderApp('/employee/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(quick().getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/employee/settings');
    expect(quick().getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/employee/catalog');
    expect(quick().queryByRole('link', { name: 'Company Management' })).not.toBeInTheDocument();
    expect(screen.getByText('Monday - Friday, 9:00 AM - 5:00 PM EST')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add, disable or remove employees/i })).not.toBeInTheDocument();
    for (const q of FAQ_BY_ROLE.employee) expect(screen.getByRole('button', { name: q.question })).toBeInTheDocument();
  });

  it('expands an answer', async () => {
    signIn('employee');
    renderApp('/employee/help');
    const user = userEvent.setup();
    const control = await screen.findByRole('button', { name: /odd-size search/i });
    expect(control).toHaveAttribute('aria-expanded', 'false');
    await user.click(control);
    expect(control).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/made to order/i)).toBeInTheDocument();
  });
});
