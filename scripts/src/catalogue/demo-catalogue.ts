/**
 * Deterministic, pure generator of the demo catalogue (no DB, no I/O): the spec's eight
 * categories plus Polyroll and HEPA, sub-categories by depth for the pleated lines, realistic
 * products, > 2,000 variants with standard nominal/actual sizes, unique part numbers, integer
 * cent list prices, ~3 % out of stock and odd-size variants (SINGLE/DOUBLE/TRIPLE area bands)
 * so that realistic odd-size searches find something. `generateLargeCatalogue` repeats the
 * product lines as numbered series for benchmarks (same shape, exact variant count).
 */
import { categoryImageSvg, type FilterStyle, type ImagePalette } from './category-image';
import {
  boxSizes,
  finalize,
  fmt,
  pairs,
  pleatedCategory,
  product,
  slug,
  standardVariants,
  triples,
  type DemoCatalogue,
  type DemoProduct,
  type Line,
} from './demo-parts';

export * from './demo-parts';

interface CategoryDef {
  name: string;
  style: FilterStyle;
  palette: ImagePalette;
  /** Sub-categories by name, or null when products sit directly in the category. */
  build: (
    prefix: string,
    nameSuffix: string,
  ) => { subcategories: [string, DemoProduct[]][] | null; products: DemoProduct[] };
}

const PLEAT_RATE: Record<number, [number, number]> = { 1: [450, 2], 2: [700, 2.5], 4: [1500, 3.5] };

const palette = (background: string, frame: string, media: string): ImagePalette => ({
  background,
  frame,
  media,
});

