import { VARIANT_MSG, validateVariantBatch, validateVariantRow } from './variant-rules';

describe('variant rules (spec §5 Grid)', () => {
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
