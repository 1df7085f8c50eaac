import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../auth';
import { makeUser } from '../../test/utils';
import { openCatalogue } from './test/helpers';

describe('catalogue screen: who it is for', () => {
  it('shows a customer the company whose prices these are', async () => {
    const { server } = await openCatalogue('employee');
    expect(await screen.findByText('Acme Air')).toBeInTheDocument();
    expect(screen.getByText(/Prices for/)).toHaveTextContent('Prices for Acme Air');
    expect(server.calls.map((c) => c.url)).toContain('/api/user/me');
  });

  it("a superadmin's catalogue asks for no company", async () => {
    const { server } = await openCatalogue('superadmin');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(screen.queryByText(/Prices for/)).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.url)).not.toContain('/api/user/me');
  });

  it("a customer without a company sees the spec's text, and nothing is requested from the catalogue", async () => {
    const { server } = await openCatalogue('employee', (s) => {
      s.user = makeUser('employee', { company_id: null, company_name: null });
    });
    const alert = await screen.findByRole('alert', { name: 'Company information not found. Please log in again.' });
    expect(server.catalogueCalls()).toEqual([]);
    // Not the generic refusal a catalogue call would have produced.
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Log in again' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("the session's user data gone while on the screen: 'User data not found. Please log in again.'", async () => {
    await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    act(() => useAuthStore.setState({ user: null }));
    expect(await screen.findByRole('alert', { name: 'User data not found. Please log in again.' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("'Failed to fetch company details' with the reason and a retry when the company cannot be read", async () => {
    const { server } = await openCatalogue('employee', (s) => (s.failProfile = true));
    const alert = await screen.findByRole('alert', { name: 'Failed to fetch company details' });
    expect(alert).toHaveTextContent('Internal server error');
    // The catalogue itself still works.
    expect(await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' })).toBeInTheDocument();
    server.failProfile = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Acme Air')).toBeInTheDocument();
  });

  it("'Company ID is required' when the server knows no company for the signed-in customer", async () => {
    await openCatalogue('employee', (s) => (s.profileCompanyId = null));
    expect(await screen.findByRole('alert', { name: 'Company ID is required' })).toBeInTheDocument();
  });
});
