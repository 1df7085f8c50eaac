import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dispatchRealtimeEvent } from '../../shared/realtime';
import { variant, product } from './test/fixtures';
import { headersOf, openCatalogue, rowsOf, seriousViolations } from './test/helpers';

const cards = () => within(screen.getByRole('region', { name: 'Categories' })).getAllByRole('button');

describe('catalogue screen: browsing', () => {
  it('loads categories in the fixed order, opens the first category and sub-category and formats prices', async () => {
    const { server } = await openCatalogue('employee');
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'Price']);

    expect(cards().map((b) => b.textContent?.replace('Image not available', ''))).toEqual([
      'MERV 10',
      'Rigid Flow',
      'Bag Filters',
      'Polyroll',
    ]);
    expect(screen.getByRole('button', { name: 'MERV 10' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'MERV 10' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '1"' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'false');

    // display_order, then prices as $1,234.56; the out-of-stock variant is marked.
    expect(rowsOf('MERV 10 Pleated 1"')).toEqual([
      ['M10-16251', '15.5 x 24.5 x 0.75', '16x25x1', '$1,234.50'],
      ['M10-20201Out of stock', '19.5 x 19.5 x 0.75', '20x20x1', '$9.99'],
    ]);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();

    expect(server.catalogueCalls()).toEqual([
      '/api/catalogue',
      '/api/catalogue/subcatalogue/cat-m10',
      '/api/catalogue/product/sub-m10-1',
    ]);
  });

  it('switches sub-category tabs and caches what it loaded for the session', async () => {
    const { server } = await openCatalogue('admin');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    fireEvent.click(screen.getByRole('tab', { name: '2"' }));
    await screen.findByRole('table', { name: 'MERV 10 Pleated 2"' });
    expect(rowsOf('MERV 10 Pleated 2"')).toEqual([['M10-16252', '15.5 x 24.5 x 1.75', '16x25x2', '$12.00']]);
    fireEvent.click(screen.getByRole('button', { name: 'Rigid Flow' }));
    await screen.findByRole('table', { name: 'Rigid Flow Box' });
    fireEvent.click(screen.getByRole('button', { name: 'MERV 10' }));
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    fireEvent.click(screen.getByRole('tab', { name: '2"' }));
    await screen.findByRole('table', { name: 'MERV 10 Pleated 2"' });
    // Every list was fetched once.
    expect(server.catalogueCalls()).toEqual([
      '/api/catalogue',
      '/api/catalogue/subcatalogue/cat-m10',
      '/api/catalogue/product/sub-m10-1',
      '/api/catalogue/product/sub-m10-2',
      '/api/catalogue/product/cat-rigid',
    ]);
  });

  it('hides the Actual Size column and the odd-size panel for Rigid Flow', async () => {
    await openCatalogue('employee');
    expect(await screen.findByRole('heading', { name: 'Odd Size Search' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Rigid Flow' }));
    expect(await headersOf('Rigid Flow Box')).toEqual(['Part Number', 'Size', 'Price']);
    expect(rowsOf('Rigid Flow Box')).toEqual([['RF-24244', '24x24x12', '$88.10']]);
    expect(screen.queryByRole('heading', { name: 'Odd Size Search' })).not.toBeInTheDocument();
    // No sub-categories: products of the category itself, no tabs.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('hides the odd-size panel for Bag Filters', async () => {
    await openCatalogue('employee');
    await screen.findByRole('heading', { name: 'Odd Size Search' });
    fireEvent.click(screen.getByRole('button', { name: 'Bag Filters' }));
    await screen.findByRole('table', { name: 'Bag Filter 8 pocket' });
    expect(screen.queryByRole('heading', { name: 'Odd Size Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /increase width/i })).not.toBeInTheDocument();
  });

  it('shows the empty state for a category without products', async () => {
    await openCatalogue('employee');
    fireEvent.click(await screen.findByRole('button', { name: 'Polyroll' }));
    expect(
      await screen.findByText('No results found. Please contact the office for custom options.'),
    ).toBeInTheDocument();
    // Only the odd-size panel's Reset: an empty category is not a search.
    expect(screen.getAllByRole('button', { name: 'Reset' })).toHaveLength(1);
  });

  it('superadmin asks for the unfiltered catalogue and sees the list price', async () => {
    const { server } = await openCatalogue('superadmin');
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'List Price']);
    expect(rowsOf('MERV 10 Pleated 1"')[0]).toEqual(['M10-16251', '15.5 x 24.5 x 0.75', '16x25x1', '$2,000.00']);
    expect(server.catalogueCalls().slice(0, 2)).toEqual([
      '/api/catalogue?role=superadmin',
      '/api/catalogue/subcatalogue/cat-m10?role=superadmin',
    ]);
  });

  it("falls back to the category's products when sub-categories fail to load", async () => {
    const { server } = await openCatalogue('employee', (s) => {
      s.failSubcategories = true;
      s.products['cat-m10'] = [product('p-flat', 'MERV 10 Flat', 'cat-m10', [variant({ part_number: 'M10-FLAT' })])];
    });
    await screen.findByRole('table', { name: 'MERV 10 Flat' });
    expect(rowsOf('MERV 10 Flat')[0][0]).toBe('M10-FLAT');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(server.catalogueCalls()).toContain('/api/catalogue/product/cat-m10');
  });

  it('shows the spec message with the server reason when the catalogue fails to load', async () => {
    await openCatalogue('employee', (s) => (s.failCategories = true));
    const alert = await screen.findByRole('alert', { name: 'Failed to initialize catalog. Please try again.' });
    expect(alert).toHaveTextContent('Company information not found. Please log in again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('text-only toggle hides the images and is remembered for the session', async () => {
    await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    const region = screen.getByRole('region', { name: 'Categories' });
    expect(region.querySelectorAll('img')).toHaveLength(3);
    expect(within(region).getByText('Image not available')).toBeInTheDocument(); // Polyroll has none
    fireEvent.click(screen.getByRole('switch', { name: 'Text only' }));
    expect(region.querySelectorAll('img')).toHaveLength(0);
    expect(window.sessionStorage.getItem('catalogueTextOnly')).toBe('true');
  });

  it('refetches the affected category on catalogue.changed so prices update live', async () => {
    const { server } = await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    server.products['sub-m10-1'][0].variants[1].customer_price = 1500;
    const before = server.catalogueCalls().length;

    // Another category: nothing refetched.
    act(() =>
      dispatchRealtimeEvent('catalogue.changed', { categoryId: 'cat-rigid', productId: null, kind: 'variants' }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(server.catalogueCalls().length).toBe(before);

    act(() =>
      dispatchRealtimeEvent('catalogue.changed', { categoryId: 'cat-m10', productId: 'p-m10-1', kind: 'variants' }),
    );
    await waitFor(() => expect(rowsOf('MERV 10 Pleated 1"')[0][3]).toBe('$1,500.00'));
    expect(server.catalogueCalls().slice(before)).toEqual(['/api/catalogue/product/sub-m10-1']);
  });

  it('clears the session cache on leaving the screen', async () => {
    const { server, router } = await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    await act(() => router.navigate('/employee/settings'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Catalog' })).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 10));
    await act(() => router.navigate('/employee/catalog'));
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(server.catalogueCalls().filter((u) => u === '/api/catalogue')).toHaveLength(2);
  });

  it('has no serious or critical axe findings', async () => {
    await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(await seriousViolations()).toEqual([]);
  });
});
