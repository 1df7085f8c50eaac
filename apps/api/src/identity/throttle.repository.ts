import { type Db, escapeLike, execute, queryRows } from '@portal/db';

/**
 * Fixed-window counters in `auth_throttle`, shared by sign-in, password and two-factor budgets, so
 * every API instance sees the same numbers. Keys carry their purpose as a prefix.
 */

/**
 * Counts one hit on each key; returns each key's count in the current window. Keys are locked in
 * sorted order (here and in the refund), so concurrent multi-key statements cannot deadlock.
 */
export async function hitThrottle(db: Db, keys: string[], windowSeconds: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; failures: number }>(
    db,
    `INSERT INTO auth_throttle AS t (key, failures, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k
     ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.failures + 1 ELSE 1 END,
       window_start = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.window_start ELSE now() END
     RETURNING key, failures`,
    [[...keys].sort(), windowSeconds],
  );
  return new Map(rows.map((r) => [r.key, r.failures]));
}

/** One attempt budget: at most `limit` attempts counted on `key` per window. */
export interface AttemptLimit {
  key: string;
  limit: number;
}

/**
 * Reserves one attempt on every key before anything is verified. One statement counts it on all of
 * them, so concurrent requests are serialized by the counters' row locks and each sees a distinct
 * count: at most `limit` of a burst are let through. Over budget on any key → the reservation is
 * handed back on every key and null is returned (a refused request spends nothing). Otherwise the
 * counts after the reservation; the caller keeps it for a failure and refunds it for a success.
 */
export async function reserveAttempt(
  db: Db,
  limits: AttemptLimit[],
  windowSeconds: number,
): Promise<Map<string, number> | null> {
  const counts = await hitThrottle(
    db,
    limits.map((l) => l.key),
    windowSeconds,
  );
  if (limits.every((l) => (counts.get(l.key) ?? 0) <= l.limit)) return counts;
  await refundAttempt(
    db,
    limits.map((l) => l.key),
    windowSeconds,
  );
  return null;
}

/** Hands one reserved attempt back on each key (a success, or a request refused over budget). */
export async function refundAttempt(db: Db, keys: string[], windowSeconds: number): Promise<void> {
  await execute(
    db,
    `WITH locked AS (SELECT key FROM auth_throttle WHERE key = ANY($1) ORDER BY key FOR UPDATE)
     UPDATE auth_throttle t SET failures = GREATEST(t.failures - 1, 0)
       FROM locked
      WHERE t.key = locked.key AND t.window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
}

/**
 * Runs `attempt` under a reserved attempt: 429-style refusal (`onRefused`) when over budget, the
 * reservation kept when `attempt` throws an error `isFailure` accepts, refunded otherwise.
 */
export async function withAttempt<T>(
  db: Db,
  limits: AttemptLimit[],
  windowSeconds: number,
  opts: { isFailure: (err: unknown) => boolean; onRefused: () => Error },
  attempt: () => Promise<T>,
): Promise<T> {
  if (!(await reserveAttempt(db, limits, windowSeconds))) throw opts.onRefused();
  let keep = false;
  try {
    return await attempt();
  } catch (err) {
    keep = opts.isFailure(err);
    throw err;
  } finally {
    if (!keep) {
      await refundAttempt(
        db,
        limits.map((l) => l.key),
        windowSeconds,
      );
    }
  }
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await execute(db, `DELETE FROM auth_throttle WHERE key = $1`, [key]);
}

/** Removes every counter whose key starts with `prefix` (taken literally). */
export async function clearThrottlePrefix(db: Db, prefix: string): Promise<void> {
  await execute(db, `DELETE FROM auth_throttle WHERE key LIKE $1`, [`${escapeLike(prefix)}%`]);
}
