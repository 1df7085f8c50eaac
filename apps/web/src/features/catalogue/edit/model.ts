/**
 * Pure edit-grid logic: rows from variants, change tracking, the save body, reordering and the
 * server's answers (400 field errors, 409 conflicts). Grid rules come from @portal/domain.
 */
import {
  applyOddSize,
  DEFAULT_PART_NUMBER,
  isNewVariantId,
  NEW_VARIANT_ID_PREFIX,
  normalizeOddSizeType,
  parseMoneyToCents,
  renumberDisplayOrder,
  VARIANT_VALUE_FIELDS,
} from '@portal/domain';
import type { CatalogueVariant } from '../types';
import type { GridRow, RowErrors, RowStatus, SaveVariant, SaveVariantsBody, VariantConflict } from './types';

/** Fields compared to tell an edited row (and sent by the save). */
export const ROW_FIELDS = [
  ...VARIANT_VALUE_FIELDS,
  'list_price',
  'display_order',
] as const satisfies readonly (keyof GridRow)[];

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Dollars with at most 2 decimals from the API's number or numeric string. */
export function toDollars(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const cents = parseMoneyToCents(typeof v === 'number' || typeof v === 'string' ? v : String(v));
  if (cents !== null) return cents / 100;
  const n = num(v);
  return n === null ? null : Math.round(n * 100) / 100;
}

export function toGridRow(v: CatalogueVariant): GridRow {
  return {
    _id: v._id,
    version: v.version,
    part_number: v.part_number ?? '',
    size: v.size ?? '',
    actual_size: v.actual_size ?? '',
    depth: num(v.depth),
    odd_size: v.odd_size === true,
    odd_size_type: normalizeOddSizeType(v.odd_size_type),
    min_area: num(v.min_area),
    max_area: num(v.max_area),
    out_of_stock: v.out_of_stock === true,
    merv: v.merv ?? null,
    efficiency_class: v.efficiency_class ?? '',
    list_price: toDollars(v.list_price ?? v.customer_price),
    display_order: num(v.display_order) ?? 0,
  };
}

/** id → version of the rows as the server sent them. */
export function knownVersions(variants: readonly CatalogueVariant[]): Map<string, number> {
  return new Map(variants.map((v) => [v._id, Number(v.version ?? 0)]));
}

/**
 * Fresh rows (a refetch after a push) that someone else wrote since we last saw the product: a row
 * we never saw, or a newer version. A stale refetch (older versions) never counts.
 */
export function hasNewerRows(fresh: readonly CatalogueVariant[], known: ReadonlyMap<string, number>): boolean {
  return fresh.some((v) => {
    const seen = known.get(v._id);
    return seen === undefined || Number(v.version ?? 0) > seen;
  });
}

/** Rows in display order. */
export function rowsFromVariants(variants: readonly CatalogueVariant[]): GridRow[] {
  return [...variants].sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0)).map(toGridRow);
}

export function newVariantId(): string {
  const rnd =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 12)
      : Math.random().toString(36).slice(2, 14);
  return `${NEW_VARIANT_ID_PREFIX}${rnd}`;
}

/** The empty cells of a row the user adds (or of a new product's default variant). */
const BLANK_ROW = {
  size: '',
  actual_size: '',
  depth: null,
  odd_size: false,
  odd_size_type: '',
  min_area: null,
  max_area: null,
  out_of_stock: false,
  merv: null,
  efficiency_class: '',
} as const satisfies Partial<GridRow>;

export function emptyRow(displayOrder: number): GridRow {
  return { _id: newVariantId(), ...BLANK_ROW, part_number: '', list_price: null, display_order: displayOrder };
}

/** The default variant of a new product. */
export function defaultProductVariant(): Omit<SaveVariant, '_id' | 'version' | 'display_order'> & {
  display_order: number;
} {
  return { ...BLANK_ROW, part_number: DEFAULT_PART_NUMBER, list_price: 0, display_order: 1 };
}

