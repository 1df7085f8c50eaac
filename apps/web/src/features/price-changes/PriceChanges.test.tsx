import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PriceChangeItem } from '@portal/contracts';
import { allowedPriceChangeActions } from '@portal/domain';
import { renderApp } from '../../test/utils';
import { ACME_ID, company, json, superadminServer } from '../companies/testing';

/** 1 January 2032, 00:00 in New York (the default office time zone). */
const NEW_YEAR = '2032-01-01T05:00:00.000Z';

function change(over: Partial<PriceChangeItem> = {}): PriceChangeItem {
  const status = over.status ?? 'scheduled';
  return {
    _id: '33333333-3333-4333-8333-333333333333',
    kind: 'company_multipliers',
    status,
    company_id: ACME_ID,
    company_name: 'Acme Air',
    import_id: null,
    import_file_name: null,
    multipliers: [{ line: 'discount', from: '45.67', to: '48.00' }],
    effective_at: NEW_YEAR,
    notice_days: 30,
    notice_at: '2031-12-02T05:00:00.000Z',
    notice_sent_at: null,
    version: 1,
    message: null,
    created_by_name: 'Root',
    created_at: '2031-11-01T12:00:00.000Z',
    applied_at: null,
    allowed_actions: allowedPriceChangeActions(status),
    ...over,
  };
}

describe('price changes', () => {
  it('the company page shows "Scheduled: Price multiplier 0.4567 → 0.4800 on 1 Jan"', async () => {
    superadminServer((url) => {
      if (url.pathname === `/api/company/${ACME_ID}`)
        return json({ status: 200, data: { company: company(), totalAdmins: 1, totalEmployees: 0 } });
      if (url.pathname === `/api/company/user/${ACME_ID}`)
        return json({ status: 200, data: { users: [], totalcount: 0 } });
      if (url.pathname === '/api/price-changes') {
        expect(url.searchParams.get('companyId')).toBe(ACME_ID);
        expect(url.searchParams.get('status')).toBe('scheduled');
        return json({ status: 200, data: { list: [change()], total: 1 } });
      }
      return undefined;
    });
    renderApp(`/superadmin/companies/${ACME_ID}`);
    expect(await screen.findByTestId('scheduled-price-change')).toHaveTextContent(
      'Scheduled: Price multiplier 0.4567 → 0.4800 on 1 Jan',
    );
  });

  it('the superadmin list shows the upcoming changes with their notice state, and cancels one', async () => {
    let cancelled = false;
    superadminServer((url, call) => {
      if (url.pathname === '/api/price-changes' && call.method === 'GET')
        return json({ status: 200, data: { list: cancelled ? [] : [change()], total: cancelled ? 0 : 1 } });
      if (url.pathname === `/api/price-changes/${change()._id}/cancel` && call.method === 'POST') {
        cancelled = true;
        return json({ status: 200, message: 'Price change cancelled', data: change({ status: 'cancelled' }) });
      }
      return undefined;
    });
    renderApp('/superadmin/price-changes');
    const table = await screen.findByRole('table', { name: 'Price changes' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Thu 1 January');
    expect(row).toHaveTextContent('Acme Air: Price multiplier 0.4567 → 0.4800');
    expect(row).toHaveTextContent('Due Tue 2 December');
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.getByText('No price changes are scheduled.')).toBeInTheDocument());
  });
});
