import { z } from 'zod';

/**
 * Calendar dates as they travel: 'YYYY-MM-DD', a real day of the Gregorian calendar (no 30 February,
 * no 29 February outside leap years), years 1900–9998 so a day before or after still is a date
 * Postgres and `Date` agree on. One rule for every date a route reads (query filters, quote dates).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written 'YYYY-MM-DD' (round-trip checked, not rolled over). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < 1900 || year > 9998) return false;
  const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** A required 'YYYY-MM-DD' date; `message` names the field. */
export const isoDateSchema = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

/** An optional date query parameter: absent or '' → undefined, otherwise a real 'YYYY-MM-DD' date. */
export const optionalDateParam = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .refine((v) => v === undefined || v === '' || isIsoDate(v), message)
    .transform((v) => (v ? v : undefined));
