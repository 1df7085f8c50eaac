import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';

/** Documented in docs/SECURITY.md: failures allowed per window before 429. */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perAccountAndIp: 5,
  perIp: 30,
} as const;

export const throttleKeys = {
  account: (email: string, ip: string) => `acct:${email}|${ip}`,
  ip: (ip: string) => `ip:${ip}`,
};

/** Failed sign-in counters in Postgres, so every API instance sees the same numbers. */
@Injectable()
export class ThrottleService {
  constructor(private readonly db: DataSource) {}

  async isBlocked(email: string, ip: string): Promise<boolean> {
    const rows: { key: string; failures: number }[] = await this.db.query(
      `SELECT key, failures FROM auth_throttle
        WHERE key = ANY($1) AND window_start > now() - make_interval(secs => $2)`,
      [[throttleKeys.account(email, ip), throttleKeys.ip(ip)], THROTTLE.windowSeconds],
    );
    return rows.some((r) =>
      r.key.startsWith('acct:') ? r.failures >= THROTTLE.perAccountAndIp : r.failures >= THROTTLE.perIp,
    );
  }

  /** Counts one failure; returns the account+IP count after it. */
  async recordFailure(manager: EntityManager, email: string, ip: string): Promise<number> {
    const rows: { key: string; failures: number }[] = await manager.query(
      `INSERT INTO auth_throttle AS t (key, failures, window_start)
       SELECT k, 1, now() FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.failures + 1 ELSE 1 END,
         window_start = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.window_start ELSE now() END
       RETURNING key, failures`,
      [[throttleKeys.account(email, ip), throttleKeys.ip(ip)], THROTTLE.windowSeconds],
    );
    return rows.find((r) => r.key.startsWith('acct:'))?.failures ?? 0;
  }

  async clearAccount(email: string, ip: string): Promise<void> {
    await this.db.query(`DELETE FROM auth_throttle WHERE key = $1`, [throttleKeys.account(email, ip)]);
  }
}
