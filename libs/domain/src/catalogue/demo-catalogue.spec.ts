/**
 * Checks the demo-catalogue generator in scripts/src/catalogue (a pure function) against the
 * domain rules. Lives here because the `libs` jest project only runs libs/*\/src specs.
 */
import {
  allProducts,
  countVariants,
  generateDemoCatalogue,
  generateLargeCatalogue,
  type DemoCatalogue,
  type DemoProduct,
} from '../../../../scripts/src/catalogue/demo-catalogue';
import { CATEGORY_ORDER, isDimensionPanelHidden } from './categories';
import { matchesOddSizeVariant, validateDimensionSearch, type OddSizeSearch } from './odd-size';

const demo = generateDemoCatalogue();
const products = allProducts(demo);
const variants = products.flatMap((p) => p.variants);

function search(width: string, height: string, depth: string, exact = false): OddSizeSearch {
  const r = validateDimensionSearch({ width, height, depth, useExactMeasurements: exact });
  if (!r.ok) throw new Error(r.error.message);
  return r.search;
}

const matches = (p: DemoProduct, s: OddSizeSearch) => p.variants.filter((v) => matchesOddSizeVariant(s, v));

const partNumbers = (c: DemoCatalogue) => allProducts(c).flatMap((p) => p.variants.map((v) => v.part_number));

