import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CSRF, json, makeUser, mockFetch, renderApp, resetClientState } from '../../test/utils';

const MERV13 = '3f0c2a52-8a5e-4b8e-9a52-111111111111';

function serve() {
  const forecastQueries: URLSearchParams[] = [];
  mockFetch((raw) => {
    const url = new URL(raw, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    if (path === 'validate') return json({ status: 200, token: 'fresh.jwt.token', data: makeUser('superadmin') });
    if (path === 'config') return json({ status: 200, data: { mainSiteUrl: null, productName: 'Filter Portal' } });
    if (path === 'csrf-token') return json({ status: 200, token: CSRF });
    if (path === 'catalogue')
      return json({
        status: 200,
        data: [{ _id: MERV13, name: 'MERV 13', image_url: null, files: [], has_subcatalogues: false }],
      });
    if (path === 'programme/forecast') {
      forecastQueries.push(url.searchParams);
      return json({
        status: 200,
        data: {
          months: ['2027-01', '2027-02'],
          rows: [
            {
              key: 'v1',
              kind: 'catalogue',
              part_number: 'M13-2025',
              product_name: '20x25x1 MERV 13',
              size: '20x25x1',
              catalogue_name: 'MERV 13',
              quantities: { '2027-01': 40, '2027-02': 12 },
              total: 52,
            },
          ],
        },
      });
    }
    if (path === 'demand/parts')
      return json({
        status: 200,
        data: {
          list: [
            {
              key: 'xyz123',
              examples: ['XYZ-123'],
              searches: 9,
              zero_results: 7,
              companies: 3,
              company_names: [],
              last_at: '2026-11-27T10:00:00.000Z',
              mapped_to: null,
            },
          ],
          total: 1,
          not_logged: { over_budget: 0, repeats: 0 },
        },
      });
    return json({ status: 404, message: 'not found' }, 404);
  });
  return { forecastQueries };
}

describe('Forecast', () => {
  it('shows committed demand per month beside the unmet demand, and narrows to a category', async () => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
    const { forecastQueries } = serve();
    renderApp('/superadmin/forecast');
    const table = await screen.findByRole('table', { name: 'Forecast' });
    expect(within(table).getByText('M13-2025')).toBeInTheDocument();
    expect(within(table).getByText('52')).toBeInTheDocument();
    expect(screen.getByText('Committed demand: filters due per month')).toBeInTheDocument();
    const unmet = await screen.findByRole('table', { name: 'Unmet demand' });
    expect(within(unmet).getByText('XYZ-123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the demand report' })).toHaveAttribute('href', '/superadmin/demand');
    expect(forecastQueries[0].get('categoryId')).toBeNull();

    const category = screen.getByRole('combobox', { name: 'Category' });
    await within(category).findByRole('option', { name: 'MERV 13' });
    await userEvent.selectOptions(category, 'MERV 13');
    await waitFor(() => expect(forecastQueries.at(-1)?.get('categoryId')).toBe(MERV13));
    expect(forecastQueries.at(-1)?.get('months')).toBe('6');
  });
});
