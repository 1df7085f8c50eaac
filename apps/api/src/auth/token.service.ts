import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '@portal/domain';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';

/** Session validity: about 100000 seconds. */
export const SESSION_TTL_SECONDS = 100_000;
const AUDIENCE = 'filter-portal';
const CSRF_MAX_AGE_MS = 24 * 3600 * 1000;
/** Verified tokens remembered (by exact token string) so each request skips the HMAC job. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Signs and verifies access tokens (HS256 pinned, audience and purpose checked) and CSRF tokens. */
@Injectable()
export class TokenService {
  private readonly jwtKey: Promise<webcrypto.CryptoKey>;
  private readonly csrfKey: Buffer;
  /** token → claims and expiry (ms); insertion-ordered, so the oldest entry is evicted first. */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(@Inject(ENV) env: Env) {
    // Separate keys per purpose, derived from the one secret. The HMAC key is imported once, not per call.
    const raw = createHmac('sha256', env.JWT_SECRET).update('access-token').digest();
    this.jwtKey = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.csrfKey = createHmac('sha256', env.JWT_SECRET).update('csrf-token').digest();
  }

  async signAccess(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
      .sign(await this.jwtKey);
  }

  /** Returns the claims, or null for any invalid, expired, tampered or wrong-purpose token. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    if (token.length > 4096) return null;
    // Only a byte-identical token hits the cache, and expiry is re-checked on every hit; whether the
    // session is still live is checked by the caller on every request, not cached here.
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.jwtKey, { algorithms: ['HS256'], audience: AUDIENCE });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
      const claims = { sub: payload.sub, sid: payload.sid };
      this.remember(token, claims, typeof payload.exp === 'number' ? payload.exp * 1000 : 0);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAt });
  }

  /** Three-part `nonce.timestamp.signature` token bound to a session or an anonymous cookie id. */
  issueCsrf(binding: string): string {
    const nonce = randomBytes(16).toString('base64url');
    const ts = Date.now().toString(36);
    return `${nonce}.${ts}.${this.csrfSignature(binding, nonce, ts)}`;
  }

  verifyCsrf(token: string | undefined, binding: string): boolean {
    if (!token || token.length < 10 || token.length > 200) return false;
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => p.length === 0)) return false;
    const [nonce, ts, sig] = parts;
    const issued = parseInt(ts, 36);
    if (!Number.isFinite(issued) || Date.now() - issued > CSRF_MAX_AGE_MS || issued - Date.now() > 60_000) return false;
    const expected = Buffer.from(this.csrfSignature(binding, nonce, ts));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private csrfSignature(binding: string, nonce: string, ts: string): string {
    return createHmac('sha256', this.csrfKey).update(`${binding}|${nonce}|${ts}`).digest('base64url');
  }
}
