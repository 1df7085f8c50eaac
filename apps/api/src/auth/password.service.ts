import { Injectable } from '@nestjs/common';
import { hashPassword, verifyPassword } from '@portal/platform';
import { Limiter } from '../common/limiter';
/**
 * At most this many argon2 hashes at once, so a sign-in storm cannot starve other requests.
 * Measured with scripts/bench/load-mix.mjs on 2 cores: with 2, a storm raised the
 * catalogue's p99 by +13…+38 %; with 1 it stayed within noise (−24 %, −12 %) at ~35 sign-ins/s.
 */
const MAX_CONCURRENT = 1;

@Injectable()
export class PasswordService {
  private readonly limiter = new Limiter(MAX_CONCURRENT);
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return this.limiter.run(() => hashPassword(password));
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    return this.limiter.run(() => verifyPassword(passwordHash, password));
  }

  /** Spends the same work as a real verify, so unknown emails take as long as known ones. */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= hashPassword('not-a-real-password-placeholder');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
