import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Long-lived caching for content-hashed build output (a new build gets new names). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The web app's index.html, served for `/` and every client-side route. Each response carries a
 * fresh nonce: Mantine's injected `<style>` tags are tagged with it (the app reads it from the
 * `csp-nonce` meta), so `style-src` needs no 'unsafe-inline'. Scripts are only ever files
 * from 'self'. The page also learns the origins the API accepts, so a copy opened at another
 * address can say which one to use instead of failing silently.
 */
export class WebShell {
  private readonly head: string;
  private readonly tail: string;
  private readonly csp: (nonce: string) => string;

  constructor(indexHtml: string, publicUrl: string, origins: Iterable<string>) {
    const meta =
      `<meta name="csp-nonce" content="__NONCE__" />` +
      `<meta name="portal-public-url" content="${escapeAttr(publicUrl)}" />` +
      `<meta name="portal-origins" content="${escapeAttr([...origins].join(' '))}" />`;
    const at = indexHtml.indexOf('</head>');
    const html = at < 0 ? meta + indexHtml : indexHtml.slice(0, at) + meta + indexHtml.slice(at);
    const split = html.indexOf('__NONCE__');
    this.head = html.slice(0, split);
    this.tail = html.slice(split + '__NONCE__'.length);
    this.csp = shellCsp(origins);
  }

  send(reply: FastifyReply): void {
    const nonce = randomBytes(16).toString('base64');
    void reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', this.csp(nonce))
      .send(this.head + nonce + this.tail);
  }
}

/** The shell's Content-Security-Policy (see docs/SECURITY.md). */
export function shellCsp(origins: Iterable<string>): (nonce: string) => string {
  const sockets = [...origins].flatMap((o) => [o, o.replace(/^http/, 'ws')]);
  const fixed = [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src 'self' ${sockets.join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
  return (nonce) => [...fixed, `style-src 'self' 'nonce-${nonce}'`].join('; ');
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
