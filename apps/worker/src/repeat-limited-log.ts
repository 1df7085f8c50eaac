/**
 * A log that says each message once per window and then how often it repeated. A queue backend
 * that cannot reach its store reports the same error in a tight loop (BullMQ's Postgres backend
 * after "too many clients" has no back-off); unlimited, one outage wrote gigabytes of log.
 */
export function repeatLimitedLog(
  log: (msg: string) => void,
  windowMs = 30_000,
  now: () => number = Date.now,
): ((msg: string) => void) & { flush(): void } {
  const seen = new Map<string, { since: number; repeats: number }>();
  const flush = (at = Number.POSITIVE_INFINITY) => {
    for (const [msg, entry] of seen) {
      if (at - entry.since < windowMs) continue;
      if (entry.repeats > 0) {
        const times = entry.repeats === 1 ? 'time' : 'times';
        log(`${msg} (repeated ${entry.repeats} more ${times} in ${Math.round(windowMs / 1000)} s)`);
      }
      seen.delete(msg);
    }
  };
  const limited = (msg: string) => {
    const t = now();
    flush(t);
    const entry = seen.get(msg);
    if (entry) {
      entry.repeats += 1;
      return;
    }
    seen.set(msg, { since: t, repeats: 0 });
    log(msg);
  };
  return Object.assign(limited, { flush: () => flush() });
}