describe('demo catalogue', () => {
  it('is deterministic', () => {
    expect(generateDemoCatalogue()).toEqual(demo);
  });

  it('has the spec categories plus Polyroll and one more', () => {
    const names = demo.categories.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([...CATEGORY_ORDER, 'Polyroll', 'HEPA']));
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(new Set(demo.categories.map((c) => c.key)).size).toBe(names.length);
  });

  it('has categories with sub-categories and categories holding products directly', () => {
    const merv10 = demo.categories.find((c) => c.name === 'MERV 10')!;
    expect(merv10.subcategories.map((s) => s.name)).toEqual(['1"', '2"', '4"']);
    expect(merv10.products).toEqual([]);
    const rigid = demo.categories.find((c) => c.name === 'Rigid Flow')!;
    expect(rigid.subcategories).toEqual([]);
    expect(rigid.products.length).toBeGreaterThan(0);
    for (const c of demo.categories) {
      expect(c.subcategories.length + c.products.length).toBeGreaterThan(0);
      for (const s of c.subcategories) expect(s.products.length).toBeGreaterThan(0);
    }
  });

  it('has an SVG image with the category name for every category', () => {
    for (const c of demo.categories) {
      expect(c.image.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(c.image.endsWith('</svg>')).toBe(true);
      expect(c.image).toContain(`>${c.name}</text>`);
    }
  });

  it('has at least 2,000 variants with unique part numbers and unique keys', () => {
    expect(variants.length).toBeGreaterThanOrEqual(2000);
    expect(countVariants(demo)).toBe(variants.length);
    expect(new Set(variants.map((v) => v.part_number)).size).toBe(variants.length);
    expect(new Set(products.map((p) => p.key)).size).toBe(products.length);
    const subKeys = demo.categories.flatMap((c) => c.subcategories.map((s) => s.key));
    expect(new Set(subKeys).size).toBe(subKeys.length);
  });

  it('has integer-cent list prices, display order from 1 and ~3% out of stock', () => {
    for (const p of products) {
      expect(p.variants.length).toBeGreaterThan(0);
      p.variants.forEach((v, i) => {
        expect(Number.isSafeInteger(v.list_price_cents)).toBe(true);
        expect(v.list_price_cents).toBeGreaterThan(0);
        expect(v.display_order).toBe(i + 1);
      });
    }
    const out = variants.filter((v) => v.out_of_stock).length / variants.length;
    expect(out).toBeGreaterThan(0.01);
    expect(out).toBeLessThan(0.06);
  });

  it('uses standard nominal sizes with their actual sizes', () => {
    const byPn = new Map(variants.map((v) => [v.part_number, v]));
    expect(byPn.get('M10-16251')).toMatchObject({
      size: '16x25x1',
      actual_size: '15.5 x 24.5 x 0.75',
      depth: 1,
      odd_size: false,
    });
    expect(byPn.get('M13-20202')).toMatchObject({
      size: '20x20x2',
      actual_size: '19.5 x 19.5 x 1.75',
      depth: 2,
    });
    expect(byPn.get('M10HC-20254')).toMatchObject({
      size: '20x25x4',
      actual_size: '19.5 x 24.5 x 3.75',
      depth: 4,
    });
    for (const v of variants.filter((x) => !x.odd_size)) {
      expect(v.size).not.toBe('');
      expect(v.odd_size_type).toBe('');
      expect(v.min_area).toBeNull();
      expect(v.max_area).toBeNull();
    }
  });

  it('has odd-size variants of every type with empty sizes, TRIPLE only at depth 1', () => {
    const odd = variants.filter((v) => v.odd_size);
    expect(new Set(odd.map((v) => v.odd_size_type))).toEqual(new Set(['SINGLE', 'DOUBLE', 'TRIPLE']));
    for (const v of odd) {
      expect(v.size).toBe('');
      expect(v.actual_size).toBe('');
      if (v.odd_size_type === 'TRIPLE') expect(v.depth).toBe(1);
      expect(v.min_area === null || v.max_area === null || v.min_area < v.max_area).toBe(true);
    }
    expect(odd.some((v) => v.min_area === null)).toBe(true);
    expect(odd.some((v) => v.max_area === null)).toBe(true);
  });

  it('has no odd-size variants in categories whose dimension panel is hidden', () => {
    for (const c of demo.categories.filter((x) => isDimensionPanelHidden(x.name))) {
      const ps = [...c.products, ...c.subcategories.flatMap((s) => s.products)];
      expect(ps.flatMap((p) => p.variants).some((v) => v.odd_size)).toBe(false);
    }
  });

  it.each<[string, string, string, boolean, string]>([
    ['20 1/2', '24', '1', false, 'M10-OS-S1-04'],
    ['31', '40', '1', false, 'M10-OS-T1-02'],
    ['62', '30', '1', false, 'M10-OS-T1-03'],
    ['20', '40', '1', false, 'M10-OS-D1-02'],
    ['10', '12', '1', true, 'M10-OS-S1-01'],
    ['90', '90', '1', false, 'M10-OS-T1-05'],
  ])('odd-size search %p × %p × %p (exact %p) finds %p in MERV 10 1"', (w, h, d, ex, pn) => {
    const p = demo.categories[0].subcategories[0].products[0];
    expect(matches(p, search(w, h, d, ex)).map((v) => v.part_number)).toEqual([pn]);
  });

  it.each<[string, string, string, string]>([
    ['15', '22', '2', 'M10-OS-S2-03'],
    ['31', '30', '4', 'M10-OS-D4-02'], // 30.5 × 29.5 = 899.75,
  ])('odd-size search %p × %p × %p finds %p', (w, h, d, pn) => {
    const hits = products.flatMap((p) => matches(p, search(w, h, d)));
    expect(hits.map((v) => v.part_number)).toContain(pn);
  });

  it('every valid odd-size search finds a variant in every pleated product of that depth', () => {
    const oddProducts = products.filter((p) => p.variants.some((v) => v.odd_size));
    expect(oddProducts.length).toBeGreaterThanOrEqual(20);
    const dims = ['1', '5', '12', '20 1/2', '29', '29.5', '30', '30.5', '31', '45', '59.5', '60', '61', '75', '100'];
    let searches = 0;
    for (const p of oddProducts) {
      const depth = String(p.variants.find((v) => v.odd_size)!.depth);
      for (const w of dims)
        for (const h of dims)
          for (const ex of [false, true]) {
            const r = validateDimensionSearch({
              width: w,
              height: h,
              depth,
              useExactMeasurements: ex,
            });
            if (!r.ok || r.search.sizeType === null) continue;
            searches += 1;
            if (matches(p, r.search).length === 0) throw new Error(`${p.key}: no match for ${w} x ${h} x ${depth}`);
          }
    }
    expect(searches).toBeGreaterThan(5000);
  });
});

describe('large catalogue', () => {
  it.each([[0], [1], [1500], [5000]])('has exactly %p variants', (n) => {
    const c = generateLargeCatalogue(n);
    expect(countVariants(c)).toBe(n);
    expect(c.categories.map((x) => x.name)).toEqual(demo.categories.map((x) => x.name));
  });

  it('defaults to 100,000 variants with unique part numbers and product keys, deterministically', () => {
    const c = generateLargeCatalogue();
    const pns = partNumbers(c);
    expect(pns.length).toBe(100000);
    expect(new Set(pns).size).toBe(100000);
    const keys = allProducts(c).map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(allProducts(c).every((p) => p.variants.length > 0)).toBe(true);
    expect(partNumbers(generateLargeCatalogue())).toEqual(pns);
    expect(pns.slice(0, 3)).toEqual(partNumbers(demo).slice(0, 3));
  });
});
