import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type { LinePercentages, PricedTemplate } from './priced-template';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a search body found: result count and how it matched. */
export interface BodyMeta {
  count: number;
  via: string | null;
}

/** Encodings a body is sent in; identity is the raw JSON. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Anything `sendCached` can answer with. */
export interface Sendable {
  readonly etag: string;
  /** The encodings it prefers, best first (default: br, gzip, identity). */
  readonly preference?: readonly Encoding[];
  bytes(encoding: Encoding): Promise<Buffer>;
}

const BR_FIRST: readonly Encoding[] = ['br', 'gzip', 'identity'];
/** A priced body: its gzip is spliced from pieces compressed once for every company (DeflateSplice). */
const GZIP_FIRST: readonly Encoding[] = ['gzip', 'br', 'identity'];

/**
 * br (text mode) or gzip (level 6) of a body, off the event loop. Quality 6 for bodies compressed
 * once; 2 for one company's rendering of a priced page (compressed per percentage: on a 1,000-variant
 * page about 0.8 ms against 7.5 ms at 6 — best of three on this machine — for 5 % more bytes).
 */
function compress(raw: Buffer, encoding: 'br' | 'gzip', brQuality = 6): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gz(raw, { level: 6 });
}

/** br quality of per-company renderings (see compress). */
const RENDERED_BR_QUALITY = 2;

const keyHash = (key: string) => createHash('sha1').update(key).digest('base64url').slice(0, 16);

/**
 * One cached catalogue response that is the same for every viewer it is cached for (lists, the
 * superadmin's pages). The raw JSON is kept; br and gzip are compressed once (off the event loop)
 * the first time a client asks for them.
 */
export class CachedBody implements Sendable {
  readonly etag: string;
  /** How many results the body holds and how they matched (the search log), when the builder says. */
  meta: BodyMeta | null = null;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly raw: Buffer,
    readonly version: string,
    key: string,
  ) {
    this.etag = `W/"c${version}-${keyHash(key)}"`;
    this.encoded.set('identity', Promise.resolve(raw));
  }

  static of(json: string, version: string, key: string, meta: BodyMeta | null = null): CachedBody {
    const body = new CachedBody(Buffer.from(json), version, key);
    body.meta = meta;
    return body;
  }

  /** What it costs the cache: the raw JSON and room for its compressed copies. */
  get size(): number {
    return this.raw.length * 2;
  }

  bytes(encoding: Encoding): Promise<Buffer> {
    let p = this.encoded.get(encoding);
    if (!p) {
      p = compress(this.raw, encoding as 'br' | 'gzip');
      this.encoded.set(encoding, p);
    }
    return p;
  }
}

/**
 * A priced page cached once for every company (see PricedTemplate): list prices and product lines,
 * never sent as they are. `forCompany` gives the body one company sees.
 */
export class PricedPage {
  readonly keyHash: string;
  meta: BodyMeta | null = null;
  /** Told when the page has grown (its compressed pieces built), so that the cache counts it. */
  grown: (() => void) | null = null;
  private compressing: Promise<void> | null = null;

  constructor(
    readonly template: PricedTemplate,
    readonly version: string,
    readonly key: string,
    readonly scope: string,
  ) {
    this.keyHash = keyHash(key);
  }

  get size(): number {
    return this.template.size;
  }

  /**
   * Compresses the page's static text once for every company, on the first request that takes gzip
   * (in turns of the event loop; concurrent requests wait for the one build).
   */
  compress(): Promise<void> {
    this.compressing ??= this.template.compressInTurns().then(() => this.grown?.());
    return this.compressing;
  }
}

/**
 * One company's rendering of a PricedPage, rendered on demand. Its gzip is spliced from the page's
 * pieces compressed once for every company (a fraction of a millisecond: no compression per company),
 * so gzip is preferred when the client takes it; br is compressed per company. Compressed copies are
 * shared by tag in the second cache.
 */
export class PricedBody implements Sendable {
  readonly etag: string;
  readonly preference = GZIP_FIRST;
  private readonly tag: string;

  constructor(
    readonly page: PricedPage,
    private readonly pcts: LinePercentages,
    private readonly rendered: RenderedCache,
  ) {
    this.tag = page.template.tag(pcts);
    this.etag = `W/"c${page.version}-${page.keyHash}-${this.tag}"`;
  }

  get meta(): BodyMeta | null {
    return this.page.meta;
  }

