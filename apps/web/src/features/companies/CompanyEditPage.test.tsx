import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/utils';
import { ACME_ID, company, json, superadminServer } from './testing';
import { formatMultiplier, multiplierValueToPercentage, percentageToMultiplierValue } from './format';

const EDIT = `/superadmin/companies/edit/${ACME_ID}`;

function editServer(opts: { patch?: (body: unknown) => Response; remove?: () => Response } = {}) {
  return superadminServer((url, call) => {
    if (url.pathname === `/api/company/${ACME_ID}`) {
      if (call.method === 'GET')
        return json({ status: 200, data: { company: company(), totalAdmins: 2, totalEmployees: 5 } });
      if (call.method === 'PATCH')
        return (
          opts.patch?.(call.body) ??
          json({ status: 200, message: 'Data Updated Successfully', data: { company: company() } })
        );
      if (call.method === 'DELETE')
        return opts.remove?.() ?? json({ status: 200, message: 'Company deleted successfully', data: { deleted: 3 } });
    }
    if (url.pathname === '/api/catalogue')
      return json({
        status: 200,
        data: [
          { _id: 'cat-m10', name: 'MERV 10', image_url: null, files: [], has_subcatalogues: true, product_line: null },
          {
            _id: 'cat-rf',
            name: 'Rigid Flow',
            image_url: null,
            files: [],
            has_subcatalogues: false,
            product_line: 'rigidflow',
          },
        ],
      });
    if (url.pathname === '/api/catalogue/subcatalogue/cat-m10')
      return json({ status: 200, data: [{ _id: 'sub-1', name: '1"', catalogue_id: 'cat-m10', files: [] }] });
    if (url.pathname === '/api/catalogue/product/sub-1')
      return json({
        status: 200,
        data: {
          name: '1"',
          productDetails: [
            {
              _id: 'p1',
              name: 'MERV 10 Pleated',
              catalogue_id: 'cat-m10',
              subcatalogue_id: 'sub-1',
              image_path: null,
              variants: [
                {
                  _id: 'v1',
                  part_number: 'M10-16251',
                  size: '16x25x1',
                  odd_size: false,
                  customer_price: 20,
                  list_price: 20,
                },
                {
                  _id: 'v2',
                  part_number: 'M10-20201',
                  size: '20x20x1',
                  odd_size: false,
                  customer_price: 33.33,
                  list_price: 33.33,
                },
              ],
            },
          ],
        },
      });
    if (url.pathname === '/api/company' && call.method === 'GET')
      return json({ status: 200, data: { list: [], total: 0, page: 1, limit: 9 } });
    return undefined;
  });
}

describe('multiplier conversion', () => {
  it('shows percentage / 100 with 4 decimals and sends multiplier × 100 back', () => {
    expect(formatMultiplier(45.5)).toBe('0.4550');
    expect(formatMultiplier('45.50')).toBe('0.4550');
    expect(percentageToMultiplierValue(45.5)).toBe(0.455);
    expect(multiplierValueToPercentage(0.455)).toBe(45.5);
    expect(multiplierValueToPercentage('0.4551')).toBe(45.51);
    expect(multiplierValueToPercentage(1)).toBe(100);
  });
});

