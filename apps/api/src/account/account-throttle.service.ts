import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** Budgets of the account endpoints, per 15-minute window (documented in the README's Decisions). */
export const ACCOUNT_THROTTLE = {
  windowSeconds: 15 * 60,
  /** forgot-password requests per email address (known or not, so a 429 reveals nothing). */
  forgotPerAccount: 3,
  /** forgot-password requests per client address. */
  forgotPerIp: 10,
  /** wrong current passwords per user on change-password. */
  changePasswordFailures: 5,
} as const;

export const accountThrottleKeys = {
  forgotAccount: (email: string) => `pwreset:acct:${email}`,
  forgotIp: (ip: string) => `pwreset:ip:${ip}`,
  changePassword: (userId: string) => `pwchange:user:${userId}`,
};

/**
 * Fixed-window counters in Postgres (the `auth_throttle` table of the foundation, with our own key
 * prefixes), so every API instance sees the same numbers.
 */
@Injectable()
export class AccountThrottleService {
  constructor(private readonly db: DataSource) {}

  /** Counts one hit on each key; returns each key's count in the current window. */
  async hit(keys: string[], manager: EntityManager | DataSource = this.db): Promise<Map<string, number>> {
    const rows: { key: string; failures: number }[] = await manager.query(
      `INSERT INTO auth_throttle AS t (key, failures, window_start)
       SELECT k, 1, now() FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.failures + 1 ELSE 1 END,
         window_start = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.window_start ELSE now() END
       RETURNING key, failures`,
      [keys, ACCOUNT_THROTTLE.windowSeconds],
    );
    return new Map(rows.map((r) => [r.key, r.failures]));
  }

  /** The key's count in the current window (0 when none). */
  async count(key: string): Promise<number> {
    const rows: { failures: number }[] = await this.db.query(
      `SELECT failures FROM auth_throttle WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
      [key, ACCOUNT_THROTTLE.windowSeconds],
    );
    return rows[0]?.failures ?? 0;
  }

  async clear(key: string, manager: EntityManager | DataSource = this.db): Promise<void> {
    await manager.query(`DELETE FROM auth_throttle WHERE key = $1`, [key]);
  }
}
