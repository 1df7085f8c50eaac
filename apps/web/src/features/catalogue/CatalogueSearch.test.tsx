import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oddSizeVariant, product, variant } from './test/fixtures';
import { headersOf, openCatalogue, rowsOf, seriousViolations } from './test/helpers';
import type { DisplayVariant } from './types';

const NO_RESULTS = 'No results found. Please contact the office for custom options.';

const input = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(input(name), { target: { value } });
const panel = () => screen.getByRole('region', { name: 'Odd Size Search' });
const searchDimensions = () => fireEvent.click(within(panel()).getByRole('button', { name: 'Search' }));
/** What the odd-size search answers: these variants, in the product of the sub-category viewed. */
const searchResultOf = (...variants: DisplayVariant[]) => [
  product('p-m10-1', 'MERV 10 Pleated 1"', 'cat-m10', variants),
];

async function ready(role: 'employee' | 'admin' | 'superadmin' = 'employee') {
  const opened = await openCatalogue(role);
  await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
  return opened;
}

describe('part-number search', () => {
  it('finds a part number in the sub-category being viewed (Enter submits)', async () => {
    const { server } = await ready();
    server.partNumbers['M10-16251'] = product('p-m10-1', 'MERV 10 Pleated 1"', 'cat-m10', [
      variant({ part_number: 'M10-16251', customer_price: 7.5 }),
    ]);
    type(/^part number/i, ' M10-16251 ');
    fireEvent.submit(screen.getByRole('search', { name: 'Part number search' }));
    expect(await screen.findByText('Part number results for "M10-16251"')).toBeInTheDocument();
    expect(rowsOf('MERV 10 Pleated 1"')).toEqual([['M10-16251', '15.5 x 24.5 x 0.75', '16x25x1', '$7.50']]);
    expect(server.catalogueCalls()).toContain('/api/catalogue/productNumber/sub-m10-1?partNumber=M10-16251');
  });

  it("shows the no-results state for 'Product not found' and Reset returns to the products", async () => {
    const { server } = await ready();
    type(/^part number/i, 'NOPE-1');
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    expect(server.catalogueCalls()).toContain('/api/catalogue/productNumber/sub-m10-1?partNumber=NOPE-1');
    const reset = within(screen.getByText(NO_RESULTS).parentElement!).getByRole('button', { name: 'Reset' });
    fireEvent.click(reset);
    expect(await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' })).toBeInTheDocument();
    expect(input(/^part number/i)).toHaveValue('');
  });
});

describe('part-number box on the find engine', () => {
  const row = (partNumber: string, sub: { _id: string; name: string } | null) => ({
    variant_id: 'v-1',
    part_number: partNumber,
    size: '16x25x2',
    actual_size: '15.5 x 24.5 x 1.75',
    depth: 2,
    price: 12,
    category: { _id: 'cat-m10', name: 'MERV 10' },
    subcategory: sub,
    product: { _id: 'p-m10-2', name: 'MERV 10 Pleated 2"' },
    matched_via: 'part_number' as const,
    alias: null,
  });

  it('a part in another tab opens that tab with the part shown; no miss, no quote offer', async () => {
    const { server } = await ready();
    server.findRows = [row('M10-16252', { _id: 'sub-m10-2', name: '2"' })];
    server.partNumbers['M10-16252'] = product('p-m10-2', 'MERV 10 Pleated 2"', 'cat-m10', [
      variant({ part_number: 'M10-16252', size: '16x25x2', customer_price: 12 }),
    ]);
    type(/^part number/i, 'm10-16252');
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Part number results for "M10-16252"')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '2"' })).toHaveAttribute('aria-selected', 'true');
    expect(rowsOf('MERV 10 Pleated 2"')[0]).toContain('$12.00');
    expect(screen.queryByText(NO_RESULTS)).not.toBeInTheDocument();
    // The tab's look-up is the one counted (once); the whole-catalogue look-up is quiet.
    expect(server.catalogueCalls()).toContain('/api/catalogue/productNumber/sub-m10-2?partNumber=M10-16252');
    expect(server.catalogueCalls().filter((u) => u.startsWith('/api/catalogue/find'))).toEqual([
      '/api/catalogue/find?q=m10-16252&limit=20&typing=1',
    ]);
  });
});

describe('odd-size (dimension) search', () => {
  it("'20 1/2' forces exact measurements and sends action=exact-measurement; odd-only result shows Part Number and Price", async () => {
    const { server } = await ready();
    server.searchResult = searchResultOf(oddSizeVariant({ part_number: 'M10-OS-S1-04', customer_price: 31.25 }));
    const exact = screen.getByRole('checkbox', { name: 'Use exact measurements' });
    expect(exact).not.toBeChecked();
    expect(input(/^depth/i)).toHaveValue('1'); // default depth
    type(/^width/i, '20 1/2');
    type(/^height/i, '24');
    expect(exact).toBeChecked();
    expect(exact).toBeDisabled();
    searchDimensions();
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Price']);
    expect(rowsOf('MERV 10 Pleated 1"')).toEqual([['M10-OS-S1-04Custom size', '$31.25']]);
    expect(server.catalogueCalls()).toContain(
      '/api/catalogue/searchproduct/sub-m10-1?width=20.5&height=24&depth=1&action=exact-measurement',
    );
    expect(screen.getByText('Odd size results for 20.5 x 24 x 1 (exact)')).toBeInTheDocument();
  });

  it('whole numbers without the checkbox search not-exactly; a mixed result shows all four columns', async () => {
    const { server } = await ready();
    server.searchResult = searchResultOf(
      variant({
        part_number: 'M10-20241',
        size: '20x24x1',
        actual_size: '19.5 x 23.5 x 0.75',
        customer_price: 5,
        match: 'standard',
      }),
      oddSizeVariant({ part_number: 'M10-OS-S1-03', customer_price: 30 }),
    );
    type(/^width/i, '20');
    type(/^height/i, '24');
    searchDimensions();
    expect(await headersOf('MERV 10 Pleated 1"')).toEqual(['Part Number', 'Actual Size', 'Size', 'Price']);
    expect(rowsOf('MERV 10 Pleated 1"')).toEqual([
      ['M10-20241', '19.5 x 23.5 x 0.75', '20x24x1', '$5.00'],
      ['M10-OS-S1-03Custom size', '—', '—', '$30.00'],
    ]);
    expect(server.catalogueCalls()).toContain(
      '/api/catalogue/searchproduct/sub-m10-1?width=20&height=24&depth=1&action=not-exactly',
    );
  });

  it('ticking the checkbox sends exact-measurement for whole numbers', async () => {
    const { server } = await ready();
    type(/^width/i, '20');
    type(/^height/i, '24');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use exact measurements' }));
    searchDimensions();
    await waitFor(() =>
      expect(server.catalogueCalls()).toContain(
        '/api/catalogue/searchproduct/sub-m10-1?width=20&height=24&depth=1&action=exact-measurement',
      ),
    );
  });

  it('an empty result shows the no-results text; Reset clears the search and the inputs', async () => {
    await ready();
    type(/^width/i, '.5');
    type(/^height/i, '24');
    searchDimensions();
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    fireEvent.click(within(screen.getByText(NO_RESULTS).parentElement!).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' })).toBeInTheDocument();
    expect(input(/^width/i)).toHaveValue('');
    expect(input(/^depth/i)).toHaveValue('1');
  });

  it("shows the 'Invalid Size' modal for 0.1 and sends nothing", async () => {
    const { server } = await ready();
    const before = server.catalogueCalls().length;
    type(/^width/i, '0.1');
    type(/^height/i, '24');
    searchDimensions();
    const dialog = await screen.findByRole('dialog', { name: 'Invalid Size' });
    expect(dialog).toHaveTextContent('All dimensions must be at least 1/8". Please enter a valid measurement.');
    expect(within(panel()).getByRole('alert')).toHaveTextContent(
      'All measurements must be at least 1/8″ (0.125″) due to the 1/8″ scale.',
    );
    expect(server.catalogueCalls()).toHaveLength(before);
  });

  it("shows the 'Invalid Size' modal for 31 x 31 x 2", async () => {
    const { server } = await ready();
    const before = server.catalogueCalls().length;
    type(/^width/i, '31');
    type(/^height/i, '31');
    type(/^depth/i, '2');
    searchDimensions();
    const dialog = await screen.findByRole('dialog', { name: 'Invalid Size' });
    expect(dialog).toHaveTextContent(
      'Both dimensions over 30" are only allowed for 1" filters. Please contact the office for custom options.',
    );
    expect(server.catalogueCalls()).toHaveLength(before);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invalid Size' })).not.toBeInTheDocument());
  });

  it('shows the validation texts for empty and non-numeric input', async () => {
    await ready();
    searchDimensions();
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Please enter a width, height, and depth value',
    );
    type(/^width/i, 'abc');
    type(/^height/i, '24');
    searchDimensions();
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Please enter valid numbers for all dimensions',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('steppers move by 0.5 and never go below zero', async () => {
    await ready();
    const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    click('Increase width by 0.5');
    expect(input(/^width/i)).toHaveValue('0.5');
    click('Increase width by 0.5');
    expect(input(/^width/i)).toHaveValue('1');
    type(/^height/i, '20 1/2');
    click('Increase height by 0.5');
    expect(input(/^height/i)).toHaveValue('21');
    click('Decrease depth by 0.5');
    expect(input(/^depth/i)).toHaveValue('0.5');
    click('Decrease depth by 0.5');
    expect(input(/^depth/i)).toHaveValue('0');
    click('Decrease depth by 0.5');
    expect(input(/^depth/i)).toHaveValue('0');
  });

  it('a search is scoped to its sub-category: switching tabs clears it', async () => {
    const { server } = await ready();
    type(/^width/i, '20');
    type(/^height/i, '24');
    searchDimensions();
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '2"' }));
    expect(await screen.findByRole('table', { name: 'MERV 10 Pleated 2"' })).toBeInTheDocument();
    expect(server.catalogueCalls().filter((u) => u.includes('searchproduct'))).toHaveLength(1);
  });

  it('has no serious or critical axe findings with results and the modal open', async () => {
    const { server } = await ready('admin');
    server.searchResult = searchResultOf(oddSizeVariant({ part_number: 'M10-OS-S1-04', customer_price: 31.25 }));
    type(/^width/i, '20 1/2');
    type(/^height/i, '24');
    searchDimensions();
    await screen.findByText('Odd size results for 20.5 x 24 x 1 (exact)');
    expect(await seriousViolations()).toEqual([]);
  });
});