describe('company edit', () => {
  it('loads the multipliers as decimals and saves them as percentages', async () => {
    const { calls } = editServer();
    const user = userEvent.setup();
    renderApp(EDIT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Company' })).toBeInTheDocument();
    const price = await screen.findByLabelText(/^Price Multiplier/);
    await waitFor(() => expect(price).toHaveValue('0.4550'));
    expect(screen.getByLabelText(/^Rigidflow Multiplier/)).toHaveValue('0.5000');
    expect(screen.getByLabelText(/^Minipro Multiplier/)).toHaveValue('0.6025');
    expect(screen.getByLabelText(/^Organization Name/)).toHaveValue('Acme Air');
    expect(screen.getByLabelText(/^Polyroll Multiplier/)).toHaveValue('0.7000');
    await user.clear(price);
    await user.type(price, '0.4551');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Data Updated Successfully')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/company/${ACME_ID}`);
    expect(patch.body).toEqual({
      id: ACME_ID,
      name: 'Acme Air',
      status: true,
      discount_percentage: 45.51,
      rigidflow_percentage: 50,
      minipro_percentage: 60.25,
      polyroll_percentage: 70,
    });
  });

  it('previews a few real prices before and after a multiplier change, for the changed multiplier only', async () => {
    const { calls } = editServer();
    const user = userEvent.setup();
    renderApp(EDIT);
    const price = await screen.findByLabelText(/^Price Multiplier/);
    await waitFor(() => expect(price).toHaveValue('0.4550'));
    expect(screen.queryByRole('table', { name: 'Price preview' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/catalogue'))).toBe(false);
    await user.clear(price);
    await user.type(price, '0.5');
    const table = await screen.findByRole('table', { name: 'Price preview' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    // $20.00 × 45.5 % = $9.10 → × 50 % = $10.00; $33.33 × 45.5 % = $15.165 → $15.17 (half-up).
    // The last cell is the phone's (hidden from the small breakpoint up): both prices in one.
    expect(rows).toEqual([
      ['Price Multiplier', 'M10-16251Price Multiplier', '$20.00', '$9.10', '$10.00', '$9.10 → $10.00'],
      ['Price Multiplier', 'M10-20201Price Multiplier', '$33.33', '$15.17', '$16.67', '$15.17 → $16.67'],
    ]);
    expect(calls.some((c) => c.url.startsWith('/api/catalogue/product/cat-rf'))).toBe(false);
  });

  it('validates the name and shows the update failure modal', async () => {
    editServer({
      patch: () => json({ status: 400, message: 'Price Multiplier must be a number between 0 and 1' }, 400),
    });
    const user = userEvent.setup();
    renderApp(EDIT);
    const name = await screen.findByLabelText(/^Organization Name/);
    await waitFor(() => expect(name).toHaveValue('Acme Air'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Company Name is required')).toBeInTheDocument();
    await user.type(name, 'Acme Air 2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const modal = await screen.findByRole('dialog', { name: 'Data Update Unsuccessful' });
    expect(within(modal).getByText('Price Multiplier must be a number between 0 and 1')).toBeInTheDocument();
  });

  it('shows Error / Failed to load company data when the company cannot load', async () => {
    superadminServer(() => json({ status: 404, message: 'Company not found' }, 404));
    renderApp(EDIT);
    const modal = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(modal).getByText('Failed to load company data')).toBeInTheDocument();
  });
});

describe('Danger Zone', () => {
  it('needs DELETE typed exactly, confirms, deletes and returns to the list', async () => {
    const { calls } = editServer();
    const user = userEvent.setup();
    const { router } = renderApp(EDIT);
    const button = await screen.findByRole('button', { name: 'Delete Company' });
    expect(button).toBeDisabled();
    const input = screen.getByLabelText('Type DELETE to confirm');
    await user.type(input, 'DEL');
    expect(screen.getByText('Please type DELETE correctly to confirm')).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(input);
    expect(screen.getByText('Please type DELETE to confirm')).toBeInTheDocument();
    await user.type(input, 'delete');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE');
    expect(button).toBeEnabled();
    expect(screen.queryByText(/Please type DELETE/)).not.toBeInTheDocument();
    await user.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Company' }));
    expect(dialog.getByText(/All associated administrators and employees will be deleted/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Company deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/companies'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(`/api/company/${ACME_ID}`);
  });

  it('keeps a failed delete in the dialog with the server message', async () => {
    editServer({ remove: () => json({ status: 404, message: 'Company not found' }, 404) });
    const user = userEvent.setup();
    const { router } = renderApp(EDIT);
    await user.type(await screen.findByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete Company' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Company' }));
    await user.click(dialog.getByRole('button', { name: 'Yes, Delete' }));
    expect(await dialog.findByText('Company not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(EDIT);
  });
});
