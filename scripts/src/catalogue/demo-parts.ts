/**
 * Building blocks of the demo catalogue: output types, standard sizes, odd-size area bands,
 * part numbers, deterministic prices and stock flags. Pure, no I/O.
 */
export type DemoOddSizeType = 'SINGLE' | 'DOUBLE' | 'TRIPLE' | '';

export interface DemoVariant {
  part_number: string;
  /** Nominal size, e.g. '16x25x1'; '' for odd-size variants. */
  size: string;
  /** Actual size, e.g. '15.5 x 24.5 x 0.75'; '' for odd-size variants. */
  actual_size: string;
  /** Nominal depth in inches. */
  depth: number;
  odd_size: boolean;
  odd_size_type: DemoOddSizeType;
  min_area: number | null;
  max_area: number | null;
  out_of_stock: boolean;
  list_price_cents: number;
  /** 1-based position within the product. */
  display_order: number;
}

export interface DemoProduct {
  key: string;
  name: string;
  variants: DemoVariant[];
}

export interface DemoSubcategory {
  key: string;
  name: string;
  products: DemoProduct[];
}

export interface DemoCategory {
  key: string;
  name: string;
  /** SVG markup. */
  image: string;
  subcategories: DemoSubcategory[];
  /** Products held directly by the category (categories without sub-categories). */
  products: DemoProduct[];
}

export interface DemoCatalogue {
  categories: DemoCategory[];
}

/** '10x10 12x24' → [[10, 10], [12, 24]]. */
export const pairs = (list: string): [number, number][] =>
  list.split(/\s+/).map((s) => s.split('x').map(Number) as [number, number]);

/** '12x24x12 24x24x6' → [[12, 24, 12], [24, 24, 6]]. */
export const triples = (list: string): [number, number, number][] =>
  list.split(/\s+/).map((s) => s.split('x').map(Number) as [number, number, number]);

/** Common nominal sizes (inches, width × height) of pleated panel filters. */
export const PLEATED_SIZES: ReadonlyArray<readonly [number, number]> = pairs(
  '10x10 10x14 10x16 10x18 10x20 10x24 10x25 10x30 12x12 12x14 12x16 ' +
    '12x18 12x20 12x22 12x24 12x25 12x30 12x36 14x14 14x18 14x20 14x24 ' +
    '14x25 14x30 14x36 15x15 15x20 15x25 15x30 16x16 16x18 16x20 16x22 ' +
    '16x24 16x25 16x30 16x36 18x18 18x20 18x22 18x24 18x25 18x30 18x36 ' +
    '20x20 20x22 20x24 20x25 20x30 20x36 22x22 22x24 24x24 24x30 24x36 ' +
    '25x25 25x28 28x30 30x30 30x36',
);

/** Actual depth of a pleated panel by nominal depth: 1" → 0.75, 2" → 1.75, 4" → 3.75. */
export const PLEATED_ACTUAL_DEPTH: Readonly<Record<number, number>> = { 1: 0.75, 2: 1.75, 4: 3.75 };

type Band = readonly [number | null, number | null];

/** Area bands (square inches of the effective size) of odd-size variants per type. */
export const ODD_SIZE_BANDS: Readonly<Record<'SINGLE' | 'DOUBLE' | 'TRIPLE', readonly Band[]>> = {
  // both sides ≤ 29.5 → area ≤ 870.25
  SINGLE: [
    [null, 150],
    [150, 300],
    [300, 450],
    [450, 600],
    [600, 750],
    [750, 870.25],
  ],
  // one side ≤ 29.5, the other ≤ 59.5 → area ≤ 1755.25
  DOUBLE: [
    [null, 600],
    [600, 900],
    [900, 1200],
    [1200, 1500],
    [1500, 1755.25],
  ],
  // both > 29.5 or one > 59.5 (depth 1 only); open-ended above
  TRIPLE: [
    [null, 1200],
    [1200, 1800],
    [1800, 2400],
    [2400, 3600],
    [3600, null],
  ],
};

/** FNV-1a 32-bit hash, used for deterministic "random" choices. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** ~3 % of part numbers are out of stock. */
const isOutOfStock = (partNumber: string): boolean => fnv1a(partNumber) % 100 < 3;

/** Integer cents ending in 9 ('$12.49'). */
const charmPrice = (cents: number): number => Math.max(99, Math.floor(cents / 10) * 10 + 9);

