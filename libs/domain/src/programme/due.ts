/**
 * When a filter slot is due. Dates are calendar dates ('YYYY-MM-DD') in the site's time zone: the
 * anchor is the day the filters were last changed (or the programme starts), "today" is the date at
 * the site, and the reminder goes out at 07:00 there. Months clamp to the month's last day without
 * drifting: every due date is computed from the anchor, never from the previous due date.
 */
import { isIsoDate } from '../calendar';
import { addDays, todayIn } from '../quotes/dates';

export const INTERVAL_UNITS = ['day', 'week', 'month'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export interface Interval {
  unit: IntervalUnit;
  count: number;
}

/** A slot is overdue when today is more than this many days past its next due date. */
export const OVERDUE_AFTER_DAYS = 7;

/** The shortest and longest interval between changes, in days. */
export const MIN_INTERVAL_DAYS = 7;
export const MAX_INTERVAL_DAYS = 730;

/** Months accepted as an interval: 1 month (≥ 28 days) up to 24 months (≤ 731 days, taken as 730). */
export const MAX_INTERVAL_MONTHS = 24;

/** Local hour at which the reminders of a day go out. */
export const REMINDER_HOUR = 7;

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Days in a month (1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' plus `months`, clamped to the target month's last day. */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`;
}

/** The interval's length in days for the 7–730 rule (a month counts as 30 days, 24 months as 730). */
export function intervalDays(interval: Interval): number {
  if (interval.unit === 'day') return interval.count;
  if (interval.unit === 'week') return interval.count * 7;
  return interval.count >= MAX_INTERVAL_MONTHS ? MAX_INTERVAL_DAYS : interval.count * 30;
}

/** Whether an interval lies between 7 and 730 days. */
export function isIntervalInRange(interval: Interval): boolean {
  if (!Number.isInteger(interval.count) || interval.count < 1) return false;
  if (interval.unit === 'month') return interval.count <= MAX_INTERVAL_MONTHS;
  const days = intervalDays(interval);
  return days >= MIN_INTERVAL_DAYS && days <= MAX_INTERVAL_DAYS;
}

/** due(n) = anchor + n × interval (n ≥ 1), months clamped to the month's last day. */
export function due(anchor: string, interval: Interval, n: number): string {
  if (!isIsoDate(anchor)) throw new RangeError(`anchor must be YYYY-MM-DD, got ${anchor}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be an integer ≥ 1, got ${n}`);
  if (interval.unit === 'month') return addMonthsClamped(anchor, n * interval.count);
  return addDays(anchor, n * interval.count * (interval.unit === 'week' ? 7 : 1));
}

/** The schedule of a slot: its anchor, interval and which due date (`due_index`) comes next. */
export interface SlotSchedule {
  anchor_date: string;
  interval: Interval;
  due_index: number;
}

/** The slot's next due date. */
export function nextDue(slot: SlotSchedule): string {
  return due(slot.anchor_date, slot.interval, slot.due_index);
}

/** More than OVERDUE_AFTER_DAYS days past `nextDueOn` on `today`. */
export function isOverdue(nextDueOn: string, today: string): boolean {
  return today > addDays(nextDueOn, OVERDUE_AFTER_DAYS);
}

/**
 * Skip the next change: the next due(n) of the same anchor, and never a date before today
 * (a slot months behind jumps to the first due date from today on).
 */
export function skipIndex(slot: SlotSchedule, today: string): number {
  let n = slot.due_index + 1;
  // Jump close to today first, so a decade-old anchor is not walked one interval at a time.
  const approx = Math.floor(daysBetween(slot.anchor_date, today) / Math.max(1, intervalDaysExact(slot.interval)));
  if (approx - 1 > n) n = approx - 1;
  while (due(slot.anchor_date, slot.interval, n) < today) n++;
  return n;
}

/** A change re-anchors the slot at the change date: the next due date is one interval later. */
export function reanchor(changedOn: string): { anchor_date: string; due_index: number } {
  return { anchor_date: changedOn, due_index: 1 };
}

function intervalDaysExact(interval: Interval): number {
  if (interval.unit === 'day') return interval.count;
  if (interval.unit === 'week') return interval.count * 7;
  return interval.count * 31;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM' of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** Today at the site: the injected clock read in the site's time zone. */
export function siteToday(timeZone: string, now: Date): string {
  return todayIn(timeZone, now);
}

/** Offset of `timeZone` from UTC at instant `at`, in minutes (east positive). */
function offsetMinutes(timeZone: string, at: Date): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(f.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `hour`:00 on `date`. When that hour does
 * not exist (a spring-forward gap) it is the first instant after the gap.
 */
export function localInstant(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = parts(date);
  const wall = Date.UTC(y, m - 1, d, hour);
  // Two passes settle the offset on either side of a transition.
  let guess = wall - offsetMinutes(timeZone, new Date(wall)) * 60000;
  guess = wall - offsetMinutes(timeZone, new Date(guess)) * 60000;
  const check = wall - offsetMinutes(timeZone, new Date(guess)) * 60000;
  if (check !== guess) guess = Math.max(guess, check);
  return new Date(guess);
}

/** The first day a slot's reminder may go out: `noticeDays` before its due date (not before today). */
export function noticeDate(dueOn: string, noticeDays: number): string {
  return addDays(dueOn, -noticeDays);
}

/** Whether the reminder for `dueOn` is due at `now`: 07:00 site time on the notice day has passed. */
export function isReminderDue(dueOn: string, noticeDays: number, timeZone: string, now: Date): boolean {
  return now.getTime() >= localInstant(noticeDate(dueOn, noticeDays), REMINDER_HOUR, timeZone).getTime();
}

/** Whether an IANA time zone name is known to this runtime. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM' months from `from` to `to` inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const end = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7));
  while (y * 12 + m <= end && out.length < 240) {
    out.push(`${pad(y, 4)}-${pad(m)}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Last day of a 'YYYY-MM' month as 'YYYY-MM-DD'. */
export function monthEnd(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return `${month}-${pad(daysInMonth(y, m))}`;
}
