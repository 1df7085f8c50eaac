import {
  centsToDecimalString,
  companyPriceCents,
  customerPriceCents,
  divRoundHalfUp,
  formatPrice,
  isValidMultiplier,
  exactMultiplierToPercentage,
  parseExactDecimal,
  parseMoneyToCents,
  percentageFieldForCategory,
  percentageForCategory,
  exactPercentageToMultiplier,
  Multiplier,
} from './pricing';

describe('customerPriceCents: list × percentage / 100, half-up, exact', () => {
  it.each<[number | bigint | string, number | string, number]>([
    [10000, '45.50', 4550],
    [10000, 45.5, 4550],
    [10000, '45.5', 4550],
    [10000, '100', 10000],
    [10000, '0', 0],
    [0, '45.50', 0],
    [1, '50', 1], // 0.5 → 1 (half-up)
    [1, '49.99', 0], // 0.4999 → 0
    [3, '50', 2], // 1.5 → 2
    [5, '50', 3], // 2.5 → 3 (not banker's 2)
    [1999, '50.00', 1000], // 999.5 → 1000
    [1234, '33.33', 411], // 411.2922 → 411
    [999, '45.55', 455], // 455.0445 → 455
    [12345, '67.89', 8381], // 8381.0205
    // Values where binary floats go wrong: Math.round(list * (pct / 100)) gives one cent less.
    [1000, '5.05', 51], // 50.5 → float 50.49999…
    [250, '8.20', 21], // 20.5 → float 20.49999…
    [100, '14.50', 15], // 14.5
    [1000, '9.95', 100], // 99.5
    [1000, 11.35, 114], // number input, 113.5
    [1000, '2.25', 23], // 22.5
    [1005, '10', 101], // 1.005-style: $10.05 × 10% = 100.5 cents → 101
    [30, '1.5', 0], // 0.45 → 0
    [10, '45.15', 5], // 4.515 → 5
    // 0.1 + 0.2-style: percentages whose binary form is inexact
    [300, '0.1', 0], // 0.3 → 0
    [500, '0.3', 2], // 1.5 → 2 (float 0.3 is 0.29999…)
    [10000000, '0.3', 30000],
    // more than two fraction digits, exponent, bigint and string cents
    [1000, '12.345', 123], // 123.45 → 123
    [1000, '12.355', 124], // 123.55 → 124
    [1000, '4.55e1', 455],
    [10n, '50', 5],
    ['12345', '50', 6173], // 6172.5 → 6173
    [9007199254740991, '100', 9007199254740991], // no precision loss at MAX_SAFE_INTEGER
    [9007199254740991, '99.99', 9006298534815517], // 9006298534815517.0991
  ])('%p cents × %p%% → %p', (list, pct, expected) => {
    expect(customerPriceCents(list, pct)).toBe(expected);
  });

  it('rounds negative values half away from zero', () => {
    expect(customerPriceCents(-5, '50')).toBe(-3);
    expect(customerPriceCents(-1, '49')).toBe(0);
  });

  it.each([[1.5], ['abc'], [Number.NaN]])('rejects non-integer or invalid cents %p', (cents) => {
    expect(() => customerPriceCents(cents as number, '50')).toThrow(RangeError);
  });

  it.each([['abc'], [''], [Number.POSITIVE_INFINITY], ['1.2.3'], ['.']])('rejects invalid percentage %p', (pct) => {
    expect(() => customerPriceCents(100, pct as string)).toThrow(RangeError);
  });
});

describe('parseExactDecimal / divRoundHalfUp', () => {
  it.each<[string | number, bigint, number]>([
    ['45.50', 4550n, 2],
    [' 45.50 ', 4550n, 2],
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    [0.1, 1n, 1],
    [0.30000000000000004, 30000000000000004n, 17],
    ['-1.25', -125n, 2],
    ['1e3', 1000n, 0],
    ['1.5e-2', 15n, 3],
  ])('%p → %p × 10^-%p', (input, digits, scale) => {
    expect(parseExactDecimal(input)).toEqual({ digits, scale });
  });

  it.each([['x'], [''], ['.'], ['1,000'], ['--1']])('%p → null', (input) => {
    expect(parseExactDecimal(input)).toBeNull();
  });

  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [7n, 3n, 2n],
    [-5n, 2n, -3n],
    [-7n, 3n, -2n],
  ])('%p / %p → %p', (n, d, q) => expect(divRoundHalfUp(n, d)).toBe(q));

  it('rejects a non-positive divisor', () => expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError));
});

