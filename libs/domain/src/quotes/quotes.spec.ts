import fc from 'fast-check';
import { QUOTE_ACTIONS, QUOTE_STATUSES } from '@portal/contracts';
import { CATALOGUE_MSG } from '../catalogue/messages';
import {
  QUOTE_TRANSITIONS,
  addDays,
  allowedQuoteActions,
  createQuoteRequestSchema,
  customSize,
  customSizeText,
  decideQuoteAction,
  formatQuoteDate,
  isValidityInRange,
  mergeQuoteLines,
  parsePastedLines,
  quoteAgeLevel,
  todayIn,
  validUntilText,
  type QuoteParty,
} from '.';

describe('quote state table', () => {
  const parties: QuoteParty[] = ['superadmin', 'requester', 'company_admin', 'worker'];

  it('matches the issue table row for row', () => {
    const rows = QUOTE_TRANSITIONS.map((t) => `${t.from.join(',')} ${t.action} ${t.who.join(',')} ${t.to}`);
    expect(rows).toEqual([
      'submitted assign superadmin in_review',
      'submitted,in_review request-info superadmin info_requested',
      'info_requested reply requester,company_admin in_review',
      'submitted,in_review send-quote superadmin quoted',
      'quoted accept requester,company_admin accepted',
      'quoted decline requester,company_admin declined',
      'quoted expire worker expired',
      'quoted,expired revise superadmin in_review',
      'submitted,in_review,info_requested withdraw requester,company_admin withdrawn',
      'submitted,in_review,info_requested reject superadmin rejected',
    ]);
  });

  it('random actions by random parties only ever follow the table', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...QUOTE_ACTIONS), fc.subarray(parties, { minLength: 1 })), {
          maxLength: 40,
        }),
        (steps) => {
          let status: (typeof QUOTE_STATUSES)[number] = 'submitted';
          for (const [action, who] of steps) {
            const d = decideQuoteAction(status, action, who);
            const row = QUOTE_TRANSITIONS.find(
              (t) => t.action === action && t.from.includes(status) && t.who.some((w) => who.includes(w)),
            );
            expect(d.ok).toBe(Boolean(row));
            expect(allowedQuoteActions(status, who).includes(action)).toBe(Boolean(row));
            if (d.ok) {
              expect(d.to).toBe(row!.to);
              status = d.to;
            }
            expect(QUOTE_STATUSES).toContain(status);
          }
        },
      ),
    );
  });

  it('names why an action is refused', () => {
    expect(decideQuoteAction('submitted', 'accept', ['requester'])).toEqual({ ok: false, reason: 'state' });
    expect(decideQuoteAction('quoted', 'accept', ['superadmin'])).toEqual({ ok: false, reason: 'forbidden' });
    expect(decideQuoteAction('accepted', 'revise', ['superadmin'])).toEqual({ ok: false, reason: 'state' });
  });
});

describe('custom sizes', () => {
  it('uses the odd-size rules and messages but lets over-30″ sizes through', () => {
    expect(customSize('16 3/8', '20 1/4', '1', 'nominal')).toEqual({
      ok: true,
      size: { width: 16.375, height: 20.25, depth: 1, measure: 'exact', size_type: 'SINGLE' },
    });
    const big = customSize(40, 40, 2, 'nominal');
    expect(big).toEqual({ ok: true, size: { width: 40, height: 40, depth: 2, measure: 'nominal', size_type: null } });
    expect(customSize('.1', 20, 1, 'exact')).toEqual({
      ok: false,
      field: 'width',
      message: CATALOGUE_MSG.dimensionsTooSmall,
    });
    expect(customSize('20', 'abc', 1, 'exact')).toMatchObject({
      field: 'height',
      message: CATALOGUE_MSG.dimensionsInvalid,
    });
    expect(customSize('20', '20', '', 'exact')).toMatchObject({
      field: 'depth',
      message: CATALOGUE_MSG.dimensionsRequired,
    });
  });

  it('writes sizes the way the screens do', () => {
    expect(customSizeText({ width: 16.375, height: 20.25, depth: 1, measure: 'exact' })).toBe(
      '16 3/8″ × 20 1/4″ × 1″ (exact)',
    );
  });
});

