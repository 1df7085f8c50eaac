import { fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../shared/api';
import { CSRF, json, makeUser, mockFetch, resetClientState } from '../../test/utils';
import type { DemandPart, DemandSize } from './api';
import { heatCells, heatColor } from './components/SizeHeatMap';
import DemandPage from './pages/DemandPage';

const PARTS: DemandPart[] = [
  {
    key: 'FLN12345',
    examples: ['FLN-12345', 'fln 12345'],
    searches: 7,
    zero_results: 7,
    companies: 2,
    company_names: ['Acme Air', 'Blue Ducts'],
    last_at: '2026-11-20T10:00:00Z',
  },
];

const size = (over: Partial<DemandSize>): DemandSize => ({
  width: 20,
  height: 25,
  depth: 1,
  measure: 'nominal',
  searches: 1,
  zero_results: 0,
  companies: 1,
  last_at: '2026-11-20T10:00:00Z',
  quote_lines: 0,
  ...over,
});

const SIZES: DemandSize[] = [
  size({ width: 17.25, height: 23.5, measure: 'exact', searches: 9, zero_results: 9, companies: 3, quote_lines: 2 }),
  size({ width: 17.25, height: 23.5, depth: 2, measure: 'exact', searches: 3 }),
  size({ width: 20, height: 25, searches: 2 }),
];

function serve() {
  return mockFetch((url, call) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/csrf-token') return json({ token: CSRF });
    if (u.pathname === '/api/demand/parts')
      return json({ status: 200, data: { list: PARTS, total: 1, not_logged: { over_budget: 90, repeats: 4 } } });
    if (u.pathname === '/api/demand/sizes') return json({ status: 200, data: { list: SIZES } });
    if (u.pathname === '/api/catalogue/find') {
      return json({
        status: 200,
        data: {
          total: 1,
          list: [
            {
              variant_id: 'v-rf',
              part_number: 'RF-16201',
              size: '16x20x1',
              actual_size: '',
              depth: 1,
              price: 10,
              category: { _id: 'c', name: 'Rigid Flow' },
              subcategory: null,
              product: { _id: 'p', name: 'RF' },
              matched_via: 'normalized',
              alias: null,
            },
          ],
        },
      });
    }
    if (u.pathname === '/api/demand/parts/resolve' && call.method === 'POST') {
      return json(
        {
          status: 201,
          data: {
            alias: { _id: 'a1', alias: 'FLN-12345', part_number: 'RF-16201', variant_id: 'v-rf' },
            would_have_matched: 7,
          },
        },
        201,
      );
    }
    return json({ status: 404, message: 'Not found' }, 404);
  });
}

describe('Demand screen', () => {
  beforeEach(() => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
  });
  const renderPage = () =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DemandPage />
      </AppProviders>,
    );

  it('lists the numbers that found nothing with the companies that asked, and maps one to our part in one step', async () => {
    const { calls } = serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Part numbers asked for' });
    expect(await within(table).findByText('FLN12345')).toBeInTheDocument();
    expect(within(table).getByText('Acme Air, Blue Ducts')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/api/demand/parts') && c.url.includes('zeroOnly=true'))).toBe(true);
    // The searches answered but not logged (a person's budget, repeats) are said under the report.
    expect(
      screen.getByText(
        "94 searches were answered but not logged in this period: 90 over a person's per-minute logging budget, 4 repeated by the same person within a minute.",
      ),
    ).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: 'Map FLN12345 to our part' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /our part number/i }), {
      target: { value: 'rf 16201' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create alias' }));
    expect(await screen.findByText('FLN-12345 → RF-16201: it would have answered 7 searches')).toBeInTheDocument();
    const resolve = calls.find((c) => c.url.endsWith('/api/demand/parts/resolve'));
    expect(resolve?.body).toEqual({ key: 'FLN12345', variantId: 'v-rf', source: 'competitor', brand: null });
    // The supplier's own look-up is not counted as demand.
    const lookup = calls.find((c) => c.url.includes('/api/catalogue/find'));
    expect(new URL(lookup!.url, 'http://localhost').searchParams.get('typing')).toBe('1');
  });

  it('draws the sizes asked for as a width × height map coloured by frequency, with the searches behind a cell', async () => {
    serve();
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Sizes' }));
    const busy = await screen.findByRole('button', { name: '17.25 × 23.5: 12 searches, 9 found nothing' });
    const quiet = screen.getByRole('button', { name: '20 × 25: 2 searches, 0 found nothing' });
    // jsdom writes rgba(…, 1) as rgb(…): no alpha means fully opaque.
    const alpha = (el: HTMLElement) => {
      const parts = /rgba?\(([^)]*)\)/.exec(el.style.background)?.[1].split(',') ?? [];
      return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
    };
    expect(alpha(busy)).toBeGreaterThan(alpha(quiet));
    fireEvent.click(busy);
    const detail = await screen.findByRole('table', { name: 'Searches for 17.25 × 23.5' });
    const rows = within(detail).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 6),
      ),
    ).toEqual([
      ['17.25 × 23.5 × 1', 'exact', '9', '9', '3', '2'],
      ['17.25 × 23.5 × 2', 'exact', '3', '0', '1', '0'],
    ]);
  });
});

describe('Demand screen accessibility', () => {
  beforeEach(() => {
    resetClientState({ session: { token: 'stored.jwt.token', user: makeUser('superadmin') } });
  });

  it('has no serious or critical axe findings on the parts table and the size map', async () => {
    serve();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DemandPage />
      </AppProviders>,
    );
    await screen.findByText('FLN12345');
    fireEvent.click(screen.getByRole('tab', { name: 'Sizes' }));
    await screen.findByRole('grid', { name: 'Sizes asked for' });
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    expect(serious).toEqual([]);
  });
});

describe('heat map cells', () => {
  it('sums depths and measures per width × height and scales colour by the busiest cell', () => {
    const { widths, heights, cells, max } = heatCells(SIZES);
    expect(widths).toEqual([17.25, 20]);
    expect(heights).toEqual([23.5, 25]);
    expect(cells.get('17.25x23.5')).toMatchObject({ searches: 12, zero_results: 9 });
    expect(max).toBe(12);
    expect(heatColor(12, 12)).toBe('rgba(201, 42, 42, 1.00)');
    expect(heatColor(0, 12)).toBe('transparent');
    expect(heatColor(1, 1000)).toBe('rgba(201, 42, 42, 0.12)');
  });
});
