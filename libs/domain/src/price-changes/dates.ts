/**
 * Calendar of price changes: the screens pick a day, which takes effect at 00:00 of that day in the
 * office's time zone (`SUPPLIER_TZ`); texts name the day there.
 */

function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant 00:00 of `date` ('YYYY-MM-DD') begins in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let guess = utcMidnight - offsetMinutes(new Date(utcMidnight), timeZone) * 60_000;
  // Once more with the offset at the guess (a DST change near midnight).
  guess = utcMidnight - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** 'Thu 1 January' — the day an instant falls on in `timeZone`. */
export function priceChangeDayText(at: Date | string, timeZone: string): string {
  const d = new Date(at);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'short', timeZone });
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', timeZone });
  const month = d.toLocaleDateString('en-GB', { month: 'long', timeZone });
  return `${weekday} ${day} ${month}`;
}

/** '1 Jan' — short, for the company page. */
export function priceChangeShortDay(at: Date | string, timeZone: string): string {
  const d = new Date(at);
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', timeZone })} ${d.toLocaleDateString('en-GB', { month: 'short', timeZone })}`;
}

/** When the notice of a change is due: `notice_days` whole days before it takes effect. */
export function noticeAt(effectiveAt: Date | string, noticeDays: number): Date {
  return new Date(new Date(effectiveAt).getTime() - noticeDays * 86_400_000);
}