export function sameFields(a: GridRow, b: GridRow): boolean {
  for (const f of ROW_FIELDS) if (a[f] !== b[f]) return false;
  return true;
}

export function rowStatus(row: GridRow, original: GridRow | undefined): RowStatus | null {
  if (isNewVariantId(row._id) || !original) return 'new';
  if (row._deleted) return 'deleted';
  if (row === original) return null;
  return sameFields(row, original) ? null : 'edited';
}

/** id → status for every row that differs from what was loaded (one pass; unchanged rows keep identity). */
export function computeStatuses(
  rows: readonly GridRow[],
  originals: ReadonlyMap<string, GridRow>,
): Map<string, RowStatus> {
  const out = new Map<string, RowStatus>();
  for (const row of rows) {
    const s = rowStatus(row, originals.get(row._id));
    if (s) out.set(row._id, s);
  }
  return out;
}

/**
 * `statuses` of `before` carried over to `after` (same rows in the same places, some replaced: a
 * typed cell, a paste): only the replaced rows are looked at, and `statuses` itself is returned
 * when none of them changed status. Anything else (rows added, removed, moved) is a full pass.
 */
export function updateStatuses(
  statuses: ReadonlyMap<string, RowStatus>,
  before: readonly GridRow[],
  after: readonly GridRow[],
  originals: ReadonlyMap<string, GridRow>,
): Map<string, RowStatus> {
  if (before.length !== after.length) return computeStatuses(after, originals);
  let out: Map<string, RowStatus> | null = null;
  for (let i = 0; i < after.length; i++) {
    const row = after[i];
    if (row === before[i]) continue;
    if (row._id !== before[i]._id) return computeStatuses(after, originals);
    const s = rowStatus(row, originals.get(row._id));
    if ((s ?? undefined) === statuses.get(row._id)) continue;
    out ??= new Map(statuses);
    if (s) out.set(row._id, s);
    else out.delete(row._id);
  }
  return out ?? (statuses as Map<string, RowStatus>);
}

/**
 * Applies the grid rules to rows the grid changed (typing, paste, dropdown): a row switched to
 * odd-size loses its size and actual size. Rows outside `changed` are returned untouched.
 */
export function applyGridRules(prev: readonly GridRow[], next: GridRow[], changed: Iterable<number>): GridRow[] {
  let out: GridRow[] | null = null;
  for (const i of changed) {
    const row = next[i];
    if (!row) continue;
    const before = prev[i];
    if (row.odd_size && (!before || before._id !== row._id || !before.odd_size) && (row.size || row.actual_size)) {
      out ??= [...next];
      out[i] = applyOddSize(row, true);
    }
  }
  return out ?? next;
}

/** Moves one row and renumbers display_order from 1 in the new order. */
export function moveRow(rows: readonly GridRow[], from: number, to: number): GridRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rows as GridRow[];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumberDisplayOrder(next).map((r, i) => (r.display_order === next[i].display_order ? next[i] : r));
}

function toSaveVariant(row: GridRow): SaveVariant {
  const v: SaveVariant = {
    _id: row._id,
    part_number: row.part_number,
    size: row.size,
    actual_size: row.actual_size,
    depth: row.depth,
    odd_size: row.odd_size,
    odd_size_type: row.odd_size_type,
    min_area: row.min_area,
    max_area: row.max_area,
    out_of_stock: row.out_of_stock,
    merv: row.merv ?? null,
    efficiency_class: row.efficiency_class || null,
    list_price: row.list_price,
    display_order: row.display_order,
  };
  if (!isNewVariantId(row._id) && row.version !== undefined) v.version = row.version;
  return v;
}

/** Body of the atomic save: every kept row in grid order, the deleted existing rows with their versions. */
export function buildSaveBody(rows: readonly GridRow[], force = false): SaveVariantsBody {
  const variants: SaveVariant[] = [];
  const deleted: SaveVariantsBody['deleted'] = [];
  for (const row of rows) {
    if (row._deleted) {
      if (!isNewVariantId(row._id))
        deleted.push(row.version !== undefined ? { _id: row._id, version: row.version } : { _id: row._id });
    } else variants.push(toSaveVariant(row));
  }
  const body: SaveVariantsBody = { variants, deleted };
  if (force) body.force = true;
  return body;
}

