import { isIsoDate, optionalDateParam } from './calendar';
import { demandPartsQuerySchema, demandSizesQuerySchema } from './find/schemas';
import { opsUsageQuerySchema } from './ops';
import { auditQuerySchema } from './audit';
import { createQuoteRequestSchema } from './quotes/schemas';
import { repeatedQueryParameter, QUERY_MSG } from './query';

describe('one date rule: YYYY-MM-DD, round-trip checked', () => {
  it('accepts real days, refuses days Date.parse would roll over', () => {
    for (const d of ['2026-02-28', '2024-02-29', '2026-12-31', '2000-02-29']) expect(isIsoDate(d)).toBe(true);
    for (const d of ['2026-02-30', '2026-02-31', '2025-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10'])
      expect(isIsoDate(d)).toBe(false);
    for (const d of ['2026-2-1', '20260201', '2026-02-01T00:00:00Z', ' 2026-02-01', '0000-01-01', '9999-12-31'])
      expect(isIsoDate(d)).toBe(false);
    expect(isIsoDate(20260201)).toBe(false);
  });

  it('optional parameters: absent or empty is no date, anything else must be a real day', () => {
    const p = optionalDateParam('from must be a date (YYYY-MM-DD)');
    expect(p.parse(undefined)).toBeUndefined();
    expect(p.parse('')).toBeUndefined();
    expect(p.parse('2026-03-01')).toBe('2026-03-01');
    expect(p.safeParse('2026-02-30').error?.issues[0].message).toBe('from must be a date (YYYY-MM-DD)');
  });

  it('every date parameter of the probe is a 400 naming its field', () => {
    const first = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];
    expect(first(demandPartsQuerySchema.safeParse({ from: '2026-02-30' }))).toMatchObject({
      message: 'from must be a date (YYYY-MM-DD)',
      path: ['from'],
    });
    expect(first(demandSizesQuerySchema.safeParse({ to: '2026-02-31' }))).toMatchObject({
      message: 'to must be a date (YYYY-MM-DD)',
      path: ['to'],
    });
    expect(first(opsUsageQuerySchema.safeParse({ from: '2026-02-30' }))?.path).toEqual(['from']);
    expect(first(opsUsageQuerySchema.safeParse({ to: '2025-02-29' }))?.path).toEqual(['to']);
    expect(first(auditQuerySchema.safeParse({ from: '2026-02-30' }))?.path).toEqual(['from']);
    expect(first(auditQuerySchema.safeParse({ to: '2026-02-30T10:00:00Z' }))?.path).toEqual(['to']);
    expect(auditQuerySchema.safeParse({ from: '2026-02-28T10:00:00Z', to: '2026-03-01' }).success).toBe(true);
    const quote = createQuoteRequestSchema.safeParse({
      lines: [{ kind: 'unlisted', part_number: 'X-1', quantity: 1 }],
      needed_by: '2026-02-30',
    });
    expect(first(quote)?.path).toEqual(['needed_by']);
  });
});

describe('repeated query parameters', () => {
  it('names the first parameter given more than once', () => {
    expect(repeatedQueryParameter({ q: 'a', limit: '5' })).toBeNull();
    expect(repeatedQueryParameter({ q: ['a', 'b'], limit: '5' })).toBe('q');
    expect(repeatedQueryParameter(undefined)).toBeNull();
    expect(QUERY_MSG.repeated('partNumber')).toBe('partNumber must be given only once');
  });
});
