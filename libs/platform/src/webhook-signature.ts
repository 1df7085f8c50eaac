import { createHmac } from 'node:crypto';

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` — the bounce webhook's signature. */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}
