import { CATALOGUE_MSG } from './messages';
import {
  actionFromExact,
  classifySizeType,
  DEFAULT_DEPTH,
  exactFromAction,
  MIN_DIMENSION,
  parseDimension,
  STEP,
  stepDimension,
  validateDimensionSearch,
  type DimensionSearchErrorKind,
  type OddSizeType,
} from './odd-size';

describe('constants', () => {
  it('match the sizing rules', () => {
    expect(MIN_DIMENSION).toBe(0.125);
    expect(STEP).toBe(0.5);
    expect(DEFAULT_DEPTH).toBe('1');
  });
});

describe('parseDimension', () => {
  it.each<[string | number, number, boolean]>([
    ['20', 20, false],
    [' 20 ', 20, false],
    ['20.5', 20.5, true],
    ['.5', 0.5, true],
    ['0.125', 0.125, true],
    ['20 1/2', 20.5, true],
    ['20   1/2', 20.5, true],
    [' 20 1/2 ', 20.5, true],
    ['20-1/2', 20.5, true],
    ['1/2', 0.5, true],
    ['1/8', 0.125, true],
    ['15 3/8', 15.375, true],
    ['4/2', 2, false], // a whole value written as a fraction
    ['20.0', 20, false], // a whole value written as a decimal
    ['20.', 20, false],
    ['20"', 20, false],
    ['20 1/2″', 20.5, true],
    ['-1', -1, false], // parsed; rejected later by the 1/8" minimum
    [20.5, 20.5, true],
    [1, 1, false],
  ])('%p → %p (fractionalOrDecimal %p)', (input, value, frac) => {
    expect(parseDimension(input)).toEqual({ ok: true, value, fractionalOrDecimal: frac });
  });

  it.each<[string | number | null | undefined, 'required' | 'invalid']>([
    ['', 'required'],
    ['   ', 'required'],
    [null, 'required'],
    [undefined, 'required'],
    ['abc', 'invalid'],
    ['20x', 'invalid'],
    ['1/0', 'invalid'],
    ['20 1/0', 'invalid'],
    ['1 / 2', 'invalid'],
    ['20 1/2/3', 'invalid'],
    ['1e3', 'invalid'],
    ['--1', 'invalid'],
    ['.', 'invalid'],
    ['"', 'invalid'],
    ['20,5', 'invalid'],
    [Number.NaN, 'invalid'],
  ])('%p → %p', (input, reason) => {
    expect(parseDimension(input)).toEqual({ ok: false, reason });
  });
});

type In = [string | number, string | number, string | number, boolean];