const CATEGORIES: CategoryDef[] = [
  {
    name: 'MERV 10',
    style: 'pleat',
    palette: palette('#eef5fb', '#1f4e79', '#5b9bd5'),
    build: pleatedCategory(
      'MERV 10',
      [1, 2, 4],
      [
        { name: 'MERV 10 Pleated Filter {d}', code: 'M10', factor: 100 },
        { name: 'MERV 10 Pleated Filter {d}, Die-Cut Frame', code: 'M10D', factor: 115 },
        { name: 'MERV 10 Antimicrobial Pleated Filter {d}', code: 'M10A', factor: 125 },
      ],
      PLEAT_RATE,
    ),
  },
  {
    name: 'MERV 10 HC',
    style: 'dense',
    palette: palette('#eef7f1', '#1e5631', '#4caf50'),
    build: pleatedCategory(
      'MERV 10 HC',
      [1, 2, 4],
      [
        { name: 'MERV 10 High Capacity Pleated Filter {d}', code: 'M10HC', factor: 130 },
        {
          name: 'MERV 10 High Capacity Pleated Filter {d}, Die-Cut Frame',
          code: 'M10HD',
          factor: 145,
        },
      ],
      PLEAT_RATE,
    ),
  },
  {
    name: 'MERV 13',
    style: 'dense',
    palette: palette('#f3effa', '#4b2c7f', '#8e6cc7'),
    build: pleatedCategory(
      'MERV 13',
      [1, 2, 4],
      [
        { name: 'MERV 13 Pleated Filter {d}', code: 'M13', factor: 140 },
        { name: 'MERV 13 Pleated Filter {d}, Die-Cut Frame', code: 'M13D', factor: 155 },
        { name: 'MERV 13 Antimicrobial Pleated Filter {d}', code: 'M13A', factor: 165 },
      ],
      PLEAT_RATE,
    ),
  },
  {
    name: 'Carbon',
    style: 'carbon',
    palette: palette('#f1f1f1', '#333333', '#6d6d6d'),
    build: pleatedCategory(
      'Carbon',
      [1, 2],
      [
        { name: 'Activated Carbon Pleated Filter {d}', code: 'CB', factor: 180 },
        { name: 'Heavy Carbon Odor Control Filter {d}', code: 'CBH', factor: 230 },
      ],
      PLEAT_RATE,
    ),
  },
  {
    name: 'Rigid Flow',
    style: 'vbank',
    palette: palette('#fdf3e7', '#8a4b08', '#e69138'),
    build: (prefix, suffix) => {
      const dims = triples(
        '12x12x12 12x24x12 16x20x12 20x20x12 20x24x12 24x20x12 24x24x12 12x24x6 ' + '20x24x6 24x24x6',
      );
      const sizes = boxSizes(dims, (d) => (d === 12 ? 11.5 : 5.875));
      const lines: Line[] = [
        { name: 'Rigid Flow MERV 11 Box Filter, Single Header', code: 'RF11S', factor: 100 },
        { name: 'Rigid Flow MERV 14 Box Filter, Single Header', code: 'RF14S', factor: 120 },
        { name: 'Rigid Flow MERV 14 Box Filter, Headerless', code: 'RF14H', factor: 115 },
        { name: 'Rigid Flow MERV 15 Box Filter, Single Header', code: 'RF15S', factor: 135 },
      ];
      return {
        subcategories: null,
        products: lines.map((l) =>
          product('rigid-flow', '', l, finalize(standardVariants(l, sizes, 3500, 9, prefix)), prefix, suffix),
        ),
      };
    },
  },
  {
    name: 'Minipro',
    style: 'dense',
    palette: palette('#e8f6f8', '#0b5563', '#2aa7b8'),
    build: (prefix, suffix) => {
      const faces = pairs(
        '12x12 12x24 16x16 16x20 16x24 16x25 18x20 18x24 18x25 20x20 20x24 ' + '20x25 20x30 24x24 24x30 25x25',
      );
      const sizes = (d: number) =>
        faces.map(([w, h]) => ({
          size: `${w}x${h}x${d}`,
          actual: `${fmt(w - 0.5)} x ${fmt(h - 0.5)} x ${fmt(d - 0.25)}`,
          depth: d,
          pn: `${w}${h}${d}`,
          area: w * h,
        }));
      const lines: [Line, number][] = [
        [{ name: 'Minipro MERV 11 Mini-Pleat 4"', code: 'MP11', factor: 100 }, 4],
        [{ name: 'Minipro MERV 13 Mini-Pleat 4"', code: 'MP13', factor: 115 }, 4],
        [{ name: 'Minipro MERV 14 Mini-Pleat 4"', code: 'MP14', factor: 130 }, 4],
        [{ name: 'Minipro MERV 13 Mini-Pleat 2"', code: 'MP13', factor: 95 }, 2],
      ];
      return {
        subcategories: null,
        products: lines.map(([l, d]) =>
          product('minipro', `${d}in`, l, finalize(standardVariants(l, sizes(d), 2200, 6, prefix)), prefix, suffix),
        ),
      };
    },
  },
  {
    name: 'Bag Filters',
    style: 'pocket',
    palette: palette('#fbeff3', '#7b1f45', '#d16b93'),
    build: (prefix, suffix) => {
      const faces = pairs('12x24 16x20 20x20 20x24 24x12 24x20 24x24');
      const pockets = (w: number) => (w >= 24 ? 8 : w >= 20 ? 6 : w >= 16 ? 5 : 4);
      const grades: [string, string, number][] = [
        ['MERV 11 (65%)', 'BF11', 100],
        ['MERV 13 (85%)', 'BF13', 120],
        ['MERV 14 (95%)', 'BF14', 140],
      ];
      return {
        products: [],
        subcategories: grades.map(([sub, code, factor]): [string, DemoProduct[]] => [
          sub,
          [15, 22, 30].map((d) => {
            const l = { name: `${sub.split(' (')[0]} Bag Filter, ${d}" Pockets`, code, factor };
            const sizes = boxSizes(
              faces.map(([w, h]) => [w, h, d] as const),
              (x) => x - 1,
            ).map((s, i) => ({
              ...s,
              size: `${s.size} (${pockets(faces[i][0])} pockets)`,
            }));
            return product(
              'bag-filters',
              sub,
              { ...l, code: `${code}-${d}` },
              finalize(standardVariants(l, sizes, 1800, 5 + d / 10, prefix)),
              prefix,
              suffix,
            );
          }),
        ]),
      };
    },
  },
  {
    name: 'V-Cells',
    style: 'vbank',
    palette: palette('#eef1f8', '#2f3e6b', '#7a8cc4'),
    build: (prefix, suffix) => {
      const dims = triples('12x24x12 20x20x12 20x24x12 24x12x12 24x20x12 24x24x12');
      const sizes = boxSizes(dims, () => 11.5, ' single header');
      const lines: Line[] = [
        { name: 'V-Cell MERV 14 Filter', code: 'VC14', factor: 100 },
        { name: 'V-Cell MERV 15 Filter', code: 'VC15', factor: 115 },
        { name: 'V-Cell MERV 16 Filter', code: 'VC16', factor: 130 },
        { name: 'V-Cell Carbon / MERV 13 Filter', code: 'VCC', factor: 160 },
      ];
      return {
        subcategories: null,
        products: lines.map((l) =>
          product('v-cells', '', l, finalize(standardVariants(l, sizes, 6500, 12, prefix)), prefix, suffix),
        ),
      };
    },
  },
  {
    name: 'Polyroll',
    style: 'roll',
    palette: palette('#f5f9ec', '#4f6b14', '#9bc53d'),
    build: (prefix, suffix) => {
      const widths = [12, 15, 16, 18, 20, 24, 25, 30, 36, 45, 48, 60, 72];
      const lines: [Line, number][] = [
        [{ name: 'Polyroll Blue/White Polyester Media 1"', code: 'PR1', factor: 100 }, 1],
        [{ name: 'Polyroll Tackified Polyester Media 2"', code: 'PR2', factor: 130 }, 2],
        [{ name: 'Polyroll Paint Arrestor Media 2 1/2"', code: 'PRA', factor: 150 }, 2.5],
        [{ name: 'Polyroll Pad Media 1/2"', code: 'PRP', factor: 70 }, 0.5],
      ];
      return {
        subcategories: null,
        products: lines.map(([l, d]) => {
          const sizes = widths.map((w) => ({
            size: `${w}" x 90'`,
            actual: '',
            depth: d,
            pn: `${w}90`,
            area: w * 1080,
          }));
          return product('polyroll', '', l, finalize(standardVariants(l, sizes, 900, 0.35, prefix)), prefix, suffix);
        }),
      };
    },
  },
  {
    name: 'HEPA',
    style: 'dense',
    palette: palette('#f7f7fb', '#303a52', '#9aa5c4'),
    build: (prefix, suffix) => {
      const dims = triples('12x12x6 12x24x6 24x24x6 12x12x12 12x24x12 24x24x12 24x30x12 24x36x12');
      const sizes = boxSizes(dims, (d) => (d === 12 ? 11.5 : 5.875));
      const lines: Line[] = [
        { name: 'HEPA 99.97% Box Filter', code: 'HP97', factor: 100 },
        { name: 'HEPA 99.99% Mini-Pleat Filter', code: 'HP99', factor: 125 },
        { name: 'ULPA 99.999% Filter', code: 'UL', factor: 170 },
      ];
      return {
        subcategories: null,
        products: lines.map((l) =>
          product('hepa', '', l, finalize(standardVariants(l, sizes, 9500, 30, prefix)), prefix, suffix),
        ),
      };
    },
  },
];

