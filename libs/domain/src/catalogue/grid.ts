/** Superadmin edit-grid rules: columns, cell editing, reordering and row validation. */
import { normalizeOddSizeType, type OddSizeType } from './odd-size';

/** Editable data columns of the grid, in display order (row-number and remove are not data). */
export const GRID_COLUMNS = [
  'part_number',
  'size',
  'actual_size',
  'depth',
  'odd_size',
  'min_area',
  'max_area',
  'odd_size_type',
  'out_of_stock',
  'list_price',
  'merv',
  'efficiency_class',
] as const;
export type GridColumn = (typeof GRID_COLUMNS)[number];

/** Cells edited through a Yes/No or type dropdown (open on single click). */
export const GRID_DROPDOWN_COLUMNS: readonly GridColumn[] = ['odd_size', 'odd_size_type', 'out_of_stock'];

const OFF_WHEN_ODD: readonly GridColumn[] = ['size', 'actual_size'];
const ON_ONLY_WHEN_ODD: readonly GridColumn[] = ['min_area', 'max_area', 'odd_size_type'];

/** Size and actual size are locked when odd-size is on; min/max area and type when it is off. */
export function isGridCellEditable(column: GridColumn, oddSize: boolean): boolean {
  if (oddSize) return !OFF_WHEN_ODD.includes(column);
  return !ON_ONLY_WHEN_ODD.includes(column);
}

/** Pasted Yes/No cell (odd size, out of stock): yes / true / 1 (any case, trimmed) → true. */
export function coerceYesNo(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  return ['yes', 'true', '1'].includes(value.trim().toLowerCase());
}

/** A typed or pasted MERV: a whole number as written ('13', ' 13 ', 'MERV 13'); blank or anything else → null. */
export function coerceMerv(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(?:merv[\s-]*)?(\d{1,3})\s*$/i.exec(value);
  return m ? Number(m[1]) : null;
}

/** Pasted odd-size type: SINGLE, DOUBLE or TRIPLE (trimmed, any case), otherwise ''. */
export function coerceOddSizeType(value: unknown): OddSizeType | '' {
  return normalizeOddSizeType(value);
}

const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Pasted area: a finite number, otherwise null ('' and text → null). */
export function coerceArea(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMBER_RE.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export interface GridVariantRow {
  size?: string | null;
  actual_size?: string | null;
  odd_size?: boolean | null;
  display_order?: number | null;
}

/** Setting a row's odd-size flag; turning it on clears size and actual size. */
export function applyOddSize<T extends GridVariantRow>(row: T, oddSize: boolean): T {
  return oddSize ? { ...row, odd_size: true, size: '', actual_size: '' } : { ...row, odd_size: false };
}

/** After a reorder: display_order renumbered from 1 in array order. */
export function renumberDisplayOrder<T extends GridVariantRow>(rows: readonly T[]): T[] {
  return rows.map((row, i) => ({ ...row, display_order: i + 1 }));
}
