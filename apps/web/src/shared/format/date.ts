export interface DateFormatOptions {
  /** Shown for a missing or invalid date. Default '—'. */
  placeholder?: string;
  /** Locale of the output; default the browser's. */
  locale?: string;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date, e.g. 'Jan 5, 2025' (en-US); `placeholder` when missing or invalid. */
export function formatDate(
  value: string | null | undefined,
  { placeholder = '—', locale }: DateFormatOptions = {},
): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString(locale, { dateStyle: 'medium' }) : placeholder;
}

/** A date and time, e.g. 'Jan 5, 2025, 3:04 PM' (en-US); `placeholder` when missing or invalid. */
export function formatDateTime(
  value: string | null | undefined,
  { placeholder = '—', locale }: DateFormatOptions = {},
): string {
  const d = toDate(value);
  return d ? d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : placeholder;
}