describe('validateDimensionSearch: errors', () => {
  it.each<[...In, DimensionSearchErrorKind, string, string | undefined]>([
    ['', '24', '1', false, 'required', CATALOGUE_MSG.dimensionsRequired, undefined],
    ['20', '', '1', false, 'required', CATALOGUE_MSG.dimensionsRequired, undefined],
    ['20', '24', '', false, 'required', CATALOGUE_MSG.dimensionsRequired, undefined],
    ['abc', '', '1', false, 'required', CATALOGUE_MSG.dimensionsRequired, undefined], // required first
    ['20', 'abc', '1', false, 'invalid', CATALOGUE_MSG.dimensionsInvalid, undefined],
    ['20', '24', '1x', false, 'invalid', CATALOGUE_MSG.dimensionsInvalid, undefined],
    ['abc', '0.1', '1', false, 'invalid', CATALOGUE_MSG.dimensionsInvalid, undefined], // invalid before size
    ['0.1', '24', '1', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['20', '0.124', '1', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['20', '24', '1/16', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['0', '24', '1', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['-1', '24', '1', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['0.1', '31', '2', false, 'too-small', CATALOGUE_MSG.dimensionsTooSmall, CATALOGUE_MSG.invalidSizeTooSmall],
    ['31', '31', '2', false, 'over-30', CATALOGUE_MSG.invalidSizeOver30, CATALOGUE_MSG.invalidSizeOver30],
    ['30.5', '30.5', '2', false, 'over-30', CATALOGUE_MSG.invalidSizeOver30, CATALOGUE_MSG.invalidSizeOver30],
    ['30 1/8', '30 1/8', '4', true, 'over-30', CATALOGUE_MSG.invalidSizeOver30, CATALOGUE_MSG.invalidSizeOver30],
    ['61', '31', '0.75', false, 'over-30', CATALOGUE_MSG.invalidSizeOver30, CATALOGUE_MSG.invalidSizeOver30],
  ])('%p × %p × %p exact=%p → %p', (width, height, depth, exact, kind, message, modalText) => {
    const r = validateDimensionSearch({ width, height, depth, useExactMeasurements: exact });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe(kind);
    expect(r.error.message).toBe(message);
    expect(r.error.modal).toEqual(modalText ? { title: 'Invalid Size', text: modalText } : undefined);
  });
});

describe('validateDimensionSearch: normalized search', () => {
  // width, height, depth, checkbox → exact, exactForced, effective w, effective h, type, area
  it.each<[...In, boolean, boolean, number, number, OddSizeType | null, number]>([
    // 0.5" allowance unless exact; exact forced by any fractional/decimal value
    ['20', '24', '1', false, false, false, 19.5, 23.5, 'SINGLE', 458.25],
    ['20', '24', '1', true, true, false, 20, 24, 'SINGLE', 480],
    ['20 1/2', '24', '1', false, true, true, 20.5, 24, 'SINGLE', 492],
    ['20.5', '24', '1', false, true, true, 20.5, 24, 'SINGLE', 492],
    ['20', '.5', '1', false, true, true, 20, 0.5, 'SINGLE', 10],
    ['20', '24', '0.75', false, true, true, 20, 24, 'SINGLE', 480], // decimal depth forces exact
    ['20 1/2', '24', '1', true, true, false, 20.5, 24, 'SINGLE', 492], // already ticked: not "forced"
    ['20.0', '24', '1', false, false, false, 19.5, 23.5, 'SINGLE', 458.25],
    [20, 24, 1, false, false, false, 19.5, 23.5, 'SINGLE', 458.25],
    ['15', '22', '2', false, false, false, 14.5, 21.5, 'SINGLE', 311.75],
    // minimum 1/8" boundary (entered value)
    ['0.125', '24', '1', false, true, true, 0.125, 24, 'SINGLE', 3],
    ['1/8', '1/8', '1/8', false, true, true, 0.125, 0.125, 'SINGLE', 0.015625],
    ['1', '1', '1', false, false, false, 0.5, 0.5, 'SINGLE', 0.25],
    // SINGLE/DOUBLE boundary 29.5 on effective values (non-exact: entered 30 → 29.5)
    ['30', '30', '1', false, false, false, 29.5, 29.5, 'SINGLE', 870.25],
    ['30', '31', '1', false, false, false, 29.5, 30.5, 'DOUBLE', 899.75],
    ['31', '30', '1', false, false, false, 30.5, 29.5, 'DOUBLE', 899.75],
    ['29.5', '29.5', '1', false, true, true, 29.5, 29.5, 'SINGLE', 870.25],
    ['29 5/8', '10', '1', false, true, true, 29.625, 10, 'DOUBLE', 296.25],
    ['30', '10', '1', true, true, false, 30, 10, 'DOUBLE', 300],
    // TRIPLE: both > 29.5
    ['31', '31', '1', false, false, false, 30.5, 30.5, 'TRIPLE', 930.25],
    ['31', '40', '1', false, false, false, 30.5, 39.5, 'TRIPLE', 1204.75],
    ['30', '30', '1', true, true, false, 30, 30, 'TRIPLE', 900],
    // TRIPLE: either > 59.5 (59.5 itself is DOUBLE)
    ['60', '20', '1', false, false, false, 59.5, 19.5, 'DOUBLE', 1160.25],
    ['61', '20', '1', false, false, false, 60.5, 19.5, 'TRIPLE', 1179.75],
    ['20', '61', '1', false, false, false, 19.5, 60.5, 'TRIPLE', 1179.75],
    ['62', '30', '1', false, false, false, 61.5, 29.5, 'TRIPLE', 1814.25],
    ['59.5', '10', '1', false, true, true, 59.5, 10, 'DOUBLE', 595],
    ['59 5/8', '10', '1', false, true, true, 59.625, 10, 'TRIPLE', 596.25],
    ['60', '10', '1', true, true, false, 60, 10, 'TRIPLE', 600],
    // TRIPLE only for depth 1, otherwise invalid (sizeType null → no results)
    ['61', '20', '2', false, false, false, 60.5, 19.5, null, 1179.75],
    ['30', '30', '2', true, true, false, 30, 30, null, 900], // not "over 30": no modal
    ['30 1/4', '30', '2', false, true, true, 30.25, 30, null, 907.5],
    ['30', '30', '1.125', false, true, true, 30, 30, null, 900], // decimal depth forces exact
    // the over-30 modal only when BOTH entered dimensions are over 30 and depth ≠ 1
    ['30', '30', '2', false, false, false, 29.5, 29.5, 'SINGLE', 870.25],
    ['31', '30', '2', false, false, false, 30.5, 29.5, 'DOUBLE', 899.75],
    ['60', '20', '4', false, false, false, 59.5, 19.5, 'DOUBLE', 1160.25],
    // exact decimal areas have no float noise
    ['20.3', '24.7', '1', false, true, true, 20.3, 24.7, 'SINGLE', 501.41],
  ])('%p × %p × %p exact=%p', (width, height, depth, checkbox, exact, exactForced, effW, effH, sizeType, area) => {
    const r = validateDimensionSearch({ width, height, depth, useExactMeasurements: checkbox });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.search).toMatchObject({ exact, exactForced, sizeType, area });
    expect(r.search.effectiveWidth).toBeCloseTo(effW, 9);
    expect(r.search.effectiveHeight).toBeCloseTo(effH, 9);
  });

  it('keeps the entered values', () => {
    const r = validateDimensionSearch({ width: '20 1/2', height: '24', depth: DEFAULT_DEPTH });
    expect(r.ok && r.search).toMatchObject({ width: 20.5, height: 24, depth: 1 });
  });
});

describe('classifySizeType (effective values)', () => {
  it.each<[number, number, number, OddSizeType | null]>([
    [29.5, 29.5, 1, 'SINGLE'],
    [29.5, 29.5, 2, 'SINGLE'],
    [29.5001, 29.5, 2, 'DOUBLE'],
    [29.5, 59.5, 4, 'DOUBLE'],
    [29.5001, 29.5001, 1, 'TRIPLE'],
    [29.5001, 29.5001, 2, null],
    [59.5001, 1, 1, 'TRIPLE'],
    [1, 59.5001, 2, null],
    [0.125, 0.125, 1, 'SINGLE'],
  ])('%p × %p depth %p → %p', (w, h, d, type) => expect(classifySizeType(w, h, d)).toBe(type));
});

describe('stepDimension (± 0.5, never below zero)', () => {
  it.each<[string | number | null, number | undefined, number]>([
    ['20', 0.5, 20.5],
    ['20', -0.5, 19.5],
    ['20', undefined, 20.5],
    ['20 1/2', 0.5, 21],
    ['0.25', -0.5, 0],
    ['0.5', -0.5, 0],
    ['0', -0.5, 0],
    ['', 0.5, 0.5],
    ['', -0.5, 0],
    [null, 0.5, 0.5],
    ['abc', 0.5, 0.5],
    [20.3, 0.5, 20.8],
    [0.1, 0.2, 0.3],
    ['-3', 0.5, 0],
  ])('%p %p → %p', (value, delta, expected) => expect(stepDimension(value, delta)).toBe(expected));
});

describe('API action', () => {
  it.each<[string | undefined, boolean | null]>([
    ['exact-measurement', true],
    ['not-exactly', false],
    ['exact', null],
    ['', null],
    [undefined, null],
  ])('%p → %p', (action, exact) => expect(exactFromAction(action)).toBe(exact));

  it('round-trips', () => {
    expect(actionFromExact(true)).toBe('exact-measurement');
    expect(actionFromExact(false)).toBe('not-exactly');
  });
});
