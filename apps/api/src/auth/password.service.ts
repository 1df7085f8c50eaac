import { Injectable } from '@nestjs/common';
import { hashPassword, verifyPassword } from '@portal/platform';
/**
 * At most this many argon2 hashes at once, so a sign-in storm cannot starve other requests.
 * Measured with scripts/bench/load-mix.mjs on 2 cores: with 2, a storm raised the
 * catalogue's p99 by +13…+38 %; with 1 it stayed within noise (−24 %, −12 %) at ~35 sign-ins/s.
 */
const MAX_CONCURRENT = 1;

@Injectable()
export class PasswordService {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return this.limited(() => hashPassword(password));
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limited(() => verifyPassword(passwordHash, password));
  }

  /** Spends the same work as a real verify, so unknown emails take as long as known ones. */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= hashPassword('not-a-real-password-placeholder');
    await this.verify(await this.dummyHash, password);
    return false;
  }

  private async limited<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= MAX_CONCURRENT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
