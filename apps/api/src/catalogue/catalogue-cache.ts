import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a search body found: result count and how it matched. */
export interface BodyMeta {
  count: number;
  via: string | null;
}

/** Encodings a cached body is kept in; identity is the raw JSON. */
type Encoding = 'br' | 'gzip' | 'identity';

/**
 * One cached catalogue response. The raw JSON is kept; br and gzip are compressed once (off the
 * event loop) the first time a client asks for them.
 */
export class CachedBody {
  readonly etag: string;
  /** How many results the body holds and how they matched (the search log), when the builder says. */
  meta: BodyMeta | null = null;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly raw: Buffer,
    readonly version: string,
    key: string,
  ) {
    this.etag = `W/"c${version}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
    this.encoded.set('identity', Promise.resolve(raw));
  }

  static of(json: string, version: string, key: string, meta: BodyMeta | null = null): CachedBody {
    const body = new CachedBody(Buffer.from(json), version, key);
    body.meta = meta;
    return body;
  }

  bytes(encoding: Encoding): Promise<Buffer> {
    let p = this.encoded.get(encoding);
    if (!p) {
      p =
        encoding === 'br'
          ? brotli(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 6,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gz(this.raw, { level: 6 });
      this.encoded.set(encoding, p);
    }
    return p;
  }
}

/**
 * Per-process LRU of rendered catalogue responses. Keys contain the catalogue version, which
 * Postgres moves in the same transaction as every catalogue change (see the catalogue-version
 * migration), and the caller's price percentage — so a change never needs an invalidation
 * message: the next request simply asks for another key. Works unchanged with several API
 * processes, each with its own copy.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, CachedBody>();
  private readonly pending = new Map<string, Promise<CachedBody | null>>();
  private bytes = 0;
  private newest = 0n;

  constructor(private readonly budget = 64 * 1024 * 1024) {}

  /**
   * The cached body for `key`, or the result of `build` (stored when it was computed at `version`).
   * Concurrent misses of one key share one computation.
   */
  async get(key: string, version: string, build: () => Promise<CachedBody | null>): Promise<CachedBody | null> {
    this.observe(version);
    const full = `${version}|${key}`;
    const hit = this.entries.get(full);
    if (hit) {
      this.entries.delete(full);
      this.entries.set(full, hit);
      return hit;
    }
    let p = this.pending.get(full);
    if (!p) {
      p = build().finally(() => this.pending.delete(full));
      this.pending.set(full, p);
      const body = await p;
      // Built from a later snapshot than the request's version check: still correct to serve, but
      // it belongs to another key.
      if (body && body.version === version) this.put(full, body);
      return body;
    }
    return p;
  }

  /** Test and diagnostics hook. */
  get size(): number {
    return this.entries.size;
  }

  /** A newer catalogue version makes every older entry unreachable: drop them at once. */
  private observe(version: string): void {
    const v = BigInt(version);
    if (v <= this.newest) return;
    this.newest = v;
    for (const [k, body] of this.entries) {
      if (BigInt(body.version) < v) this.remove(k, body);
    }
  }

  private put(key: string, body: CachedBody): void {
    if (body.raw.length * 2 > this.budget) return;
    this.entries.set(key, body);
    this.bytes += body.raw.length * 2;
    for (const [k, b] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.remove(k, b);
    }
  }

  private remove(key: string, body: CachedBody): void {
    this.entries.delete(key);
    this.bytes -= body.raw.length * 2;
  }
}

/** Picks br, then gzip, then identity from Accept-Encoding (q=0 refusals honoured). */
export function negotiate(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Sends a cached body in the client's encoding, or 304 when the client's copy is current. The
 * response may be kept by the browser but is revalidated on every use (`private, no-cache`): the
 * server checks the session and the catalogue version each time.
 */
export async function sendCached(reply: FastifyReply, body: CachedBody): Promise<void> {
  const req = reply.request;
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', body.etag)
    .header('vary', 'accept-encoding, authorization');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === body.etag)) {
    await reply.code(304).send();
    return;
  }
  const encoding = negotiate(req.headers['accept-encoding']);
  const bytes = await body.bytes(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  await reply.type('application/json; charset=utf-8').send(bytes);
}
