import { createHash, randomBytes } from 'node:crypto';

/** Reset tokens: 32 bytes (256 bits) from the CSPRNG, sent base64url (43 characters), stored as SHA-256. */
export const RESET_TOKEN_BYTES = 32;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateResetToken(): { token: string; hash: Buffer } {
  const raw = randomBytes(RESET_TOKEN_BYTES);
  return { token: raw.toString('base64url'), hash: sha256(raw) };
}

/** The stored hash of a token from a link, or null when it cannot be one of ours. */
export function hashResetToken(token: string): Buffer | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== RESET_TOKEN_BYTES || raw.toString('base64url') !== token) return null;
  return sha256(raw);
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}
