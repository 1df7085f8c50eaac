import { type Db, escapeLike, execute, queryRows } from '@portal/db';

/**
 * Fixed-window counters in `auth_throttle`, shared by sign-in, password and two-factor budgets, so
 * every API instance sees the same numbers. Keys carry their purpose as a prefix.
 */

/** Counts one hit on each key; returns each key's count in the current window. */
export async function hitThrottle(db: Db, keys: string[], windowSeconds: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; failures: number }>(
    db,
    `INSERT INTO auth_throttle AS t (key, failures, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.failures + 1 ELSE 1 END,
       window_start = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.window_start ELSE now() END
     RETURNING key, failures`,
    [keys, windowSeconds],
  );
  return new Map(rows.map((r) => [r.key, r.failures]));
}

/** Each key's count in the current window (keys without one are absent). */
export async function throttleCounts(db: Db, keys: string[], windowSeconds: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; failures: number }>(
    db,
    `SELECT key, failures FROM auth_throttle WHERE key = ANY($1) AND window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
  return new Map(rows.map((r) => [r.key, r.failures]));
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await execute(db, `DELETE FROM auth_throttle WHERE key = $1`, [key]);
}

/** Removes every counter whose key starts with `prefix` (taken literally). */
export async function clearThrottlePrefix(db: Db, prefix: string): Promise<void> {
  await execute(db, `DELETE FROM auth_throttle WHERE key LIKE $1`, [`${escapeLike(prefix)}%`]);
}
