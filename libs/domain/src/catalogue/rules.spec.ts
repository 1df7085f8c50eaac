import {
  CATEGORY_ORDER,
  DEFAULT_PART_NUMBER,
  isDimensionPanelHidden,
  isNewVariantId,
  showsActualSize,
  sortCategories,
  variantTableColumns,
} from './categories';
import {
  applyOddSize,
  coerceArea,
  coerceOddSizeType,
  coerceYesNo,
  GRID_COLUMNS,
  isGridCellEditable,
  renumberDisplayOrder,
  type GridColumn,
} from './grid';
import { CATALOGUE_MSG } from './messages';
import * as domain from '../index';

describe('category order', () => {
  it('fixed order first, the rest alphabetical', () => {
    const names = [
      'Polyroll',
      'V-Cells',
      'HEPA',
      'Carbon',
      'MERV 13',
      'Bag Filters',
      'aardvark',
      'Minipro',
      'Rigid Flow',
      'MERV 10 HC',
      'MERV 10',
      'Zeta',
    ];
    expect(sortCategories(names)).toEqual([
      'MERV 10',
      'MERV 10 HC',
      'MERV 13',
      'Carbon',
      'Rigid Flow',
      'Minipro',
      'Bag Filters',
      'V-Cells',
      'aardvark',
      'HEPA',
      'Polyroll',
      'Zeta',
    ]);
    expect(names[0]).toBe('Polyroll'); // input not mutated
  });

  it('matches fixed names case/space/hyphen-insensitively and sorts objects', () => {
    const items = [{ name: 'Polyroll' }, { name: 'Mini-Pro' }, { name: 'merv 10' }, { name: 'VCells' }];
    expect(sortCategories(items).map((c) => c.name)).toEqual(['merv 10', 'Mini-Pro', 'VCells', 'Polyroll']);
  });

  it('keeps the spec order constant', () => {
    expect(CATEGORY_ORDER).toEqual([
      'MERV 10',
      'MERV 10 HC',
      'MERV 13',
      'Carbon',
      'Rigid Flow',
      'Minipro',
      'Bag Filters',
      'V-Cells',
    ]);
    expect(sortCategories([...CATEGORY_ORDER].reverse())).toEqual([...CATEGORY_ORDER]);
  });
});

describe('dimension panel and columns', () => {
  it.each<[string, boolean]>([
    ['Bag Filters', true],
    ['bag filters', true],
    ['V-Cells', true],
    ['V Cells', true],
    ['Mini-Pro', true],
    ['Minipro', true],
    ['Rigid Flow', true],
    ['MERV 10', false],
    ['MERV 10 HC', false],
    ['MERV 13', false],
    ['Carbon', false],
    ['Polyroll', false],
    ['HEPA', false],
  ])('isDimensionPanelHidden(%p) = %p', (name, hidden) => expect(isDimensionPanelHidden(name)).toBe(hidden));

  it('hides Actual Size for Rigid Flow only', () => {
    expect(showsActualSize('Rigid Flow')).toBe(false);
    expect(showsActualSize('MERV 10')).toBe(true);
    expect(variantTableColumns('Rigid Flow')).toEqual(['part_number', 'size', 'price']);
    expect(variantTableColumns('MERV 13')).toEqual(['part_number', 'actual_size', 'size', 'price']);
  });

  it('odd-size search result columns', () => {
    expect(variantTableColumns('MERV 10', [{ odd_size: true }, { odd_size: true }])).toEqual(['part_number', 'price']);
    expect(variantTableColumns('MERV 10', [{ odd_size: true }, { odd_size: false }])).toEqual([
      'part_number',
      'actual_size',
      'size',
      'price',
    ]);
  });

  it('constants and temporary ids', () => {
    expect(DEFAULT_PART_NUMBER).toBe('DEFAULT_PN');
    expect(isNewVariantId('new_123')).toBe(true);
    expect(isNewVariantId('abc')).toBe(false);
    expect(isNewVariantId(undefined)).toBe(false);
  });
});

