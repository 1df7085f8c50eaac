import fc from 'fast-check';
import { isIsoDate } from '../calendar';
import { addDays, todayIn } from '../quotes/dates';
import {
  addMonthsClamped,
  daysInMonth,
  due,
  isIntervalInRange,
  isOverdue,
  isReminderDue,
  localInstant,
  nextDue,
  skipIndex,
  type Interval,
} from './due';

const date = fc
  .record({
    y: fc.integer({ min: 1990, max: 2090 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(
    ({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d, daysInMonth(y, m))).padStart(2, '0')}`,
  );

const interval: fc.Arbitrary<Interval> = fc.oneof(
  fc.record({ unit: fc.constant('day' as const), count: fc.integer({ min: 7, max: 730 }) }),
  fc.record({ unit: fc.constant('week' as const), count: fc.integer({ min: 1, max: 104 }) }),
  fc.record({ unit: fc.constant('month' as const), count: fc.integer({ min: 1, max: 24 }) }),
);

const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Santiago',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'UTC',
];

describe('due(n)', () => {
  it('month ends clamp without drift: 31 Jan + 1 month = 28/29 Feb, + 2 months = 31 Mar', () => {
    const monthly: Interval = { unit: 'month', count: 1 };
    expect(due('2027-01-31', monthly, 1)).toBe('2027-02-28');
    expect(due('2028-01-31', monthly, 1)).toBe('2028-02-29');
    expect(due('2027-01-31', monthly, 2)).toBe('2027-03-31');
    expect(due('2026-08-31', monthly, 1)).toBe('2026-09-30');
    expect(due('2026-10-31', monthly, 1)).toBe('2026-11-30');
    expect(due('2026-10-31', monthly, 2)).toBe('2026-12-31');
    expect(due('2026-03-01', { unit: 'week', count: 2 }, 3)).toBe('2026-04-12');
    expect(due('2026-03-01', { unit: 'day', count: 90 }, 1)).toBe('2026-05-30');
  });

  it('is a real date, strictly increasing in n', () => {
    fc.assert(
      fc.property(date, interval, fc.integer({ min: 1, max: 200 }), (anchor, iv, n) => {
        const a = due(anchor, iv, n);
        const b = due(anchor, iv, n + 1);
        expect(isIsoDate(a)).toBe(true);
        expect(b > a).toBe(true);
        expect(a > anchor).toBe(true);
      }),
    );
  });

  it('does not drift after 120 cycles: the day of month stays the anchor day (clamped)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 120 }), (anchor, count, n) => {
        const got = due(anchor, { unit: 'month', count }, n);
        const index = Number(anchor.slice(0, 4)) * 12 + Number(anchor.slice(5, 7)) - 1 + n * count;
        const y = Math.floor(index / 12);
        const m = (index % 12) + 1;
        expect(got.slice(0, 7)).toBe(`${y}-${String(m).padStart(2, '0')}`);
        expect(Number(got.slice(8))).toBe(Math.min(Number(anchor.slice(8)), daysInMonth(y, m)));
      }),
    );
    // 120 monthly cycles from 31 Jan land on 31 Jan again, whatever February did in between.
    expect(due('2027-01-31', { unit: 'month', count: 1 }, 120)).toBe('2037-01-31');
    expect(due('2027-01-31', { unit: 'month', count: 1 }, 121)).toBe('2037-02-28');
  });

  it('day and week intervals are exact day counts', () => {
    fc.assert(
      fc.property(date, interval, fc.integer({ min: 1, max: 120 }), (anchor, iv, n) => {
        fc.pre(iv.unit !== 'month');
        const step = iv.count * (iv.unit === 'week' ? 7 : 1);
        expect(due(anchor, iv, n)).toBe(addDays(anchor, n * step));
      }),
    );
  });

  it('refuses a bad anchor or n', () => {
    expect(() => due('2026-02-30', { unit: 'month', count: 1 }, 1)).toThrow(RangeError);
    expect(() => due('2026-02-01', { unit: 'month', count: 1 }, 0)).toThrow(RangeError);
  });

  it('intervals between 7 and 730 days', () => {
    expect(isIntervalInRange({ unit: 'day', count: 6 })).toBe(false);
    expect(isIntervalInRange({ unit: 'day', count: 7 })).toBe(true);
    expect(isIntervalInRange({ unit: 'day', count: 730 })).toBe(true);
    expect(isIntervalInRange({ unit: 'day', count: 731 })).toBe(false);
    expect(isIntervalInRange({ unit: 'week', count: 104 })).toBe(true);
    expect(isIntervalInRange({ unit: 'week', count: 105 })).toBe(false);
    expect(isIntervalInRange({ unit: 'month', count: 24 })).toBe(true);
    expect(isIntervalInRange({ unit: 'month', count: 25 })).toBe(false);
    expect(isIntervalInRange({ unit: 'month', count: 0 })).toBe(false);
  });
});

describe('skip, overdue', () => {
  it('skips to the next due(n) of the same anchor: 31 Oct anchor, 30 Nov → 31 Dec', () => {
    const slot = { anchor_date: '2026-10-31', interval: { unit: 'month', count: 1 } as Interval, due_index: 1 };
    expect(nextDue(slot)).toBe('2026-11-30');
    const n = skipIndex(slot, '2026-11-20');
    expect(due(slot.anchor_date, slot.interval, n)).toBe('2026-12-31');
  });

  it('a skip never lands before today and is the first such due date after the current one', () => {
    fc.assert(
      fc.property(
        date,
        interval,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: -400, max: 4000 }),
        (anchor, iv, idx, ahead) => {
          const slot = { anchor_date: anchor, interval: iv, due_index: idx };
          const today = addDays(anchor, ahead);
          const n = skipIndex(slot, today);
          expect(n).toBeGreaterThan(idx);
          expect(due(anchor, iv, n) >= today).toBe(true);
          if (n > idx + 1) expect(due(anchor, iv, n - 1) < today).toBe(true);
        },
      ),
    );
  });

  it('overdue only more than 7 days past next_due', () => {
    expect(isOverdue('2026-03-01', '2026-03-08')).toBe(false);
    expect(isOverdue('2026-03-01', '2026-03-09')).toBe(true);
    expect(isOverdue('2026-03-01', '2026-02-20')).toBe(false);
  });
});

describe('time zones and DST', () => {
  const at = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms));

  it('07:00 site time is 07:00 on that date in the zone, across DST changes', () => {
    fc.assert(
      fc.property(date, fc.constantFrom(...ZONES), (d, zone) => {
        const instant = localInstant(d, 7, zone);
        const shown = new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }).format(instant);
        expect(shown).toBe(`${d}, 07:00`);
      }),
      { numRuns: 500 },
    );
    // The DST days themselves.
    expect(localInstant('2026-03-08', 7, 'America/New_York').toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(localInstant('2026-11-01', 7, 'America/New_York').toISOString()).toBe('2026-11-01T12:00:00.000Z');
    expect(localInstant('2026-03-29', 7, 'Europe/Berlin').toISOString()).toBe('2026-03-29T05:00:00.000Z');
  });

  it('the reminder becomes due exactly at 07:00 site time on the first notice day', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 60 }), fc.constantFrom(...ZONES), (dueOn, notice, zone) => {
        const first = localInstant(addDays(dueOn, -notice), 7, zone);
        expect(isReminderDue(dueOn, notice, zone, new Date(first.getTime() - 1))).toBe(false);
        expect(isReminderDue(dueOn, notice, zone, first)).toBe(true);
      }),
    );
  });

  it("today is the site's date: the same instant is two dates in two zones", () => {
    fc.assert(
      fc.property(at, fc.constantFrom(...ZONES), (now, zone) => {
        const today = todayIn(zone, now);
        // Midnight at the site (or the first instant after) is not after now, the next midnight is.
        expect(localInstant(today, 0, zone).getTime()).toBeLessThanOrEqual(now.getTime());
        expect(localInstant(addDays(today, 1), 0, zone).getTime()).toBeGreaterThan(now.getTime());
      }),
    );
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-02-28');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-03-01');
  });

  it('addMonthsClamped crosses year ends', () => {
    expect(addMonthsClamped('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonthsClamped('2026-11-30', 14)).toBe('2028-01-30');
  });
});
