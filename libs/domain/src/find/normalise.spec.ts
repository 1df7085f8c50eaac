import { editDistance, keysAtDistanceOne, parseFindQuery, partKey } from './normalise';

describe('partKey', () => {
  it.each([
    ['RF-16201', 'RF16201'],
    ['rf 16201', 'RF16201'],
    ['RF.16201', 'RF16201'],
    ['rf/16_201', 'RF16201'],
    ['ＲＦ－１６２０１', 'RF16201'],
    ['RF１６２０１', 'RF16201'],
    ['  m13 10101 ', 'M1310101'],
    ['FLN-12345', 'FLN12345'],
  ])('%s → %s', (raw, key) => {
    expect(partKey(raw)).toBe(key);
  });

  it('keeps characters that are not separators', () => {
    expect(partKey('RF#16201')).toBe('RF#16201');
    expect(partKey('RF-16201')).not.toBe(partKey('RF-16202'));
  });
});

describe('parseFindQuery', () => {
  it.each(['20x25x1', '20 x 25 x 1', '20×25×1', '20"x25"x1"', '20 x 25 x 1 in', '20X25X1', '２０x２５x１'])(
    'reads %s as 20 × 25 × 1',
    (q) => {
      expect(parseFindQuery(q)).toMatchObject({ size: { width: 20, height: 25, depth: 1 }, words: [] });
    },
  );

  it('keeps the words beside a size', () => {
    expect(parseFindQuery('20x25x1 merv 13')).toMatchObject({
      size: { width: 20, height: 25, depth: 1 },
      words: ['merv', '13'],
    });
    expect(parseFindQuery('MERV 13 20 x 25 x 1 inch')).toMatchObject({
      size: { width: 20, height: 25, depth: 1 },
      words: ['merv', '13'],
    });
  });

  it('reads width × height without a depth, and decimals', () => {
    expect(parseFindQuery('19.5x24.5')).toMatchObject({ size: { width: 19.5, height: 24.5, depth: null } });
  });

  it('finds no size in part numbers or words', () => {
    expect(parseFindQuery('RF-16201').size).toBeNull();
    expect(parseFindQuery('merv 13').size).toBeNull();
    expect(parseFindQuery('M10-16251').size).toBeNull();
    expect(parseFindQuery('0x25x1').size).toBeNull();
  });

  it('always gives the whole query as a part-number key', () => {
    expect(parseFindQuery('rf 16201').key).toBe('RF16201');
  });
});

describe('keysAtDistanceOne', () => {
  it('holds every deletion, substitution and insertion, each at distance 1', () => {
    const keys = keysAtDistanceOne('RF16');
    expect(keys).toContain('F16');
    expect(keys).toContain('RF17');
    expect(keys).toContain('RF160');
    expect(keys).not.toContain('RF16');
    for (const k of keys) expect(editDistance(k, 'RF16')).toBe(1);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('is empty for an empty key', () => {
    expect(keysAtDistanceOne('')).toEqual([]);
  });
});
