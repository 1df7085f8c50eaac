import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Db } from '@portal/db';
import { ApiException } from '../common/api-exception';
import { clearThrottle, hitThrottle, withAttempt } from './throttle.repository';

/** Budgets of the account endpoints, per 15-minute window (documented in the README's Decisions). */
export const ACCOUNT_THROTTLE = {
  windowSeconds: 15 * 60,
  /** forgot-password requests per email address (known or not, so a 429 reveals nothing). */
  forgotPerAccount: 3,
  /** forgot-password requests per client address. */
  forgotPerIp: 10,
  /** wrong current passwords per user on change-password. */
  changePasswordFailures: 5,
  /** email-change confirmation mails per user, and per new address (as forgot-password). */
  emailChangePerUser: 3,
  emailChangePerTarget: 3,
} as const;

export const accountThrottleKeys = {
  forgotAccount: (email: string) => `pwreset:acct:${email}`,
  forgotIp: (ip: string) => `pwreset:ip:${ip}`,
  changePassword: (userId: string) => `pwchange:user:${userId}`,
  emailChangeUser: (userId: string) => `emailchange:user:${userId}`,
  emailChangeTarget: (email: string) => `emailchange:to:${email.toLowerCase()}`,
};

/** The account endpoints' counters, in the same `auth_throttle` table with their own key prefixes. */
@Injectable()
export class AccountThrottleService {
  constructor(private readonly db: DataSource) {}

  /** Counts one hit on each key; returns each key's count in the current window. */
  hit(keys: string[], db: Db = this.db): Promise<Map<string, number>> {
    return hitThrottle(db, keys, ACCOUNT_THROTTLE.windowSeconds);
  }

  /**
   * Runs `attempt` with one attempt reserved on `key` (at most `limit` per window): over budget →
   * `onRefused`; kept when `attempt` throws an error `isFailure` accepts, handed back otherwise.
   */
  guarded<T>(
    key: string,
    limit: number,
    opts: { isFailure: (err: unknown) => boolean; onRefused: () => Error },
    attempt: () => Promise<T>,
  ): Promise<T> {
    return withAttempt(this.db, [{ key, limit }], ACCOUNT_THROTTLE.windowSeconds, opts, attempt);
  }

  clear(key: string, db: Db = this.db): Promise<void> {
    return clearThrottle(db, key);
  }
}

/** The current-password check's failure (400), the one outcome that keeps a reserved attempt. */
export function isWrongCurrentPassword(err: unknown): boolean {
  return err instanceof ApiException && err.getStatus() === 400;
}
