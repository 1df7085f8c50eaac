import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Db } from '@portal/db';
import { clearThrottle, hitThrottle, throttleCounts } from './throttle.repository';

/** Documented in docs/SECURITY.md: failures allowed per window before 429. */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perAccountAndIp: 5,
  perIp: 30,
} as const;

export const throttleKeys = {
  account: (email: string, ip: string) => `acct:${email}|${ip}`,
  /** Every account+IP key of the email (a completed reset lifts them all). */
  accountAnyIp: (email: string) => `acct:${email}|`,
  ip: (ip: string) => `ip:${ip}`,
};

/** Failed sign-in counters (per account+IP and per IP). */
@Injectable()
export class ThrottleService {
  constructor(private readonly db: DataSource) {}

  async isBlocked(email: string, ip: string): Promise<boolean> {
    const counts = await throttleCounts(
      this.db,
      [throttleKeys.account(email, ip), throttleKeys.ip(ip)],
      THROTTLE.windowSeconds,
    );
    return [...counts].some(([key, failures]) =>
      key.startsWith('acct:') ? failures >= THROTTLE.perAccountAndIp : failures >= THROTTLE.perIp,
    );
  }

  /** Counts one failure; returns the account+IP count after it. */
  async recordFailure(db: Db, email: string, ip: string): Promise<number> {
    const accountKey = throttleKeys.account(email, ip);
    const counts = await hitThrottle(db, [accountKey, throttleKeys.ip(ip)], THROTTLE.windowSeconds);
    return counts.get(accountKey) ?? 0;
  }

  async clearAccount(email: string, ip: string): Promise<void> {
    await clearThrottle(this.db, throttleKeys.account(email, ip));
  }
}
