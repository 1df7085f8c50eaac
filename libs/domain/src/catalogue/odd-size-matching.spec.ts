import {
  matchesOddSizeVariant,
  normalizeOddSizeType,
  oddSizeCriteria,
  validateDimensionSearch,
  type OddSizeCriteria,
  type OddSizeSearch,
  type OddSizeVariantLike,
} from './odd-size';

function searchOf(width: string, height: string, depth: string, exact = false): OddSizeSearch {
  const r = validateDimensionSearch({ width, height, depth, useExactMeasurements: exact });
  if (!r.ok) throw new Error(r.error.message);
  return r.search;
}

const v = (over: Partial<OddSizeVariantLike>): OddSizeVariantLike => ({
  odd_size: true,
  odd_size_type: 'SINGLE',
  min_area: null,
  max_area: null,
  depth: 1,
  ...over,
});

// 20 × 24 × 1, not exact → 19.5 × 23.5, SINGLE, area 458.25, depth 0.875..1.125
const plain = searchOf('20', '24', '1');
// '20 1/2' × 24 × 1 → exact, 20.5 × 24, SINGLE, area 492, depth exactly 1
const exact = searchOf('20 1/2', '24', '1');

describe('matchesOddSizeVariant', () => {
  it.each<[string, OddSizeSearch, Partial<OddSizeVariantLike>, boolean]>([
    ['odd-size variant, no bounds', plain, {}, true],
    ['odd_size off', plain, { odd_size: false }, false],
    ['odd_size null', plain, { odd_size: null }, false],
    ['type mismatch', plain, { odd_size_type: 'DOUBLE' }, false],
    ['type empty', plain, { odd_size_type: '' }, false],
    ['type None', plain, { odd_size_type: 'None' }, false],
    ['type null', plain, { odd_size_type: null }, false],
    ['type in other case/spacing', plain, { odd_size_type: ' single ' }, true],
    // area bounds, each optional and inclusive (area 458.25)
    ['area = min', plain, { min_area: 458.25 }, true],
    ['area just below min', plain, { min_area: 458.26 }, false],
    ['area = max', plain, { max_area: 458.25 }, true],
    ['area just above max', plain, { max_area: 458.24 }, false],
    ['within both', plain, { min_area: 450, max_area: 600 }, true],
    ['numeric strings', plain, { min_area: '450.00', max_area: '600.00' }, true],
    ['empty-string bounds = no bound', plain, { min_area: '', max_area: '' }, true],
    ['outside band', plain, { min_area: 600, max_area: 750 }, false],
    ['only max, above', plain, { max_area: 300 }, false],
    // depth: within 0.125 inclusive when not exact
    ['depth 1.125 (not exact)', plain, { depth: 1.125 }, true],
    ['depth 0.875 (not exact)', plain, { depth: 0.875 }, true],
    ['depth 1.126 (not exact)', plain, { depth: 1.126 }, false],
    ['depth 0.874 (not exact)', plain, { depth: 0.874 }, false],
    ['depth 2 (not exact)', plain, { depth: 2 }, false],
    ['depth string', plain, { depth: '1.000' }, true],
    ['depth null', plain, { depth: null }, false],
    // depth: equal when exact
    ['exact depth 1', exact, { min_area: 450, max_area: 600 }, true],
    ['exact depth 1.125', exact, { depth: 1.125 }, false],
    ['exact depth 0.875', exact, { depth: 0.875 }, false],
    ['exact uses exact area 492', exact, { min_area: 492, max_area: 492 }, true],
    ['checkbox exact, depth 1.125', searchOf('20', '24', '1', true), { depth: 1.125 }, false],
  ])('%s → %p', (_label, search, variant, expected) => {
    expect(matchesOddSizeVariant(search, v(variant))).toBe(expected);
  });

  it.each<[string, string, string, boolean, 'SINGLE' | 'DOUBLE' | 'TRIPLE', number]>([
    ['20 1/2', '24', '1', false, 'SINGLE', 1],
    ['31', '40', '1', false, 'TRIPLE', 1],
    ['62', '30', '1', false, 'TRIPLE', 1],
    ['15', '22', '2', false, 'SINGLE', 2],
    ['20', '40', '2', false, 'DOUBLE', 2],
    ['31', '30', '4', false, 'DOUBLE', 4],
  ])('%p × %p × %p finds a %s variant of depth %p', (w, h, d, ex, type, depth) => {
    const s = searchOf(w, h, d, ex);
    expect(matchesOddSizeVariant(s, v({ odd_size_type: type, depth }))).toBe(true);
    for (const other of ['SINGLE', 'DOUBLE', 'TRIPLE'].filter((t) => t !== type)) {
      expect(matchesOddSizeVariant(s, v({ odd_size_type: other, depth }))).toBe(false);
    }
  });

  it('an invalid size type (TRIPLE at depth ≠ 1) matches nothing', () => {
    const s = searchOf('61', '20', '2');
    expect(s.sizeType).toBeNull();
    for (const t of ['SINGLE', 'DOUBLE', 'TRIPLE']) {
      expect(matchesOddSizeVariant(s, v({ odd_size_type: t, depth: 2 }))).toBe(false);
    }
    expect(oddSizeCriteria(s)).toBeNull();
  });

  describe('TRIPLE exclusion: depth ≠ 1 and both effective dimensions > 29.5', () => {
    const base: OddSizeSearch = {
      width: 31,
      height: 31,
      depth: 2,
      exact: false,
      exactForced: false,
      effectiveWidth: 30.5,
      effectiveHeight: 30.5,
      sizeType: 'TRIPLE',
      area: 930.25,
    };
    it.each<[string, Partial<OddSizeSearch>, number, boolean]>([
      ['depth 2, both > 29.5', {}, 2, false],
      ['depth 1, both > 29.5', { depth: 1 }, 1, true],
      ['depth 1.125, both > 29.5 (within tolerance of the variant)', { depth: 1.125 }, 1, false],
      ['depth 2, width exactly 29.5', { effectiveWidth: 29.5 }, 2, true],
      ['depth 2, one side > 59.5 only', { effectiveWidth: 60.5, effectiveHeight: 19.5 }, 2, true],
    ])('%s → %p', (_label, over, variantDepth, expected) => {
      const s = { ...base, ...over };
      expect(matchesOddSizeVariant(s, v({ odd_size_type: 'TRIPLE', depth: variantDepth }))).toBe(expected);
      expect(oddSizeCriteria(s) !== null).toBe(expected);
    });

    it('does not exclude DOUBLE or SINGLE variants', () => {
      const s = { ...base, sizeType: 'DOUBLE' as const };
      expect(matchesOddSizeVariant(s, v({ odd_size_type: 'DOUBLE', depth: 2 }))).toBe(true);
    });
  });
});

