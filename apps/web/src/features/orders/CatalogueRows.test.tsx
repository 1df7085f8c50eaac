import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { openCatalogue, openCatalogueWithPath } from '../catalogue/test/helpers';
import { useOrderCart } from './store';

const rowOf = (table: HTMLElement, partNumber: string) => within(table).getByText(partNumber).closest('tr')!;

describe('"Add to order" on the catalogue rows', () => {
  beforeEach(() => useOrderCart.setState({ rows: [], open: false }));

  it('every variant row has a quantity box and "Add to order"; adding puts that row into the order', async () => {
    await openCatalogue('employee');
    const table = await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(await within(table).findAllByRole('button', { name: 'Add to order' })).toHaveLength(2);
    const row = rowOf(table, 'M10-16251');
    fireEvent.change(within(row).getByRole('textbox', { name: 'Quantity of M10-16251' }), {
      target: { value: '12' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Add to order' }));
    const [line] = useOrderCart.getState().rows;
    expect(line).toMatchObject({
      line: { kind: 'catalogue', quantity: 12 },
      part_number: 'M10-16251',
      label: 'MERV 10 Pleated 1" 16x25x1',
    });
    expect(await screen.findByRole('button', { name: 'Order (1)' })).toBeInTheDocument();
    // the same row again adds to its quantity; the other row is a second line
    fireEvent.click(within(row).getByRole('button', { name: 'Add to order' }));
    fireEvent.click(within(rowOf(table, 'M10-20201')).getByRole('button', { name: 'Add to order' }));
    expect(useOrderCart.getState().rows.map((r) => [r.part_number, r.line.quantity])).toEqual([
      ['M10-16251', 24],
      ['M10-20201', 1],
    ]);
  });

  it('a superadmin, even viewing as a company, has no order on the rows', async () => {
    await openCatalogueWithPath('/superadmin/catalog?asCompany=co-acme', 'superadmin');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(screen.queryByRole('button', { name: 'Add to order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Quantity of/ })).not.toBeInTheDocument();
  });
});
