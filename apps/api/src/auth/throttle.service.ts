import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Db } from '@portal/db';
import { clearThrottle, refundAttempt, reserveAttempt } from '../identity/throttle.repository';

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

/**
 * Failed sign-in counters (per account+IP and per IP). Every sign-in step (password, second-factor
 * code) reserves its attempt before anything is verified, so a concurrent burst is evaluated at most
 * up to the budget; a failure keeps the reservation, anything else hands it back.
 */
@Injectable()
export class ThrottleService {
  constructor(private readonly db: DataSource) {}

  /**
   * Reserves one sign-in attempt on the account+IP and IP budgets; the account+IP count including
   * it, or null when either budget is spent (nothing is counted then).
   */
  async reserve(email: string, ip: string, db: Db = this.db): Promise<number | null> {
    const accountKey = throttleKeys.account(email, ip);
    const counts = await reserveAttempt(
      db,
      [
        { key: accountKey, limit: THROTTLE.perAccountAndIp },
        { key: throttleKeys.ip(ip), limit: THROTTLE.perIp },
      ],
      THROTTLE.windowSeconds,
    );
    return counts ? (counts.get(accountKey) ?? 0) : null;
  }

  /** Hands a reserved attempt back (the step succeeded or was not evaluated). */
  refund(email: string, ip: string, db: Db = this.db): Promise<void> {
    return refundAttempt(db, [throttleKeys.account(email, ip), throttleKeys.ip(ip)], THROTTLE.windowSeconds);
  }

  async clearAccount(email: string, ip: string): Promise<void> {
    await clearThrottle(this.db, throttleKeys.account(email, ip));
  }
}
