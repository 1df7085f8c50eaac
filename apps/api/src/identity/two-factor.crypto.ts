import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP } from '@portal/domain';

const ISSUER = 'Filter Portal';
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM key for TOTP secrets, derived from the app secret (its own HKDF purpose). */
export function deriveSecretKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'filter-portal', 'two-factor-totp-secret', 32));
}

/** `version | iv | tag | ciphertext`; the user id is authenticated data, so a row cannot be moved to another user. */
export function encryptSecret(key: Buffer, base32: string, userId: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), body]);
}

export function decryptSecret(key: Buffer, blob: Buffer, userId: string): string {
  if (blob[0] !== FORMAT_VERSION) throw new Error('Unknown two-factor secret format');
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(blob.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

function totpFor(base32: string, label = ''): Totp {
  return new Totp({
    issuer: ISSUER,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(base32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length) and its provisioning URL. */
export function newSecret(accountLabel: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpFor(secret, accountLabel).toString() };
}

/** The time step a code belongs to (current ±1 step), or null when it matches none. */
export function matchTimeStep(base32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(base32).validate({ token: code, timestamp: nowMs, window: TOTP.window });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP.periodSeconds) + delta;
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** 32 symbols without look-alikes (no 0/o, 1/l): one random byte → one symbol, unbiased. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Ten codes of 10 symbols (50 bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The single-use sign-in challenge handed out after a correct password (256 bits, base64url). */
export function newChallengeToken(): string {
  return randomBytes(32).toString('base64url');
}