describe('oddSizeCriteria', () => {
  it.each<[OddSizeSearch, OddSizeCriteria]>([
    [plain, { oddSizeType: 'SINGLE', area: 458.25, depthMin: 0.875, depthMax: 1.125 }],
    [exact, { oddSizeType: 'SINGLE', area: 492, depthMin: 1, depthMax: 1 }],
    [searchOf('31', '40', '1'), { oddSizeType: 'TRIPLE', area: 1204.75, depthMin: 0.875, depthMax: 1.125 }],
    [searchOf('15', '22', '2'), { oddSizeType: 'SINGLE', area: 311.75, depthMin: 1.875, depthMax: 2.125 }],
  ])('%#', (search, criteria) => expect(oddSizeCriteria(search)).toEqual(criteria));

  /** What the API's SQL does with the criteria. */
  const sql = (c: OddSizeCriteria | null, x: OddSizeVariantLike): boolean =>
    c !== null &&
    x.odd_size === true &&
    normalizeOddSizeType(x.odd_size_type) === c.oddSizeType &&
    (x.min_area === null || Number(x.min_area) <= c.area) &&
    (x.max_area === null || Number(x.max_area) >= c.area) &&
    x.depth !== null &&
    Number(x.depth) >= c.depthMin &&
    Number(x.depth) <= c.depthMax;

  it('agrees with matchesOddSizeVariant over a grid of searches and variants', () => {
    const dims = ['0.125', '1', '15', '20 1/2', '29.5', '30', '30.5', '31', '45', '59.5', '60', '61', '62'];
    const depths = ['1', '2', '4', '0.75', '1 1/8'];
    const variants: OddSizeVariantLike[] = [];
    for (const t of ['SINGLE', 'DOUBLE', 'TRIPLE', '', 'None'])
      for (const [min, max] of [
        [null, null],
        [null, 500],
        [400, 900],
        [900, null],
        [1800, 2400],
      ] as const)
        for (const depth of [0.75, 0.875, 1, 1.125, 1.25, 2, 4])
          for (const odd of [true, false])
            variants.push(v({ odd_size: odd, odd_size_type: t, min_area: min, max_area: max, depth }));
    const mismatches: string[] = [];
    let checked = 0;
    let matched = 0;
    for (const w of dims)
      for (const h of dims)
        for (const d of depths)
          for (const ex of [false, true]) {
            const r = validateDimensionSearch({
              width: w,
              height: h,
              depth: d,
              useExactMeasurements: ex,
            });
            if (!r.ok) continue;
            const c = oddSizeCriteria(r.search);
            for (const x of variants) {
              const m = matchesOddSizeVariant(r.search, x);
              if (sql(c, x) !== m) mismatches.push(`${w} x ${h} x ${d} exact=${ex}: ${JSON.stringify(x)}`);
              checked += 1;
              if (m) matched += 1;
            }
          }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(100000);
    expect(matched).toBeGreaterThan(1000);
  });
});