function buildSeries(series: number): DemoCatalogue {
  const prefix = series === 0 ? '' : `S${series}-`;
  const suffix = series === 0 ? '' : ` (Series ${series})`;
  return {
    categories: CATEGORIES.map((def) => {
      const key = slug(def.name);
      const built = def.build(prefix, suffix);
      return {
        key,
        name: def.name,
        image: categoryImageSvg(def.name, def.style, def.palette),
        subcategories: (built.subcategories ?? []).map(([name, products]) => ({
          key: `${key}-${slug(name)}`,
          name,
          products,
        })),
        products: built.products,
      };
    }),
  };
}

/** The demo catalogue (deterministic; every call returns an equal, fresh object). */
export function generateDemoCatalogue(): DemoCatalogue {
  return buildSeries(0);
}

/** All products of a catalogue, sub-category products first within each category. */
export function allProducts(catalogue: DemoCatalogue): DemoProduct[] {
  return catalogue.categories.flatMap((c) => [...c.subcategories.flatMap((s) => s.products), ...c.products]);
}

export function countVariants(catalogue: DemoCatalogue): number {
  return allProducts(catalogue).reduce((n, p) => n + p.variants.length, 0);
}

/**
 * A catalogue of exactly `targetVariants` variants for benchmarks: the demo product lines
 * repeated as numbered series ('S2-M10-16251', '… (Series 2)'), the last product truncated.
 */
export function generateLargeCatalogue(targetVariants = 100000): DemoCatalogue {
  const result = buildSeries(0);
  let remaining = targetVariants;
  const take = (products: DemoProduct[]): DemoProduct[] => {
    const kept: DemoProduct[] = [];
    for (const p of products) {
      if (remaining <= 0) break;
      const variants = p.variants.slice(0, remaining);
      remaining -= variants.length;
      kept.push({ ...p, variants });
    }
    return kept;
  };
  for (const c of result.categories) {
    for (const s of c.subcategories) s.products = [];
    c.products = [];
  }
  for (let series = 0; remaining > 0; series += 1) {
    const next = buildSeries(series);
    next.categories.forEach((c, ci) => {
      const target = result.categories[ci];
      c.subcategories.forEach((s, si) => target.subcategories[si].products.push(...take(s.products)));
      target.products.push(...take(c.products));
    });
  }
  return result;
}