/** `errors` of a 400 ('<index>.<field>' → message, index into body.variants) → by row id. */
export function mapSaveErrors(errors: Record<string, unknown> | undefined, sent: SaveVariantsBody): RowErrors {
  const out: RowErrors = {};
  if (!errors) return out;
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(?:variants\.)?(\d+)(?:\.(\w+))?$/.exec(key);
    if (!m) continue;
    const variant = sent.variants[Number(m[1])];
    if (!variant) continue;
    const field = (m[2] ?? 'row') as keyof RowErrors[string];
    (out[variant._id] ??= {})[field] = String(message);
  }
  return out;
}

/** Reload for conflicting rows: theirs replaces mine (deleted by them → row gone). */
export function takeTheirs(
  rows: readonly GridRow[],
  originals: Map<string, GridRow>,
  conflicts: readonly VariantConflict[],
): { rows: GridRow[]; originals: Map<string, GridRow> } {
  const byId = new Map(conflicts.map((c) => [c._id, c]));
  const nextOriginals = new Map(originals);
  const next: GridRow[] = [];
  for (const row of rows) {
    const c = byId.get(row._id);
    if (!c) next.push(row);
    else if (c.current) {
      const theirs = toGridRow(c.current);
      nextOriginals.set(theirs._id, theirs);
      next.push(theirs);
    } else nextOriginals.delete(row._id);
  }
  return { rows: next, originals: nextOriginals };
}

/**
 * Reload after someone else's save while we hold edits: fresh rows for everything we did not
 * touch; our edited / deleted rows are kept with their old versions (a save then reports the
 * real conflicts), our new rows stay at the end. Nothing of ours is lost.
 */
export function rebaseRows(
  rows: readonly GridRow[],
  originals: ReadonlyMap<string, GridRow>,
  fresh: readonly CatalogueVariant[],
): { rows: GridRow[]; originals: Map<string, GridRow> } {
  const mine = new Map(rows.map((r) => [r._id, r]));
  const freshRows = rowsFromVariants(fresh);
  const nextOriginals = new Map(freshRows.map((r) => [r._id, r]));
  const next: GridRow[] = [];
  for (const theirs of freshRows) {
    const my = mine.get(theirs._id);
    const status = my ? rowStatus(my, originals.get(my._id)) : null;
    if (my && status) {
      next.push(my);
      nextOriginals.set(my._id, originals.get(my._id)!);
    } else next.push(theirs);
  }
  const freshIds = new Set(freshRows.map((r) => r._id));
  for (const row of rows) {
    if (freshIds.has(row._id)) continue;
    if (isNewVariantId(row._id)) next.push(row);
    else if (rowStatus(row, originals.get(row._id)) === 'edited') {
      next.push(row);
      nextOriginals.set(row._id, originals.get(row._id)!);
    }
  }
  return { rows: next, originals: nextOriginals };
}

/** Labels for the conflict view and error list. */
export const FIELD_LABELS: Record<keyof SaveVariant | 'row', string> = {
  _id: 'Id',
  version: 'Version',
  part_number: 'Part Number',
  size: 'Size',
  actual_size: 'Actual Size',
  depth: 'Depth',
  odd_size: 'Odd-Size',
  odd_size_type: 'Odd-Size Type',
  min_area: 'Min Area',
  max_area: 'Max Area',
  out_of_stock: 'Out of Stock',
  merv: 'MERV',
  efficiency_class: 'Efficiency Class',
  list_price: 'List Price',
  display_order: 'Order',
  row: 'Row',
};

export function displayValue(field: keyof GridRow, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'list_price' && typeof value === 'number') return `$${value.toFixed(2)}`;
  return String(value);
}