describe('grid', () => {
  const whenOdd: GridColumn[] = [
    'part_number',
    'depth',
    'odd_size',
    'min_area',
    'max_area',
    'odd_size_type',
    'out_of_stock',
    'list_price',
    'merv',
    'efficiency_class',
  ];
  const whenNotOdd: GridColumn[] = [
    'part_number',
    'size',
    'actual_size',
    'depth',
    'odd_size',
    'out_of_stock',
    'list_price',
    'merv',
    'efficiency_class',
  ];
  it.each(GRID_COLUMNS.map((c) => [c] as const))('editability of %s', (column) => {
    expect(isGridCellEditable(column, true)).toBe(whenOdd.includes(column));
    expect(isGridCellEditable(column, false)).toBe(whenNotOdd.includes(column));
  });

  it.each<[unknown, boolean]>([
    ['yes', true],
    ['Yes', true],
    [' YES ', true],
    ['true', true],
    ['TRUE', true],
    ['1', true],
    [1, true],
    [true, true],
    ['no', false],
    ['false', false],
    ['0', false],
    ['', false],
    ['y', false],
    [0, false],
    [null, false],
    [undefined, false],
    [false, false],
  ])('coerceYesNo(%p) = %p', (input, out) => expect(coerceYesNo(input)).toBe(out));

  it.each<[unknown, string]>([
    ['SINGLE', 'SINGLE'],
    ['DOUBLE', 'DOUBLE'],
    ['TRIPLE', 'TRIPLE'],
    [' triple ', 'TRIPLE'],
    ['None', ''],
    ['QUAD', ''],
    ['', ''],
    [null, ''],
    [3, ''],
  ])('coerceOddSizeType(%p) = %p', (input, out) => expect(coerceOddSizeType(input)).toBe(out));

  it.each<[unknown, number | null]>([
    ['12.5', 12.5],
    [' 300 ', 300],
    ['.5', 0.5],
    ['0', 0],
    [42, 42],
    ['1e3', 1000],
    ['', null],
    ['  ', null],
    ['abc', null],
    ['12abc', null],
    ['1,000', null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
  ])('coerceArea(%p) = %p', (input, out) => expect(coerceArea(input)).toBe(out));

  it('turning odd-size on clears size and actual size', () => {
    const row = {
      size: '16x25x1',
      actual_size: '15.5 x 24.5 x 0.75',
      odd_size: false,
      part_number: 'X',
    };
    expect(applyOddSize(row, true)).toEqual({
      size: '',
      actual_size: '',
      odd_size: true,
      part_number: 'X',
    });
    expect(applyOddSize(row, false)).toEqual(row);
  });

  it('renumbers display_order from 1', () => {
    const rows = [{ display_order: 7 }, { display_order: 2 }, { display_order: null }];
    expect(renumberDisplayOrder(rows).map((r) => r.display_order)).toEqual([1, 2, 3]);
  });
});

describe('messages and exports', () => {
  it('keeps spec texts verbatim', () => {
    expect(CATALOGUE_MSG.noResults).toBe('No results found. Please contact the office for custom options.');
    expect(CATALOGUE_MSG.unexpectedStatus(502)).toBe('Unexpected response status: 502');
    expect(CATALOGUE_MSG.dimensionsTooSmall).toBe(
      'All measurements must be at least 1/8\u2033 (0.125\u2033) due to the 1/8\u2033 scale.',
    );
    expect(CATALOGUE_MSG.invalidSizeTooSmall).toBe(
      'All dimensions must be at least 1/8". Please enter a valid measurement.',
    );
  });

  it('are re-exported from the domain package', () => {
    expect(domain.customerPriceCents).toBeDefined();
    expect(domain.validateDimensionSearch).toBeDefined();
    expect(domain.CATALOGUE_MSG).toBe(CATALOGUE_MSG);
    expect(domain.sortCategories).toBeDefined();
  });
});