describe('percentage for a category', () => {
  const company = {
    discount_percentage: '45.50',
    rigidflow_percentage: '60.00',
    minipro_percentage: 55.25,
    polyroll_percentage: '70',
  };
  it.each<[string, string, string | number]>([
    ['Rigid Flow', 'rigidflow_percentage', '60.00'],
    ['rigidflow', 'rigidflow_percentage', '60.00'],
    ['RIGID-FLOW', 'rigidflow_percentage', '60.00'],
    ['Minipro', 'minipro_percentage', 55.25],
    ['Mini-Pro', 'minipro_percentage', 55.25],
    ['mini pro', 'minipro_percentage', 55.25],
    ['MINI_PRO', 'minipro_percentage', 55.25],
    ['Polyroll', 'polyroll_percentage', '70'],
    ['Poly Roll', 'polyroll_percentage', '70'],
    ['MERV 10', 'discount_percentage', '45.50'],
    ['MERV 13', 'discount_percentage', '45.50'],
    ['Carbon', 'discount_percentage', '45.50'],
    ['Rigid Flow Plus', 'discount_percentage', '45.50'],
    ['', 'discount_percentage', '45.50'],
  ])('%p → %p', (name, field, value) => {
    expect(percentageFieldForCategory(name)).toBe(field);
    expect(percentageForCategory(name, company)).toBe(value);
  });

  it('falls back to discount_percentage when the product-line percentage is missing', () => {
    const c = { discount_percentage: 40, rigidflow_percentage: null, minipro_percentage: '' };
    expect(percentageForCategory('Rigid Flow', c)).toBe(40);
    expect(percentageForCategory('Minipro', c)).toBe(40);
    expect(percentageForCategory('Polyroll', c)).toBe(40);
  });

  it('throws when no percentage is available', () => {
    expect(() => percentageForCategory('MERV 10', { discount_percentage: null })).toThrow(RangeError);
  });

  it('companyPriceCents combines both', () => {
    expect(companyPriceCents(10000, 'Rigid Flow', company)).toBe(6000);
    expect(companyPriceCents(10000, 'Mini-Pro', company)).toBe(5525);
    expect(companyPriceCents(10000, 'Polyroll', company)).toBe(7000);
    expect(companyPriceCents(1999, 'MERV 10', company)).toBe(910); // 909.545 → 910
  });
});

describe('formatting and parsing money', () => {
  it.each<[number | bigint | string, string]>([
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [100000000, '$1,000,000.00'],
    [12345678901n, '$123,456,789.01'],
    ['4550', '$45.50'],
    [-123, '-$1.23'],
  ])('formatPrice(%p) = %p', (cents, text) => expect(formatPrice(cents)).toBe(text));

  it.each<[number, string]>([
    [123456, '1234.56'],
    [5, '0.05'],
    [-5, '-0.05'],
  ])('centsToDecimalString(%p) = %p', (cents, text) => expect(centsToDecimalString(cents)).toBe(text));

  it.each<[string | number | null, number | null]>([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    ['.5', 50],
    ['$1,234.56', 123456],
    [' 1.10 ', 110],
    [1.1, 110],
    [0.29, 29], // float 0.29 × 100 = 28.999999999999996
    [1.005, null], // three decimals are not cents
    ['12.345', null],
    ['abc', null],
    ['', null],
    ['-1', null],
    [null, null],
  ])('parseMoneyToCents(%p) = %p', (input, cents) => expect(parseMoneyToCents(input)).toBe(cents));
});

