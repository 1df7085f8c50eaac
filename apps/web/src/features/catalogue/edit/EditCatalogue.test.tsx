import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { isGridCellEditable } from '@portal/domain';
import { dispatchRealtimeEvent } from '../../../shared/realtime';
import { sockets } from '../../../test/fakeSocket';
import { openCatalogue } from '../test/helpers';
import { editProducts, openEditor, type EditServer } from './test/editServer';
import { useEditStore } from './editStore';
import { buildColumns } from './VariantGrid';
import type { GridRow } from './types';

vi.setConfig({ testTimeout: 20000 });

/** jsdom has no layout: observed elements report a 1600×800 box (the grid measures itself with it). */
class SizedResizeObserver {
  constructor(private cb: ResizeObserverCallback) {}
  observe(target: Element) {
    const rect = { width: 1600, height: 800, top: 0, left: 0, right: 1600, bottom: 800, x: 0, y: 0 };
    this.cb([{ target, contentRect: rect } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

const sizes: [string, number][] = [
  ['offsetHeight', 800],
  ['offsetWidth', 1600],
  ['clientHeight', 800],
  ['clientWidth', 1600],
];
const saved = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const [k, v] of sizes) {
    saved.set(k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k));
    Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => v });
  }
});
afterAll(() => {
  for (const [k] of sizes) {
    const d = saved.get(k);
    if (d) Object.defineProperty(HTMLElement.prototype, k, d);
  }
});
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  // Mantine's toast store is module-level: earlier tests' toasts would queue ours past the limit.
  notifications.clean();
  notifications.cleanQueue();
});
afterEach(() => useEditStore.getState().reset());

async function enterEdit(setup?: (s: EditServer) => void) {
  const r = await openEditor(setup);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Catalog' }));
  await screen.findByRole('heading', { level: 2, name: 'Edit MERV 10' });
  await waitFor(() => expect(useEditStore.getState().productId).toBe('p-1'));
  await waitFor(() => expect(gridRows().length).toBe(3));
  return r;
}

const grid = () => screen.getByRole('region', { name: 'Variants' });
/** Rendered body rows (header excluded). */
const gridRows = () => [...grid().querySelectorAll<HTMLElement>('.dsg-row:not(.dsg-row-header)')];
const headers = () =>
  [...grid().querySelectorAll('.dsg-row-header .dsg-cell-header-container')].map((h) => h.textContent ?? '');
/** Data cells of a rendered row (gutter and actions excluded). */
const cellsOf = (row: HTMLElement) => [
  ...row.querySelectorAll<HTMLElement>('.dsg-cell:not(.dsg-cell-gutter):not(.dsg-cell-sticky-right)'),
];
const values = (row: HTMLElement) =>
  cellsOf(row).map(
    (c) => (c.querySelector('input') as HTMLInputElement | null)?.value ?? c.textContent?.replace('▾', '') ?? '',
  );
const rows = () => useEditStore.getState().rows;
const ids = () => rows().map((r) => r._id);