  bytes(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.page.template.render(this.pcts));
    return this.rendered.get(this.page, `${this.tag}|${encoding}`, async () => {
      if (encoding === 'gzip') {
        await this.page.compress();
        const spliced = this.page.template.gzip(this.pcts);
        if (spliced) return spliced;
      }
      return compress(this.page.template.render(this.pcts), encoding, RENDERED_BR_QUALITY);
    });
  }
}

/** What the caches did: the stats hook of tests and benchmarks. */
export interface CacheStats {
  /** Bodies and templates held, and their cost in bytes. */
  entries: number;
  bytes: number;
  budget: number;
  /** Distinct pages (route + parameters + view) held, whatever their versions. */
  pages: number;
  /** Entries and bytes per route ('product', 'pn', 'search', 'categories', 'sub'); a superadmin's own bodies under '<route>:superadmin'. */
  byRoute: Record<string, { entries: number; bytes: number }>;
  hits: number;
  misses: number;
  /** Entries dropped because their scope moved to a newer version, per scope kind ('n', 'lists', 'sub'). */
  evictedByVersion: Record<string, number>;
  evictedByCapacity: number;
  /** The second cache: compressed renderings per company percentages. */
  rendered: { entries: number; bytes: number; budget: number; hits: number; misses: number };
}

interface Slot<V> {
  scope: string;
  value: V;
  cost: number;
}

/**
 * An LRU whose entries belong to scopes (see the catalogue-scope-versions migration). A scope seen at
 * a newer version drops its entries at once; other scopes keep theirs.
 */
class ScopedLru<V> {
  private readonly entries = new Map<string, Slot<V>>();
  private readonly scopes = new Map<string, { version: bigint; keys: Set<string> }>();
  bytes = 0;
  evictedByVersion: Record<string, number> = {};
  evictedByCapacity = 0;

  constructor(readonly budget: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** Moves `scope` to `version`, dropping its older entries; false when `version` is older than seen. */
  advance(scope: string, version: bigint): boolean {
    const known = this.scopes.get(scope);
    if (!known) {
      this.scopes.set(scope, { version, keys: new Set() });
      return true;
    }
    if (version < known.version) return false;
    if (version > known.version) {
      const kind = scope.split(':')[0];
      for (const k of known.keys) {
        const slot = this.entries.get(k);
        if (slot) this.drop(k, slot);
        this.evictedByVersion[kind] = (this.evictedByVersion[kind] ?? 0) + 1;
      }
      known.keys.clear();
      known.version = version;
    }
    return true;
  }

  get(key: string): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.value;
  }

  /** Stores under `scope` when the scope is still at `version`. */
  put(scope: string, version: bigint, key: string, value: V, cost: number): void {
    const known = this.scopes.get(scope);
    if (!known || known.version !== version || cost > this.budget) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { scope, value, cost });
    known.keys.add(key);
    this.bytes += cost;
    for (const [k, slot] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.drop(k, slot);
      this.evictedByCapacity++;
    }
  }

  /** Counts `key`'s entry at `cost` now (it has grown), when it still holds `value`. */
  recost(key: string, value: V, cost: number): void {
    const slot = this.entries.get(key);
    if (!slot || slot.value !== value) return;
    this.bytes += cost - slot.cost;
    slot.cost = cost;
    for (const [k, s] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.drop(k, s);
      this.evictedByCapacity++;
    }
  }

  /** Every entry: key, value and cost. */
  *slots(): IterableIterator<[string, V, number]> {
    for (const [key, slot] of this.entries) yield [key, slot.value, slot.cost];
  }

  private drop(key: string, slot: Slot<V>): void {
    this.entries.delete(key);
    this.scopes.get(slot.scope)?.keys.delete(key);
    this.bytes -= slot.cost;
  }
}

/** The second cache: compressed renderings of priced pages, keyed by page, version and percentages. */
export class RenderedCache {
  private readonly lru: ScopedLru<Buffer>;
  private readonly pending = new Map<string, Promise<Buffer>>();
  hits = 0;
  misses = 0;

  constructor(budget: number) {
    this.lru = new ScopedLru(budget);
  }

