/**
 * The size grid of one product, as filter price sheets are printed: rows = width, columns = height,
 * each cell the variants of that nominal size. Sizes come from the variant's `size` ('20x25x1',
 * '20 1/2x25x2'); a variant whose size does not read as width × height (odd sizes) stays out of the
 * grid and is counted.
 */
import { parseDimension } from '@portal/domain';
import { sortVariants } from './format';
import type { DisplayVariant } from './types';

export interface SizeAxis {
  /** As written in the size ('20 1/2'). */
  label: string;
  value: number;
}

export interface SizeGridModel {
  widths: SizeAxis[];
  heights: SizeAxis[];
  /** `cells.get(width label)?.get(height label)` → the variants of that size, in display order. */
  cells: Map<string, Map<string, DisplayVariant[]>>;
  /** Variants without a width × height size. */
  outside: DisplayVariant[];
}

const SIZE_RE = /^\s*([^x×X]+?)\s*[x×X]\s*([^x×X]+?)(?:\s*[x×X]\s*(.+))?\s*$/;

/** '20x25x1' → { width: 20, height: 25 } with their labels; null when it is not a size. */
export function parseNominalSize(size: string | null | undefined): { width: SizeAxis; height: SizeAxis } | null {
  const m = SIZE_RE.exec(size ?? '');
  if (!m) return null;
  const w = parseDimension(m[1]);
  const h = parseDimension(m[2]);
  if (!w.ok || !h.ok || w.value <= 0 || h.value <= 0) return null;
  return { width: { label: m[1].trim(), value: w.value }, height: { label: m[2].trim(), value: h.value } };
}

function addAxis(axis: Map<string, SizeAxis>, a: SizeAxis): void {
  if (!axis.has(a.label)) axis.set(a.label, a);
}

const byValue = (a: SizeAxis, b: SizeAxis) => a.value - b.value || a.label.localeCompare(b.label);

export function sizeGrid(variants: readonly DisplayVariant[]): SizeGridModel {
  const widths = new Map<string, SizeAxis>();
  const heights = new Map<string, SizeAxis>();
  const cells = new Map<string, Map<string, DisplayVariant[]>>();
  const outside: DisplayVariant[] = [];
  for (const v of sortVariants(variants)) {
    const size = parseNominalSize(v.size);
    if (!size) {
      outside.push(v);
      continue;
    }
    addAxis(widths, size.width);
    addAxis(heights, size.height);
    const row = cells.get(size.width.label) ?? new Map<string, DisplayVariant[]>();
    cells.set(size.width.label, row);
    row.set(size.height.label, [...(row.get(size.height.label) ?? []), v]);
  }
  return {
    widths: [...widths.values()].sort(byValue),
    heights: [...heights.values()].sort(byValue),
    cells,
    outside,
  };
}