describe('multiplier display and input (percentage / 100, 4 decimals, step 0.0001)', () => {
  it.each<[string | number, string]>([
    ['45.50', '0.4550'],
    [45.5, '0.4550'],
    ['100', '1.0000'],
    ['0', '0.0000'],
    ['0.01', '0.0001'],
    ['57.35', '0.5735'],
    [33.33, '0.3333'],
    ['12.345', '0.1235'], // more than 2 digits: half-up to 4 decimals
  ])('exactPercentageToMultiplier(%p) = %p', (pct, m) => expect(exactPercentageToMultiplier(pct)).toBe(m));

  it.each<[string | number, string]>([
    [0.455, '45.50'],
    ['0.4550', '45.50'],
    [0.5735, '57.35'], // float 0.5735 × 100 = 57.349999…
    [0.0001, '0.01'],
    [1, '100.00'],
    [0, '0.00'],
    ['.07', '7.00'],
    [0.3, '30.00'],
  ])('exactMultiplierToPercentage(%p) = %p', (m, pct) => expect(exactMultiplierToPercentage(m)).toBe(pct));

  it.each<[unknown, boolean]>([
    [0, true],
    [1, true],
    ['0.4550', true],
    ['0.45500', true], // trailing zero is still on the step
    [0.12345, false],
    [0.1 + 0.2, false], // 0.30000000000000004 is off the 0.0001 step
    [1.0001, false],
    [-0.0001, false],
    ['', false],
    [null, false],
    ['abc', false],
  ])('isValidMultiplier(%p) = %p', (m, valid) => {
    expect(isValidMultiplier(m as string)).toBe(valid);
    if (!valid) expect(() => exactMultiplierToPercentage(m as string)).toThrow(RangeError);
  });

  it('round-trips every 2-decimal percentage', () => {
    for (const h of [...Array.from({ length: 1429 }, (_, i) => i * 7), 9999, 10000]) {
      const pct = `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;
      expect(exactMultiplierToPercentage(exactPercentageToMultiplier(pct))).toBe(pct);
      expect(exactMultiplierToPercentage(Number(exactPercentageToMultiplier(pct)))).toBe(pct);
    }
  });
});

describe('Multiplier: one value type for form, API and database', () => {
  it.each<[unknown, number | null]>([
    [0, 0],
    [1, 10000],
    ['0.4550', 4550],
    [0.4551, 4551],
    ['0.45500', 4550],
    [0.12345, null],
    [0.1 + 0.2, null],
    [1.0001, null],
    [-0.0001, null],
    ['', null],
    [null, null],
    ['abc', null],
  ])('fromMultiplier(%p) = %p', (raw, units) => expect(Multiplier.fromMultiplier(raw)).toBe(units));

  it.each<[unknown, number | null]>([
    ['45.50', 4550],
    [45.5, 4550],
    [0.4551 * 100, 4551], // float noise of × 100 is the value it came from
    ['12.5', 1250],
    [100, 10000],
    [100.01, null],
    [-1, null],
    [12.345, null],
    ['12.345', null],
    ['', null],
    [null, null],
  ])('fromPercentage(%p) = %p', (raw, units) => expect(Multiplier.fromPercentage(raw)).toBe(units));

  it('formats every unit both ways and round-trips', () => {
    for (let u = 0; u <= 10000; u++) {
      const pct = Multiplier.toPercentageText(u);
      const mul = Multiplier.toMultiplierText(u);
      expect(Multiplier.fromPercentage(pct)).toBe(u);
      expect(Multiplier.fromPercentage(Multiplier.toPercentageNumber(u))).toBe(u);
      expect(Multiplier.fromMultiplier(mul)).toBe(u);
      expect(Multiplier.fromMultiplier(Multiplier.toMultiplierNumber(u))).toBe(u);
      expect(mul).toBe(exactPercentageToMultiplier(pct));
    }
    expect(Multiplier.toPercentageText(4550)).toBe('45.50');
    expect(Multiplier.toMultiplierText(4550)).toBe('0.4550');
  });
});