  get(page: PricedPage, variant: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const version = BigInt(page.version);
    const key = `${page.scope}|${page.key}|${variant}`;
    if (this.lru.advance(page.scope, version)) {
      const hit = this.lru.get(key);
      if (hit) {
        this.hits++;
        return Promise.resolve(hit);
      }
    }
    this.misses++;
    const full = `${page.version}|${key}`;
    let p = this.pending.get(full);
    if (!p) {
      p = make().finally(() => this.pending.delete(full));
      this.pending.set(full, p);
      void p.then(
        (bytes) => this.lru.put(page.scope, version, key, bytes, bytes.length + 64),
        () => undefined,
      );
    }
    return p;
  }

  stats(): CacheStats['rendered'] {
    return {
      entries: this.lru.size,
      bytes: this.lru.bytes,
      budget: this.lru.budget,
      hits: this.hits,
      misses: this.misses,
    };
  }
}

/**
 * Per-process LRU of catalogue responses: bodies that are the same for every viewer they are cached
 * for, and priced pages cached once for every company (PricedPage). Each entry belongs to a scope —
 * a category's or sub-category's pages, the category list, a category's sub-category list — whose
 * version Postgres moves in the same transaction as every change to it (see the scope-versions
 * migration); so a change never needs an invalidation message: the next request reads the new
 * version, and the scope's older entries are dropped then. Other scopes keep theirs. Works unchanged
 * with several API processes, each with its own copy.
 */
export class CatalogueCache {
  private readonly lru: ScopedLru<CachedBody | PricedPage>;
  private readonly pending = new Map<string, Promise<CachedBody | PricedPage | null>>();
  readonly rendered: RenderedCache;
  private hits = 0;
  private misses = 0;

  constructor(budget = 64 * 1024 * 1024, renderedBudget = Math.floor(budget / 2)) {
    this.lru = new ScopedLru(budget);
    this.rendered = new RenderedCache(renderedBudget);
  }

  /**
   * The entry for `key` in `scope`, or the result of `build` (stored when it was computed at
   * `version`, the scope's version the request read). Concurrent misses of one key share one build.
   */
  async get<T extends CachedBody | PricedPage>(
    scope: string,
    version: string,
    key: string,
    build: () => Promise<T | null>,
  ): Promise<T | null> {
    const v = BigInt(version);
    const current = this.lru.advance(scope, v);
    const full = `${scope}|${key}`;
    const hit = current ? this.lru.get(full) : undefined;
    if (hit) {
      this.hits++;
      return hit as T;
    }
    this.misses++;
    const pendingKey = `${version}|${full}`;
    let p = this.pending.get(pendingKey) as Promise<T | null> | undefined;
    if (!p) {
      p = build().finally(() => this.pending.delete(pendingKey));
      this.pending.set(pendingKey, p);
      const value = await p;
      // Built from a later snapshot than the request's version check: still correct to serve, but
      // it belongs to another version.
      if (value && value.version === version) {
        this.lru.put(scope, v, full, value, value.size);
        if (value instanceof PricedPage) value.grown = () => this.lru.recost(full, value, value.size);
      }
      return value;
    }
    return p;
  }

  /** Test and diagnostics hook. */
  get size(): number {
    return this.lru.size;
  }

  stats(): CacheStats {
    const byRoute: CacheStats['byRoute'] = {};
    for (const [key, , cost] of this.lru.slots()) {
      const r = (byRoute[key.split('|')[1]] ??= { entries: 0, bytes: 0 });
      r.entries++;
      r.bytes += cost;
    }
    return {
      entries: this.lru.size,
      bytes: this.lru.bytes,
      budget: this.lru.budget,
      pages: this.lru.size,
      byRoute,
      hits: this.hits,
      misses: this.misses,
      evictedByVersion: { ...this.lru.evictedByVersion },
      evictedByCapacity: this.lru.evictedByCapacity,
      rendered: this.rendered.stats(),
    };
  }
}

/** Picks the first of `preference` (br, gzip, identity by default) that Accept-Encoding takes (q=0 refusals honoured). */
export function negotiate(header: string | undefined, preference: readonly Encoding[] = BR_FIRST): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return preference.find((e) => e === 'identity' || ok(e)) ?? 'identity';
}

/**
 * Sends a cached body in the client's encoding, or 304 when the client's copy is current. The
 * response may be kept by the browser but is revalidated on every use (`private, no-cache`): the
 * server checks the session and the catalogue version each time.
 */
export async function sendCached(reply: FastifyReply, body: Sendable): Promise<void> {
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
  const encoding = negotiate(req.headers['accept-encoding'], body.preference);
  const bytes = await body.bytes(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  await reply.type('application/json; charset=utf-8').send(bytes);
}