/** A dropdown cell by column and row; its name ends with the current value ('Odd-Size, row 1: No'). */
const dropdown = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(: .*)?$`) });

async function pick(label: string, option: string) {
  fireEvent.mouseDown(dropdown(label));
  const list = await screen.findByRole('listbox', { name: label.split(',')[0] });
  fireEvent.click(await within(list).findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox', { name: label.split(',')[0] })).not.toBeInTheDocument());
}

const lastPut = (server: EditServer) => server.saves().at(-1)!;

describe('catalogue edit mode', () => {
  it('offers Edit Catalog to the superadmin only; edit view titled "Edit {category}" without the side panel', async () => {
    await openCatalogue('employee');
    await screen.findByRole('table', { name: 'MERV 10 Pleated 1"' });
    expect(screen.queryByRole('button', { name: 'Edit Catalog' })).not.toBeInTheDocument();

    await enterEdit();
    expect(screen.getByRole('button', { name: 'Edit Catalog' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('heading', { name: 'Odd Size Search' })).not.toBeInTheDocument();
    expect(headers()).toEqual([
      '#',
      'Part Number',
      'Size',
      'Actual Size',
      'Depth',
      'Odd-Size',
      'Min Area',
      'Max Area',
      'Odd-Size Type',
      'Out of Stock',
      'List Price',
      'MERV',
      'Efficiency Class',
      '',
    ]);
    expect(values(gridRows()[0])).toEqual([
      'A-1',
      '16x25x1',
      '15.5 x 24.5 x 0.75',
      '1',
      'No',
      '',
      '',
      '',
      'No',
      '$10.00',
      '',
      '',
    ]);
    for (const name of [
      'Add Product',
      'Add Files',
      'View Files',
      'Save Changes',
      'Reset Search',
      'Add Variant',
      'Delete Product',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    // Rigid Flow: no Actual Size column.
    fireEvent.click(screen.getByRole('button', { name: 'Rigid Flow' }));
    await screen.findByRole('heading', { level: 2, name: 'Edit Rigid Flow' });
    await waitFor(() => expect(useEditStore.getState().productId).toBe('p-r'));
    await waitFor(() => expect(headers()).not.toContain('Actual Size'));
    expect(headers()).toContain('Size');
  });

  it('Add Variant adds a highlighted new_ row with the toast', async () => {
    await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    expect(await screen.findByText('New variant added. Remember to save changes.')).toBeInTheDocument();
    expect(ids()[3]).toMatch(/^new_/);
    await waitFor(() => expect(gridRows()).toHaveLength(4));
    expect(gridRows()[3]).toHaveClass('cg-row-new');
    expect(rows()[3].display_order).toBe(4);
  });

  it('remove marks an existing row deleted (struck through) and drops a new row', async () => {
    await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(await screen.findByText('Variant removed. Remember to save changes.')).toBeInTheDocument();
    await waitFor(() => expect(gridRows()[1]).toHaveClass('cg-row-deleted'));
    expect(rows()[1]._deleted).toBe(true);
    // Its cells are locked until restored.
    expect(cellsOf(gridRows()[1]).every((c) => c.classList.contains('dsg-cell-disabled'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Restore row 2' }));
    await waitFor(() => expect(gridRows()[1]).not.toHaveClass('cg-row-deleted'));
    expect(useEditStore.getState().statuses.size).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    await waitFor(() => expect(gridRows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 4' }));
    await waitFor(() => expect(gridRows()).toHaveLength(3));
  });

  it('switching a row to odd-size clears its sizes and swaps which cells are editable', async () => {
    expect(isGridCellEditable('size', true)).toBe(false);
    expect(isGridCellEditable('min_area', true)).toBe(true);
    expect(isGridCellEditable('odd_size_type', false)).toBe(false);

    await enterEdit();
    const cls = () => cellsOf(gridRows()[0]).map((c) => c.classList.contains('dsg-cell-disabled'));
    // Part, Size, Actual, Depth, Odd, Min, Max, Type, OOS, Price, MERV, Efficiency class
    expect(cls()).toEqual([false, false, false, false, false, true, true, true, false, false, false, false]);
    // A disabled dropdown does not open.
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Odd-Size Type, row 1' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await pick('Odd-Size, row 1', 'Yes');
    expect(rows()[0]).toMatchObject({ odd_size: true, size: '', actual_size: '' });
    await waitFor(() =>
      expect(cls()).toEqual([false, true, true, false, false, false, false, false, false, false, false, false]),
    );
    expect(values(gridRows()[0]).slice(0, 5)).toEqual(['A-1', '', '', '1', 'Yes']);
    expect(gridRows()[0]).toHaveClass('cg-row-edited');

    await pick('Odd-Size Type, row 1', 'DOUBLE');
    expect(rows()[0].odd_size_type).toBe('DOUBLE');
  });

  it('pasting from a spreadsheet coerces Yes/No, type, areas and prices', async () => {
    const cols = buildColumns(true);
    const col = (id: string) => cols.find((c) => c.id === id)!;
    const row: GridRow = { ...useEditStore.getState().addVariant() };
    const paste = (id: string, value: string) => col(id).pasteValue!({ rowData: row, value, rowIndex: 0 });
    expect(paste('odd_size', ' YES ').odd_size).toBe(true);
    expect(paste('odd_size', 'true').odd_size).toBe(true);
    expect(paste('odd_size', '1').odd_size).toBe(true);
    expect(paste('odd_size', 'nope').odd_size).toBe(false);
    expect(paste('out_of_stock', 'yes').out_of_stock).toBe(true);
    expect(paste('odd_size_type', ' double ').odd_size_type).toBe('DOUBLE');
    expect(paste('odd_size_type', 'QUAD').odd_size_type).toBe('');
    expect(paste('min_area', '2.5').min_area).toBe(2.5);
    expect(paste('max_area', 'big').max_area).toBeNull();
    expect(paste('list_price', '$1,234.56').list_price).toBe(1234.56);
    expect(paste('list_price', '12.345').list_price).toBeNull();
    expect(col('odd_size').copyValue!({ rowData: { ...row, odd_size: true }, rowIndex: 0 })).toBe('Yes');

    // A pasted row that turns odd-size loses its sizes (grid rule applied on change).
    useEditStore.getState().load('p', []);
    const base = useEditStore.getState().addVariant();
    const before = useEditStore.getState().rows;
    const pasted = [{ ...base, size: '10x10x1', actual_size: '9.5 x 9.5', odd_size: true, min_area: 3 }];
    useEditStore.getState().gridChange(pasted, [0]);
    expect(useEditStore.getState().rows[0]).toMatchObject({ odd_size: true, size: '', actual_size: '', min_area: 3 });
    expect(before).not.toBe(useEditStore.getState().rows);
  });

  it('pastes a block through the grid (document paste on the active cell)', async () => {
    await enterEdit();
    // Select row 1 / Part Number (jsdom: cell rects start at 0; gutter is 64px, header 40px, rows 36px).
    fireEvent.mouseDown(cellsOf(gridRows()[0])[0], { clientX: 70, clientY: 50 });
    fireEvent.mouseUp(document);
    const ev = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(ev, 'clipboardData', {
      value: { types: ['text/plain'], getData: () => 'P-10\t10x10x1\nP-20\t20x20x1' },
    });
    act(() => void document.dispatchEvent(ev));
    await waitFor(() =>
      expect(
        rows()
          .slice(0, 2)
          .map((r) => [r.part_number, r.size]),
      ).toEqual([
        ['P-10', '10x10x1'],
        ['P-20', '20x20x1'],
      ]),
    );
    await waitFor(() => expect(gridRows()[0]).toHaveClass('cg-row-edited'));
  });

  it('reorders by the up/down buttons and by dragging, renumbering display_order from 1', async () => {
    await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Move row 3 up' }));
    expect(ids()).toEqual(['v-a', 'v-c', 'v-b']);
    expect(rows().map((r) => r.display_order)).toEqual([1, 2, 3]);
    await waitFor(() => expect(gridRows()[1]).toHaveClass('cg-row-edited'));
    expect(gridRows()[0]).not.toHaveClass('cg-row-edited');

    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(screen.getByRole('button', { name: 'Drag row 3' }), { dataTransfer });
    fireEvent.drop(gridRows()[0].querySelector('.cg-gutter')!, { dataTransfer });
    expect(ids()).toEqual(['v-b', 'v-a', 'v-c']);
    expect(rows().map((r) => r.display_order)).toEqual([1, 2, 3]);
  });

  it('Save sends every row in order with versions and the deleted rows, then shows the success toast', async () => {
    const { server } = await enterEdit();
    await pick('Out of Stock, row 1', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    const newId = ids()[3];
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('All changes saved successfully')).toBeInTheDocument();

    const put = lastPut(server);
    expect(put.url).toBe('/api/catalogue/product/p-1/variants');
    expect(put.headers['x-xsrf-token']).toBeTruthy();
    const body = put.body as { variants: Record<string, unknown>[]; deleted: unknown[]; force?: boolean };
    expect(body.deleted).toEqual([{ _id: 'v-b', version: 1 }]);
    expect(body.force).toBeUndefined();
    expect(body.variants.map((v) => v._id)).toEqual(['v-a', 'v-c', newId]);
    // Row 1 as loaded, with the one edit and without the customer view's price.
    const { customer_price: _shown, ...loaded } = editProducts()['sub-m10-1'][0].variants[0];
    expect(body.variants[0]).toEqual({ ...loaded, out_of_stock: true, merv: null, efficiency_class: null });
    expect(body.variants[2]).not.toHaveProperty('version');
    // The grid now holds the saved rows: no changes left, versions bumped, new id replaced.
    await waitFor(() => expect(useEditStore.getState().statuses.size).toBe(0));
    expect(ids()).toEqual(['v-a', 'v-c', 'saved-2']);
    expect(rows()[0].version).toBe(2);
    await waitFor(() => expect(gridRows()).toHaveLength(3));
    expect(gridRows().some((r) => /cg-row-(new|edited|deleted)/.test(r.className))).toBe(false);
  });

  it("says 'No changes to save' when nothing changed", async () => {
    const { server } = await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No changes to save')).toBeInTheDocument();
    expect(server.saves()).toHaveLength(0);
  });

  it('a 400 highlights the rows and cells at fault and keeps the edits', async () => {
    const { server } = await enterEdit((s) =>
      s.saveAnswers.push({
        status: 400,
        body: {
          status: 400,
          message: 'Some rows are invalid',
          errors: { '1.part_number': 'Part number already exists' },
        },
      }),
    );
    await pick('Out of Stock, row 2', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert', { name: /Some rows are invalid/ });
    expect(alert).toHaveTextContent('Row 2 · Part Number: Part number already exists');
    expect(server.saves()).toHaveLength(1);
    await waitFor(() => expect(gridRows()[1]).toHaveClass('cg-row-error'));
    expect(cellsOf(gridRows()[1])[0]).toHaveClass('cg-cell-error');
    expect(rows()[1].out_of_stock).toBe(true);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('a 409 shows the conflict view; Overwrite resends with force and nothing is lost', async () => {
    const { server } = await enterEdit();
    server.saveAnswers.push({
      status: 409,
      body: {
        status: 409,
        message: 'Changed by someone else',
        conflicts: [
          {
            _id: 'v-a',
            part_number: 'A-1',
            current: { ...server.products['sub-m10-1'][0].variants[0], list_price: 99, version: 2 },
          },
        ],
      },
    });
    await pick('Out of Stock, row 1', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed these rows' });
    const table = within(dialog).getByRole('table', { name: 'Conflicting rows' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Part NumberFieldYoursTheirs', 'A-1Out of StockYesNo', 'List Price$10.00$99.00']);
    expect(rows()[0].out_of_stock).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    expect(await screen.findByText('All changes saved successfully')).toBeInTheDocument();
    expect(server.saves()).toHaveLength(2);
    expect(lastPut(server).body).toMatchObject({ force: true, variants: [{ _id: 'v-a', out_of_stock: true }, {}, {}] });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Someone else changed these rows' })).not.toBeInTheDocument(),
    );
  });

  it('409 Reload takes their version of the conflicting rows and keeps my other edits', async () => {
    const { server } = await enterEdit();
    const theirs = { ...server.products['sub-m10-1'][0].variants[0], list_price: 99, version: 2 };
    server.saveAnswers.push({
      status: 409,
      body: { status: 409, message: 'x', conflicts: [{ _id: 'v-a', part_number: 'A-1', current: theirs }] },
    });
    await pick('Out of Stock, row 1', 'Yes');
    await pick('Out of Stock, row 3', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed these rows' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(rows()[0]).toMatchObject({ _id: 'v-a', out_of_stock: false, list_price: 99, version: 2 });
    expect(rows()[2].out_of_stock).toBe(true);
    expect([...useEditStore.getState().statuses.keys()]).toEqual(['v-c']);
  });

  it('Discard restores the originals and removes new rows', async () => {
    await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Move row 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Variant' }));
    await pick('Odd-Size, row 2', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(ids()).toEqual(['v-a', 'v-b', 'v-c']);
    expect(rows()[1]).toMatchObject({ size: '20x20x1', odd_size: false });
    expect(useEditStore.getState().statuses.size).toBe(0);
    await waitFor(() => expect(gridRows()).toHaveLength(3));
  });

  it('leaving with unsaved changes offers Save Changes / Discard Changes / Stay Here; unload warns', async () => {
    const { router, server } = await enterEdit();
    await pick('Out of Stock, row 1', 'Yes');

    const unload = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    Object.defineProperty(unload, 'returnValue', { writable: true, value: '' });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    expect(unload.returnValue).toBe('You have unsaved changes. Are you sure you want to leave?');

    await act(() => router.navigate('/superadmin/settings'));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Are you sure you want to leave?');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter(Boolean),
    ).toEqual(expect.arrayContaining(['Save Changes', 'Discard Changes', 'Stay Here']));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay Here' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/superadmin/catalog');
    expect(rows()[0].out_of_stock).toBe(true);

    // Toggling Edit Catalog off asks too; Save Changes saves, then returns to view mode.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Catalog' }));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('All changes saved successfully')).toBeInTheDocument();
    expect(server.saves()).toHaveLength(1);
    await screen.findByRole('heading', { level: 2, name: 'MERV 10' });

    // Discard Changes leaves.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Catalog' }));
    await waitFor(() => expect(useEditStore.getState().productId).toBe('p-1'));
    await waitFor(() => expect(gridRows().length).toBe(3));
    await pick('Out of Stock, row 2', 'Yes');
    await act(() => router.navigate('/superadmin/settings'));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/settings'));
  });

  it('announces presence, lists other editors and flags a change made by someone else', async () => {
    const { server } = await enterEdit();
    await waitFor(() => expect(sockets.some((s) => s.emitted.some(([e]) => e === 'presence.join'))).toBe(true));
    const live = sockets.find((s) => !s.disconnected)!;
    expect(live.emitted).toContainEqual(['presence.join', { productId: 'p-1' }]);

    act(() =>
      dispatchRealtimeEvent('presence.changed', {
        productId: 'p-1',
        editors: [
          { userId: 'superadmin-id', username: 'superadmin-user' },
          { userId: 'u-2', username: 'dana' },
        ],
      }),
    );
    expect(await screen.findByText('Also editing: dana')).toBeInTheDocument();

    await pick('Out of Stock, row 3', 'Yes');
    server.products['sub-m10-1'][0].variants[0] = {
      ...server.products['sub-m10-1'][0].variants[0],
      list_price: 77,
      version: 2,
    };
    act(() =>
      dispatchRealtimeEvent('catalogue.changed', { categoryId: 'cat-m10', productId: 'p-1', kind: 'variants' }),
    );
    const banner = await screen.findByText(
      'This product was changed by someone else. Reload to see the latest version.',
    );
    fireEvent.click(within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(rows()[0]).toMatchObject({ list_price: 77, version: 2 }));
    expect(rows()[2].out_of_stock).toBe(true); // my edit survives the reload

    // Switching product leaves the old one.
    fireEvent.click(screen.getByRole('button', { name: 'Discard Changes' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'p-2' } });
    await waitFor(() => expect(useEditStore.getState().productId).toBe('p-2'));
    await waitFor(() => expect(live.emitted).toContainEqual(['presence.leave', { productId: 'p-1' }]));
  });

  it('our own save does not raise the changed-by-someone-else banner', async () => {
    await enterEdit();
    await pick('Out of Stock, row 1', 'Yes');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('All changes saved successfully');
    act(() =>
      dispatchRealtimeEvent('catalogue.changed', { categoryId: 'cat-m10', productId: 'p-1', kind: 'variants' }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('an applied import (prices everywhere) shows the new prices in an unedited grid, with no banner', async () => {
    const { server } = await enterEdit();
    server.products['sub-m10-1'][0].variants[0] = {
      ...server.products['sub-m10-1'][0].variants[0],
      list_price: 88,
      version: 2,
    };
    act(() => dispatchRealtimeEvent('catalogue.changed', { categoryId: null, productId: null, kind: 'prices' }));
    await waitFor(() => expect(rows()[0]).toMatchObject({ list_price: 88, version: 2 }));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('Add Product validates the name and posts the DEFAULT_PN variant', async () => {
    const { server } = await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Product name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please fill in all required fields')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Product name/), { target: { value: 'New Pleat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST' && c.url === '/api/catalogue/product')!;
    expect(post.body).toMatchObject({
      name: 'New Pleat',
      catalogue_id: 'sub-m10-1',
      variants: [{ part_number: 'DEFAULT_PN' }],
    });
  });

  it('shows which multiplier prices the category and changes it (renaming plays no part)', async () => {
    const { server } = await enterEdit();
    const select = screen.getByRole('combobox', { name: 'Customers pay' });
    expect(select).toHaveValue('');
    fireEvent.change(select, { target: { value: 'polyroll' } });
    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    const patch = server.calls.find((c) => c.method === 'PATCH' && c.url === '/api/catalogue/category/cat-m10')!;
    expect(patch.body).toEqual({ product_line: 'polyroll' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customers pay' })).toHaveValue('polyroll'));
  });

  it('Delete Product confirms with the spec text, then deletes', async () => {
    const { server } = await enterEdit();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Product' });
    expect(dialog).toHaveTextContent('You are about to delete the product category "MERV 10 Pleated 1"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Product' }));
    expect(await screen.findByText('Product removed successfully')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.url === '/api/catalogue/product/p-1')).toBe(true);
  });

  it('shows the price history of a variant', async () => {
    await enterEdit((s) => {
      s.history['v-a'] = [{ old_price: 8, new_price: 10, changed_by: 'root', changed_at: '2025-01-02T03:04:05Z' }];
    });
    fireEvent.click(screen.getByRole('button', { name: 'Price history of row 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price history: A-1' });
    const table = await within(dialog).findByRole('table', { name: 'Price history' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/root\$8\.00\$10\.00/);
  });

  it('uploads several files to the sub-category being edited and shows their live processing status', async () => {
    const { server } = await enterEdit();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('application/pdf,image/png,image/jpeg,image/webp');
    const target = screen.getByRole('combobox', { name: 'Attach files to' });
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Category: MERV 10 1"', 'Category: MERV 10', 'Product: MERV 10 Pleated 1"']);
    const files = [
      new File(['%PDF-1.4'], 'spec.pdf', { type: 'application/pdf' }),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    ];
    // The upload answer lists the stored files (processing); the server keeps them.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('catalogue/upload/file/sub-m10-1')) {
        const form = init?.body as FormData;
        expect(form.getAll('files')).toHaveLength(2);
        server.files['sub-m10-1'] = [
          { _id: 'f-1', name: 'spec.pdf', status: 'processing' },
          { _id: 'f-2', name: 'photo.png', status: 'processing' },
        ];
        return new Response(JSON.stringify({ status: 200, data: server.files['sub-m10-1'] }), { status: 200 });
      }
      return realFetch(url, init);
    });
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Files Upload Successfully')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product Resources' });
    const table = await within(dialog).findByRole('table', { name: 'Files of Category: MERV 10 1"' });
    expect(within(table).getAllByText('processing')).toHaveLength(2);
    act(() => dispatchRealtimeEvent('file.processed', { fileId: 'f-1', status: 'ready' }));
    act(() =>
      dispatchRealtimeEvent('file.processed', { fileId: 'f-2', status: 'rejected', reason: 'Not a PNG image' }),
    );
    expect(await within(dialog).findByText('ready')).toBeInTheDocument();
    expect(within(dialog).getByText('Not a PNG image')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Open spec.pdf' })).toBeEnabled();
  });

  it('lists the stored files of the sub-category and the product from the server, deletes, and follows live changes', async () => {
    const { server } = await enterEdit((s) => {
      s.files['sub-m10-1'] = [{ _id: 'f-s', name: 'range.pdf', status: 'ready' }];
      s.files['p-1'] = [{ _id: 'f-p', name: 'datasheet.pdf', status: 'ready' }];
    });
    fireEvent.click(screen.getByRole('button', { name: 'View Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product Resources' });
    const sub = await within(dialog).findByRole('table', { name: 'Files of Category: MERV 10 1"' });
    expect(within(sub).getByText('range.pdf')).toBeInTheDocument();
    const prod = await within(dialog).findByRole('table', { name: 'Files of Product: MERV 10 Pleated 1"' });
    expect(within(prod).getByText('datasheet.pdf')).toBeInTheDocument();

    fireEvent.click(within(prod).getByRole('button', { name: 'Delete datasheet.pdf' }));
    expect(await screen.findByText('File Delete Successfully')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'PATCH' && c.url === '/api/catalogue/deletefile/f-p')).toBe(true);
    await waitFor(() => expect(within(dialog).queryByText('datasheet.pdf')).toBeNull());

    // Another superadmin uploads to the sub-category: the list follows.
    server.files['sub-m10-1'].push({ _id: 'f-new', name: 'from-elsewhere.pdf', status: 'ready' });
    act(() => dispatchRealtimeEvent('catalogue.changed', { categoryId: 'cat-m10', productId: null, kind: 'files' }));
    expect(await within(dialog).findByText('from-elsewhere.pdf')).toBeInTheDocument();
  });

  it('a category with sub-categories manages its own files too', async () => {
    await enterEdit((s) => {
      s.files['cat-m10'] = [{ _id: 'f-c', name: 'merv10-brochure.pdf', status: 'ready' }];
    });
    fireEvent.click(screen.getByRole('button', { name: 'View Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product Resources' });
    const own = await within(dialog).findByRole('table', { name: 'Files of Category: MERV 10' });
    expect(within(own).getByText('merv10-brochure.pdf')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete merv10-brochure.pdf' })).toBeEnabled();
  });

  it('a refused upload names each refused file and lists nothing new', async () => {
    const { server } = await enterEdit();
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).includes('catalogue/upload/file/p-1'))
        return new Response(
          JSON.stringify({
            status: 415,
            message: 'both',
            errors: {
              'setup.exe':
                '"setup.exe" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.',
              'empty.pdf': '"empty.pdf" is empty',
            },
          }),
          { status: 415 },
        );
      return realFetch(url, init);
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Attach files to' }), { target: { value: 'p-1' } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['MZ'], 'setup.exe'), new File([''], 'empty.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Files not uploaded')).toBeInTheDocument();
    expect(
      screen.getByText('"setup.exe" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.'),
    ).toBeInTheDocument();
    expect(screen.getByText('"empty.pdf" is empty')).toBeInTheDocument();
    expect(screen.getByText('None of the selected files was stored.')).toBeInTheDocument();
    expect(screen.queryByText('Files Upload Successfully')).toBeNull();
    void server;
  });
});
