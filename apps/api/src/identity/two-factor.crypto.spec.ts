import { Secret, TOTP } from 'otpauth';
import * as tfCrypto from './two-factor.crypto';

const APP_SECRET = 'unit-test-secret-that-is-long-enough-for-hkdf!';

describe('two-factor crypto', () => {
  const key = tfCrypto.deriveSecretKey(APP_SECRET);

  it('round-trips a secret and refuses a tampered blob, another user or another app secret', () => {
    const { secret } = tfCrypto.newSecret('a@b.c');
    const blob = tfCrypto.encryptSecret(key, secret, 'user-1');
    expect(blob.toString('latin1')).not.toContain(secret);
    expect(tfCrypto.decryptSecret(key, blob, 'user-1')).toBe(secret);
    // Two encryptions differ (random IV).
    expect(tfCrypto.encryptSecret(key, secret, 'user-1').equals(blob)).toBe(false);
    const tampered = Buffer.from(blob);
    tampered[tampered.length - 1] ^= 1;
    expect(() => tfCrypto.decryptSecret(key, tampered, 'user-1')).toThrow();
    expect(() => tfCrypto.decryptSecret(key, blob, 'user-2')).toThrow();
    expect(() => tfCrypto.decryptSecret(tfCrypto.deriveSecretKey(`${APP_SECRET}x`), blob, 'user-1')).toThrow();
  });

  it('matches the current step and ±1 step only', () => {
    const { secret } = tfCrypto.newSecret('a@b.c');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    for (const d of [-1, 0, 1]) {
      expect(tfCrypto.matchTimeStep(secret, totp.generate({ timestamp: now + d * 30_000 }), now)).toBe(step + d);
    }
    for (const d of [-2, 2]) {
      const code = totp.generate({ timestamp: now + d * 30_000 });
      const inWindow = [-1, 0, 1].map((w) => totp.generate({ timestamp: now + w * 30_000 }));
      if (!inWindow.includes(code)) expect(tfCrypto.matchTimeStep(secret, code, now)).toBeNull();
    }
  });

  it('makes 10 distinct recovery codes of 50 bits', () => {
    const codes = tfCrypto.newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/));
  });

  it('names the portal and the account in the otpauth URL', () => {
    const { secret, otpauthUrl } = tfCrypto.newSecret('someone@example.com');
    expect(otpauthUrl).toBe(
      `otpauth://totp/Filter%20Portal:someone%40example.com?issuer=Filter%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