describe('request body', () => {
  it('names the field of a bad line', () => {
    const r = createQuoteRequestSchema.safeParse({
      lines: [
        {
          kind: 'custom_size',
          catalogue_id: '7d3c0a3e-2b59-4c1f-9f0a-4a2b3c4d5e6f',
          width: '1/16',
          height: 20,
          depth: 1,
          measure: 'exact',
          quantity: 1,
        },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['lines', 0, 'width'],
      message: CATALOGUE_MSG.dimensionsTooSmall,
    });
    const q = createQuoteRequestSchema.safeParse({ lines: [{ kind: 'unlisted', part_number: 'X', quantity: 0 }] });
    expect(q.error!.issues[0].path).toEqual(['lines', 0, 'quantity']);
    const k = createQuoteRequestSchema.safeParse({ lines: [{ kind: 'nope' }] });
    expect(k.success).toBe(false);
  });

  it('merges identical lines, adding quantities', () => {
    const { lines, merged } = mergeQuoteLines([
      { kind: 'unlisted', part_number: 'XYZ-1', quantity: 2 },
      { kind: 'unlisted', part_number: 'xyz-1', quantity: 3 },
      { kind: 'unlisted', part_number: 'XYZ-2', quantity: 1 },
    ]);
    expect(merged).toBe(1);
    expect(lines.map((l) => l.quantity)).toEqual([5, 1]);
  });
});

describe('pasted lists', () => {
  it('reads tabs, commas, semicolons, spaces and sizes', () => {
    const rows = parsePastedLines('ABC-1\t4\nDEF-2, 10\n\nGHI-3;2\nJKL-4 7\n16 3/8 x 20 1/4 x 1 5\nMNO-5\nPQR,lots');
    expect(rows.map((r) => [r.line, r.part_number, r.quantity])).toEqual([
      [1, 'ABC-1', 4],
      [2, 'DEF-2', 10],
      [4, 'GHI-3', 2],
      [5, 'JKL-4', 7],
      [6, '16 3/8 x 20 1/4 x 1', 5],
      [7, 'MNO-5', 1],
      [8, 'PQR lots', null],
    ]);
    expect(rows[4].size).toMatchObject({ width: 16.375, height: 20.25, depth: 1, measure: 'exact' });
    expect(rows[6].error).toBeDefined();
  });
});

describe('validity dates', () => {
  it('reads today in the office time zone and formats the validity', () => {
    const late = new Date('2025-12-05T03:30:00Z'); // 22:30 on Thu 4 Dec in New York
    expect(todayIn('America/New_York', late)).toBe('2025-12-04');
    expect(todayIn('UTC', late)).toBe('2025-12-05');
    expect(validUntilText('2025-12-05')).toBe('valid until Fri 5 Dec, end of day');
    expect(formatQuoteDate('2025-12-05', true)).toBe('Fri 5 Dec 2025');
    expect(isValidityInRange('2025-12-04', 'America/New_York', late)).toBe(true);
    expect(isValidityInRange('2025-12-03', 'America/New_York', late)).toBe(false);
    expect(isValidityInRange(addDays('2025-12-04', 365), 'America/New_York', late)).toBe(true);
    expect(isValidityInRange(addDays('2025-12-04', 366), 'America/New_York', late)).toBe(false);
  });

  it('ages requests in business days', () => {
    const fri = new Date('2025-12-05T10:00:00Z');
    expect(quoteAgeLevel(fri, new Date('2025-12-08T09:00:00Z'))).toBe('fresh'); // Monday: weekend not counted
    expect(quoteAgeLevel(fri, new Date('2025-12-08T11:00:00Z'))).toBe('amber');
    expect(quoteAgeLevel(fri, new Date('2025-12-11T11:00:00Z'))).toBe('red');
  });
});