export const fmt = (n: number): string => String(Number(n.toFixed(3)));

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/"/g, 'in')
    .replace(/%/g, 'pct')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface Line {
  name: string;
  code: string;
  /** Price factor in percent. */
  factor: number;
}

export interface SizeSpec {
  size: string;
  actual: string;
  depth: number;
  /** Suffix of the part number after the product code. */
  pn: string;
  /** Square inches used for pricing. */
  area: number;
}

export function finalize(variants: Omit<DemoVariant, 'display_order'>[]): DemoVariant[] {
  return variants.map((v, i) => ({ ...v, display_order: i + 1 }));
}

export function standardVariants(
  line: Line,
  sizes: SizeSpec[],
  baseCents: number,
  centsPerSqIn: number,
  prefix: string,
) {
  return sizes.map((s) => {
    const part_number = `${prefix}${line.code}-${s.pn}`;
    return {
      part_number,
      size: s.size,
      actual_size: s.actual,
      depth: s.depth,
      odd_size: false,
      odd_size_type: '' as DemoOddSizeType,
      min_area: null,
      max_area: null,
      out_of_stock: isOutOfStock(part_number),
      list_price_cents: charmPrice(Math.round(((baseCents + s.area * centsPerSqIn) * line.factor) / 100)),
    };
  });
}

export function oddSizeVariants(line: Line, depth: number, centsPerSqIn: number, prefix: string) {
  const types = depth === 1 ? (['SINGLE', 'DOUBLE', 'TRIPLE'] as const) : (['SINGLE', 'DOUBLE'] as const);
  return types.flatMap((type) =>
    ODD_SIZE_BANDS[type].map(([min, max], i) => {
      const part_number = `${prefix}${line.code}-OS-${type[0]}${depth}-${String(i + 1).padStart(2, '0')}`;
      const pricedArea = max ?? (min ?? 0) * 1.5;
      return {
        part_number,
        size: '',
        actual_size: '',
        depth,
        odd_size: true,
        odd_size_type: type as DemoOddSizeType,
        min_area: min,
        max_area: max,
        out_of_stock: false,
        // custom-made: set-up charge plus a 60 % premium on the area rate
        list_price_cents: charmPrice(Math.round(((2500 + pricedArea * centsPerSqIn * 1.6) * line.factor) / 100)),
      };
    }),
  );
}

export const pleatedSizes = (depth: number): SizeSpec[] =>
  PLEATED_SIZES.map(([w, h]) => ({
    size: `${w}x${h}x${depth}`,
    actual: `${fmt(w - 0.5)} x ${fmt(h - 0.5)} x ${fmt(PLEATED_ACTUAL_DEPTH[depth])}`,
    depth,
    pn: `${w}${h}${depth}`,
    area: w * h,
  }));

/** Sizes of framed/box filters: actual face 5/8" under nominal, given actual depth. */
export const boxSizes = (
  dims: ReadonlyArray<readonly [number, number, number]>,
  actualDepth: (d: number) => number,
  suffix = '',
) =>
  dims.map(([w, h, d]) => ({
    size: `${w}x${h}x${d}${suffix}`,
    actual: `${fmt(w - 0.625)} x ${fmt(h - 0.625)} x ${fmt(actualDepth(d))}`,
    depth: d,
    pn: `${w}${h}${d}`,
    area: w * h,
  }));

export function product(
  categoryKey: string,
  sub: string,
  line: Line,
  variants: DemoVariant[],
  prefix: string,
  nameSuffix: string,
): DemoProduct {
  const key = [categoryKey, sub && slug(sub), slug(line.code), prefix && slug(prefix)].filter(Boolean).join('-');
  return { key, name: `${line.name}${nameSuffix}`, variants };
}

export function pleatedCategory(name: string, depths: number[], lines: Line[], rate: Record<number, [number, number]>) {
  return (prefix: string, nameSuffix: string) => ({
    products: [],
    subcategories: depths.map((depth): [string, DemoProduct[]] => {
      const sub = `${depth}"`;
      const [base, perSqIn] = rate[depth];
      return [
        sub,
        lines.map((line) => {
          const l = { ...line, name: line.name.replace('{d}', `${depth}"`) };
          const variants = [
            ...standardVariants(l, pleatedSizes(depth), base, perSqIn, prefix),
            ...oddSizeVariants(l, depth, perSqIn, prefix),
          ];
          return product(slug(name), sub, l, finalize(variants), prefix, nameSuffix);
        }),
      ];
    }),
  });
}
