/**
 * Calendar rules of quotes. A quote is valid to the END of its `valid_until` day in the office's time
 * zone (`SUPPLIER_TZ`): it expires at the following midnight there. Dates travel as 'YYYY-MM-DD'.
 */

import { isIsoDate } from '../calendar';

/** The office's time zone when `SUPPLIER_TZ` is not set. */
export const DEFAULT_SUPPLIER_TZ = 'America/New_York';

/** Quotes may be valid for at most this many days from today. */
export const MAX_VALIDITY_DAYS = 365;

/** A quote's default validity when the office does not choose one. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** The calendar date at `now` in `timeZone`: 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** 'YYYY-MM-DD' plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether `validUntil` lies from today to MAX_VALIDITY_DAYS ahead in the office's time zone. */
export function isValidityInRange(validUntil: string, timeZone: string, now: Date = new Date()): boolean {
  if (!isIsoDate(validUntil)) return false;
  const today = todayIn(timeZone, now);
  return validUntil >= today && validUntil <= addDays(today, MAX_VALIDITY_DAYS);
}

/** 'Fri 5 Dec' (with the year too when `withYear`), for a 'YYYY-MM-DD' date. */
export function formatQuoteDate(date: string, withYear = false): string {
  const d = new Date(`${date}T12:00:00Z`);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `${weekday} ${d.getUTCDate()} ${month}${withYear ? ` ${d.getUTCFullYear()}` : ''}`;
}

/** "valid until Fri 5 Dec, end of day" */
export function validUntilText(date: string): string {
  return `valid until ${formatQuoteDate(date)}, end of day`;
}

/** Milliseconds of Monday–Friday time between two instants (UTC calendar; weekends do not count). */
export function businessMsBetween(from: Date, to: Date): number {
  if (to <= from) return 0;
  let total = 0;
  let cursor = from.getTime();
  const end = to.getTime();
  for (let guard = 0; cursor < end && guard < 4000; guard++) {
    const day = new Date(cursor);
    const nextMidnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1);
    const stop = Math.min(nextMidnight, end);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) total += stop - cursor;
    cursor = stop;
  }
  return total;
}

const BUSINESS_DAY_MS = 24 * 3600 * 1000;

/** The desk's age colour: amber after one business day, red after three. */
export function quoteAgeLevel(createdAt: Date | string, now: Date = new Date()): 'fresh' | 'amber' | 'red' {
  const ms = businessMsBetween(new Date(createdAt), now);
  if (ms > 3 * BUSINESS_DAY_MS) return 'red';
  if (ms > BUSINESS_DAY_MS) return 'amber';
  return 'fresh';
}
