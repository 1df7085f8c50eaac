import {
  allowedPriceChangeActions,
  createPriceChangeSchema,
  noticeAt,
  priceChangeDayText,
  priceChangeShortDay,
  priceChangeTransition,
  startOfDayIn,
  updatePriceChangeSchema,
} from './index';

describe('price change state table', () => {
  it('scheduled → applying → applied | failed, scheduled → cancelled, nothing else', () => {
    expect(priceChangeTransition('scheduled', 'apply')).toBe('applying');
    expect(priceChangeTransition('applying', 'finish')).toBe('applied');
    expect(priceChangeTransition('applying', 'fail')).toBe('failed');
    expect(priceChangeTransition('scheduled', 'cancel')).toBe('cancelled');
    expect(priceChangeTransition('scheduled', 'edit')).toBe('scheduled');
    for (const s of ['applying', 'applied', 'failed', 'cancelled'] as const) {
      expect(priceChangeTransition(s, 'cancel')).toBeNull();
      expect(priceChangeTransition(s, 'edit')).toBeNull();
      expect(allowedPriceChangeActions(s)).toEqual([]);
    }
    expect(priceChangeTransition('applied', 'apply')).toBeNull();
    expect(allowedPriceChangeActions('scheduled')).toEqual(['edit', 'cancel']);
  });
});

describe('price change days', () => {
  it('a day begins at 00:00 in the office time zone, across daylight saving', () => {
    expect(startOfDayIn('2032-01-01', 'America/New_York').toISOString()).toBe('2032-01-01T05:00:00.000Z');
    expect(startOfDayIn('2032-07-01', 'America/New_York').toISOString()).toBe('2032-07-01T04:00:00.000Z');
    expect(startOfDayIn('2032-03-14', 'America/New_York').toISOString()).toBe('2032-03-14T05:00:00.000Z');
    expect(startOfDayIn('2032-01-01', 'Europe/Berlin').toISOString()).toBe('2031-12-31T23:00:00.000Z');
    expect(startOfDayIn('2032-01-01', 'UTC').toISOString()).toBe('2032-01-01T00:00:00.000Z');
  });

  it('names the day there: "Thu 1 January", "1 Jan"', () => {
    const at = startOfDayIn('2032-01-01', 'America/New_York');
    expect(priceChangeDayText(at, 'America/New_York')).toBe('Thu 1 January');
    expect(priceChangeShortDay(at, 'America/New_York')).toBe('1 Jan');
    // The same instant is still 31 December further west.
    expect(priceChangeDayText(at, 'America/Los_Angeles')).toBe('Wed 31 December');
    expect(noticeAt(at, 30).toISOString()).toBe('2031-12-02T05:00:00.000Z');
  });
});

describe('price change schemas', () => {
  it('defaults notice_days to 30 and carries percentages in multiplier units', () => {
    const r = createPriceChangeSchema.parse({
      kind: 'company_multipliers',
      company_id: '00000000-0000-4000-8000-000000000001',
      percentages: { discount: 48, rigidflow: '45.67' },
      effective_at: '2032-01-01T05:00:00Z',
    });
    expect(r).toEqual({
      kind: 'company_multipliers',
      company_id: '00000000-0000-4000-8000-000000000001',
      percentages: { discount: 4800, rigidflow: 4567 },
      effective_at: '2032-01-01T05:00:00.000Z',
      notice_days: 30,
    });
  });

  it('refuses a bad notice, date or an empty change', () => {
    const base = { kind: 'list_prices', import_id: '00000000-0000-4000-8000-000000000001' };
    expect(createPriceChangeSchema.safeParse({ ...base, effective_at: '2032-01-01', notice_days: 0 }).success).toBe(
      false,
    );
    expect(
      createPriceChangeSchema.safeParse({ ...base, effective_at: '2032-01-01T00:00:00Z', notice_days: 91 }).success,
    ).toBe(false);
    expect(
      createPriceChangeSchema.safeParse({ ...base, effective_at: '2032-01-01T00:00:00Z', notice_days: 1.5 }).success,
    ).toBe(false);
    expect(
      createPriceChangeSchema.safeParse({ ...base, effective_at: '2032-01-01T00:00:00Z', notice_days: 90 }).success,
    ).toBe(true);
    expect(updatePriceChangeSchema.safeParse({ version: 1 }).success).toBe(false);
    expect(updatePriceChangeSchema.safeParse({ notice_days: 3 }).success).toBe(false);
  });
});
