import { VARIANT_MSG, validateVariantBatch, validateVariantRow, type VariantInput } from './variant-rules';

describe('variant rules', () => {
  const standard = { part_number: 'A-1', size: '16x25x1', actual_size: '15.5x24.5x0.75', depth: 1, list_price: 12.5 };
  const odd = {
    part_number: 'O-1',
    odd_size: true,
    odd_size_type: 'double',
    min_area: '100',
    max_area: 900,
    depth: '2',
    list_price: '9.99',
  };

  it.each([
    ['standard row', standard, {}],
    ['odd-size row (type any case)', odd, {}],
    ['blank part number', { ...standard, part_number: ' ' }, { part_number: VARIANT_MSG.partNumberRequired }],
    ['standard without size', { ...standard, size: '' }, { size: VARIANT_MSG.sizeRequired }],
    [
      'standard with areas/type',
      { ...standard, min_area: 1, odd_size_type: 'SINGLE' },
      { min_area: VARIANT_MSG.areaMustBeEmpty, odd_size_type: VARIANT_MSG.oddTypeMustBeEmpty },
    ],
    [
      'odd with sizes, no type',
      { ...odd, size: '1x1', actual_size: '1x1', odd_size_type: 'None' },
      {
        size: VARIANT_MSG.sizeMustBeEmpty,
        actual_size: VARIANT_MSG.actualSizeMustBeEmpty,
        odd_size_type: VARIANT_MSG.oddTypeRequired,
      },
    ],
    ['min > max', { ...odd, min_area: 10, max_area: 5 }, { min_area: VARIANT_MSG.minAboveMax }],
    [
      'negative / text numbers',
      { ...standard, depth: -1, list_price: 'abc' },
      { depth: VARIANT_MSG.negative, list_price: VARIANT_MSG.priceInvalid },
    ],
    ['3-decimal price', { ...standard, list_price: 1.234 }, { list_price: VARIANT_MSG.priceInvalid }],
    ['missing price', { ...standard, list_price: undefined }, { list_price: VARIANT_MSG.priceRequired }],
  ])('%s', (_name, row, errors) => {
    expect(validateVariantRow(row).errors).toEqual(errors);
  });

  it('MERV is a whole number 1–16 or blank; the efficiency class at most 40 characters of one line', () => {
    for (const [merv, expected] of [
      [13, 13],
      ['13', 13],
      ['16.0', 16],
      [1, 1],
      ['', null],
      [null, null],
    ] as const) {
      expect(validateVariantRow({ ...odd, merv }).value?.merv).toBe(expected);
    }
    for (const merv of [0, 17, '17', 13.5, 'MERV 13', '-1', true]) {
      expect(validateVariantRow({ ...odd, merv }).errors).toEqual({ merv: 'MERV must be a whole number from 1 to 16' });
    }
    expect(validateVariantRow({ ...odd, efficiency_class: ' ePM1 50% ' }).value?.efficiency_class).toBe('ePM1 50%');
    expect(validateVariantRow({ ...odd, efficiency_class: 'x'.repeat(41) }).errors).toEqual({
      efficiency_class: 'Efficiency class must be at most 40 characters',
    });
    expect(Object.keys(validateVariantRow({ ...odd, efficiency_class: 'a\u202eb' }).errors)).toEqual([
      'efficiency_class',
    ]);
  });

  it('normalises to storage units', () => {
    expect(validateVariantRow(odd).value).toEqual({
      part_number: 'O-1',
      size: '',
      actual_size: '',
      depth: '2',
      odd_size: true,
      odd_size_type: 'DOUBLE',
      min_area: '100',
      max_area: '900',
      out_of_stock: false,
      list_price_cents: 999,
      merv: null,
      efficiency_class: null,
    });
    // float noise from a JS client (0.30000000000000004) is not a third decimal
    expect(validateVariantRow({ ...standard, list_price: 0.1 + 0.2 }).value?.list_price_cents).toBe(30);
    expect(
      validateVariantRow({ ...standard, list_price: undefined }, { defaultPriceCents: 500 }).value?.list_price_cents,
    ).toBe(500);
  });

  it('flags duplicate part numbers inside a batch, case-insensitively', () => {
    const { errors } = validateVariantBatch([
      standard,
      { ...standard, part_number: 'a-1' },
      { ...standard, part_number: 'B' },
    ]);
    expect(errors).toEqual({
      '0.part_number': VARIANT_MSG.partNumberDuplicateInBatch,
      '1.part_number': VARIANT_MSG.partNumberDuplicateInBatch,
    });
  });
});

describe('variant numbers, price fields and unknown fields', () => {
  const row = { part_number: 'N-1', size: '16x25x1', actual_size: '', depth: 1, list_price: 10 };

  it.each([
    ['display_order', 2147483648],
    ['display_order', 1.5],
    ['display_order', -1],
    ['version', 0],
    ['version', 2 ** 31],
    ['depth', 2 ** 63],
    ['depth', 100.00001],
    ['depth', '0.00001'],
  ])('%s = %p is refused with a message naming the field', (field, value) => {
    const { value: v, errors } = validateVariantRow({ ...row, [field]: value });
    expect(v).toBeNull();
    expect(errors[field]).toMatch(/must be a (whole )?number/i);
  });

  it('accepts the edges of each range exactly', () => {
    const r = validateVariantRow({ ...row, display_order: 2147483647, version: 2147483647, depth: '100.0000' });
    expect(r.errors).toEqual({});
    expect(r.value!.depth).toBe('100.0000');
  });

  it('customer_price is the price; a disagreeing list_price is reported for the caller to resolve', () => {
    expect(validateVariantRow({ ...row, list_price: undefined, customer_price: '12.34' }).value!.list_price_cents).toBe(
      1234,
    );
    const both = validateVariantRow({ ...row, list_price: 10, customer_price: 12 });
    expect(both.value!.list_price_cents).toBe(1200);
    expect(both.priceConflict).toEqual({ customerCents: 1200, listCents: 1000 });
    expect(validateVariantRow({ ...row, list_price: 10, customer_price: '10.00' }).priceConflict).toBeUndefined();
    expect(validateVariantRow({ ...row, customer_price: 'abc' }).errors).toEqual({
      customer_price: VARIANT_MSG.priceInvalid,
    });
  });

  it('unknown fields are named per row in a batch', () => {
    const { errors } = validateVariantBatch([row, { ...row, part_number: 'N-2', colour: 'red' } as VariantInput]);
    expect(errors).toEqual({ '1.colour': VARIANT_MSG.unknownField });
  });

  it('part numbers and sizes with control characters are refused', () => {
    expect(Object.keys(validateVariantRow({ ...row, part_number: 'A\u202E1', size: '1x1\n' }).errors).sort()).toEqual([
      'part_number',
    ]);
    expect(Object.keys(validateVariantRow({ ...row, size: '16x\u000725x1' }).errors)).toEqual(['size']);
  });
});
