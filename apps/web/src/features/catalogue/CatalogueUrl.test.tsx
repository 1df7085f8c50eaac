import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueUrlSearch, parseCatalogueUrl } from './hooks/useCatalogueUrl';
import { parseNominalSize, sizeGrid } from './sizeGrid';
import { variant } from './test/fixtures';
import { headersOf, openCatalogueWithPath, rowsOf, seriousViolations } from './test/helpers';

describe('catalogue URL', () => {
  it('reads and writes category, tab, searches, layout and asCompany, keeping foreign parameters', () => {
    const part = parseCatalogueUrl('?category=c1&tab=s2&part=%20M10-1%20&view=grid&asCompany=co');
    expect(part).toEqual({
      categoryId: 'c1',
      subcategoryId: 's2',
      search: { kind: 'part', partNumber: 'M10-1' },
      layout: 'grid',
      asCompany: 'co',
    });
    expect(catalogueUrlSearch(part, '?utm=x&part=old')).toBe(
      '?utm=x&asCompany=co&category=c1&tab=s2&part=M10-1&view=grid',
    );
    const odd = parseCatalogueUrl('?category=c1&width=20.5&height=24&depth=1&exact=1');
    expect(odd.search).toEqual({
      kind: 'dimension',
      query: { width: 20.5, height: 24, depth: 1, action: 'exact-measurement' },
    });
    expect(parseCatalogueUrl(catalogueUrlSearch(odd))).toEqual(odd);
    // A malformed search is no search; nothing → the default view.
    expect(parseCatalogueUrl('?width=abc&height=2&depth=1').search).toBeNull();
    expect(parseCatalogueUrl('')).toEqual({
      categoryId: null,
      subcategoryId: null,
      search: null,
      layout: 'table',
      asCompany: null,
    });
    expect(catalogueUrlSearch(parseCatalogueUrl(''))).toBe('');
  });

  it('reopens a shared view and follows Back through the choices', async () => {
    const { server, router } = await openCatalogueWithPath(
      '/employee/catalog?category=cat-m10&tab=sub-m10-2&part=M10-16252',
    );
    expect(await screen.findByText('Part number results for "M10-16252"')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Part number' })).toHaveValue('M10-16252');
    expect(server.catalogueCalls()).toContain('/api/catalogue/productNumber/sub-m10-2?partNumber=M10-16252');

    fireEvent.click(screen.getByRole('button', { name: 'Rigid Flow' }));
    await screen.findByRole('table', { name: 'Rigid Flow Box' });
    expect(router.state.location.search).toBe('?category=cat-rigid');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Part number results for "M10-16252"')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('size grid', () => {
  it('reads nominal sizes as width × height and leaves odd sizes out', () => {
    expect(parseNominalSize('20 1/2x25x1')).toEqual({
      width: { label: '20 1/2', value: 20.5 },
      height: { label: '25', value: 25 },
    });
    expect(parseNominalSize('')).toBeNull();
    expect(parseNominalSize('24x24x12 HC')).toMatchObject({ width: { value: 24 }, height: { value: 24 } });
    const grid = sizeGrid([
      variant({ _id: 'a', size: '20x25x1' }),
      variant({ _id: 'b', size: '16x25x1' }),
      variant({ _id: 'c', size: '16x20x1' }),
      variant({ _id: 'd', size: '16x20x2' }),
      variant({ _id: 'e', size: '', odd_size: true }),
    ]);
    expect(grid.widths.map((w) => w.label)).toEqual(['16', '20']);
    expect(grid.heights.map((h) => h.label)).toEqual(['20', '25']);
    expect(
      grid.cells
        .get('16')
        ?.get('20')
        ?.map((v) => v._id),
    ).toEqual(['c', 'd']);
    expect(grid.cells.get('20')?.get('20')).toBeUndefined();
    expect(grid.outside.map((v) => v._id)).toEqual(['e']);
  });

  it("shows a product's prices by width and height; a cell opens the variant's row in the table", async () => {
    const { router } = await openCatalogueWithPath('/employee/catalog?view=grid');
    const cell = await screen.findByRole('button', { name: '16 x 25 (16x25x1), M10-16251: $1,234.50' });
    expect(cell).toHaveTextContent('$1,234.50');
    expect(
      screen.getByRole('button', { name: '20 x 20 (20x20x1), M10-20201: $9.99, out of stock' }),
    ).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: /MERV 10 Pleated 1": prices by size/ });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['W \\ H', '20', '25']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['16', '20']);
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(cell);
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'Price']);
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('M10-16251'))!;
    expect(row).toHaveAttribute('data-highlight', 'true');
    expect(row).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).not.toContain('view=grid'));
  });
});

describe('view as company (superadmin)', () => {
  it("asks every read for the company's view, prices as its employees see them, and says whose prices these are", async () => {
    const { server } = await openCatalogueWithPath('/superadmin/catalog?asCompany=co-acme', 'superadmin');
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'Price']);
    // customer_price, not list_price ($2,000.00).
    expect(rowsOf('MERV 10 Pleated 1"')[0]).toEqual(['M10-16251', '15.5 x 24.5 x 0.75', '16x25x1', '$1,234.50']);
    expect(server.catalogueCalls()).toEqual([
      '/api/catalogue?asCompany=co-acme',
      '/api/catalogue/subcatalogue/cat-m10?asCompany=co-acme',
      '/api/catalogue/product/sub-m10-1?asCompany=co-acme',
    ]);
    const banner = await screen.findByRole('status', { name: 'Viewing as a company' });
    await waitFor(() => expect(banner).toHaveTextContent('Prices of Acme Air: what its employees see'));
    expect(screen.queryByRole('button', { name: 'Edit Catalog' })).not.toBeInTheDocument();

    fireEvent.click(within(banner).getByRole('button', { name: 'Back to list prices' }));
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'List Price']);
    expect(screen.getByRole('button', { name: 'Edit Catalog' })).toBeInTheDocument();
    expect(server.catalogueCalls()).toContain('/api/catalogue?role=superadmin');
  });
});

describe('odd-size search input', () => {
  it("'20x25' typed into Width says where each number goes, clears the old results and offers the split", async () => {
    await openCatalogueWithPath('/employee/catalog?width=16&height=25&depth=1');
    expect(await screen.findByText('Odd size results for 16 x 25 x 1 (nominal)')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Odd size search' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Width/ }), { target: { value: '20x25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter valid numbers for all dimensions');
    expect(within(form).getByTestId('one-box-hint')).toHaveTextContent(
      'Width takes one number: enter 20 in Width, 25 in Height.',
    );
    await waitFor(() => expect(screen.queryByText(/Odd size results for/)).not.toBeInTheDocument());
    fireEvent.click(within(form).getByRole('button', { name: 'Use 20 × 25' }));
    expect(within(form).getByRole('textbox', { name: /^Width/ })).toHaveValue('20');
    expect(within(form).getByRole('textbox', { name: /^Height/ })).toHaveValue('25');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).queryByTestId('one-box-hint')).not.toBeInTheDocument();
  });
});
