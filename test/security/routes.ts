/**
 * Every route of the product, as data (the access matrix). One entry per OpenAPI operation
 * (`METHOD /api/path/{param}` exactly as GET /api/docs-json lists it); the completeness check fails
 * when a controller gains a route that is missing here. To add a route: append an entry with who may
 * call it (`allowed`) and how to build a request for an actor and an id kind (`build`).
 *
 * Id kinds: `own` = the actor's own object (a superadmin's "own" is company A's), `foreign` = the
 * other company's object (for catalogue routes, which have no tenant: another company's id, i.e. an
 * id of the wrong kind), `random` = a random UUID.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  PW,
  form,
  pngBytes,
  uuid,
  type Actor,
  type ActorName,
  type Co,
  type Kind,
  type SecClient,
  type World,
} from './harness';
import { totpCode } from '../two-factor';

export interface Req {
  method: string;
  /** Path under /api/, query string included. */
  path: string;
  body?: unknown;
  /** Multipart body (built fresh per send: a FormData can be read once). */
  form?: () => Promise<FormData>;
  /** Send with this client instead of the actor's (e.g. a throwaway session for logout). */
  client?: SecClient;
}

export interface RouteSpec {
  /** `METHOD /api/path/{param}` as in the OpenAPI document. */
  op: string;
  /** Id kinds to try; routes without an id run once ('own'). */
  kinds: readonly Kind[];
  allowed(actor: ActorName, kind: Kind): boolean;
  build(w: World, actor: Actor, kind: Kind): Promise<Req>;
  /** A GET that changes state by design (why); exempt from the "GET changes nothing" check. */
  getWrites?: string;
  /** Needs no session (anonymous callers are not simply 401). */
  public?: true;
  /** A signed server-to-server webhook: no CSRF token; an unsigned call is 401 whoever sends it. */
  signed?: true;
}

const ID_KINDS: readonly Kind[] = ['own', 'foreign', 'random'];
const NO_ID: readonly Kind[] = ['own'];

// ------------------------------------------------------------------------------- predicates
const everyone = () => true;
const nobody = () => false;
const signedIn = (a: ActorName) => a !== 'anonymous';
const superadmin = (a: ActorName) => a === 'superadmin';
const superOwn = (a: ActorName, k: Kind) => a === 'superadmin' && k === 'own';
const superKnown = (a: ActorName, k: Kind) => a === 'superadmin' && k !== 'random';
const admins = (a: ActorName) => a === 'adminA' || a === 'adminB';
const adminOwnOrSuper = (a: ActorName, k: Kind) => k !== 'random' && (a === 'superadmin' || (admins(a) && k === 'own'));
const signedInOwn = (a: ActorName, k: Kind) => signedIn(a) && k === 'own';
/** A quote request: its requester and company admins (own), superadmins (any real id). */
const quoteSeen = (a: ActorName, k: Kind) => (a === 'superadmin' ? k !== 'random' : signedIn(a) && k === 'own');
/** A company's thing everyone in the company reads (superadmins: any real id). */
const companySeen = quoteSeen;
const adminsOrSuper = (a: ActorName) => a === 'superadmin' || admins(a);

// ------------------------------------------------------------------------------- fixtures
export interface CatalogueFixture {
  categoryId: string;
  subcategoryId: string;
  productId: string;
  variantId: string;
  partNumber: string;
  /** A ready file (PDF) with a thumbnail, owned by the product. */
  fileId: string;
}

const fixtures = new WeakMap<World, { cat: CatalogueFixture; images: Record<Co, string> }>();

/** Catalogue ids, a ready file and each company's logo (created on first use). */
export async function routeFixtures(w: World): Promise<{ cat: CatalogueFixture; images: Record<Co, string> }> {
  const cached = fixtures.get(w);
  if (cached) return cached;
  const db = w.api.db;
  const [v]: { category_id: string; subcategory_id: string; product_id: string; id: string; part_number: string }[] =
    await db.query(
      `SELECT p.category_id, p.subcategory_id, p.id AS product_id, v.id, v.part_number
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
        WHERE NOT v.odd_size AND p.subcategory_id IS NOT NULL AND k.image_svg IS NOT NULL
        ORDER BY k.display_order, p.display_order, v.display_order LIMIT 1`,
    );
  if (!v) throw new Error('routeFixtures needs the demo catalogue (seedWorld({catalogue: true}))');
  const fileId = await readyFile(w, v.product_id);
  const images = { A: await logo(w, 'A'), B: await logo(w, 'B') };
  const value = {
    cat: {
      categoryId: v.category_id,
      subcategoryId: v.subcategory_id,
      productId: v.product_id,
      variantId: v.id,
      partNumber: v.part_number,
      fileId,
    },
    images,
  };
  fixtures.set(w, value);
  return value;
}

/** A 'ready' catalogue file (as the worker leaves it): PDF + thumbnail on disk, row in `files`. */
export async function readyFile(w: World, ownerId: string, ownerType = 'product'): Promise<string> {
  const id = uuid();
  const dir = path.join(w.api.filesDir, 'catalogue');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${id}.pdf`), '%PDF-1.4\n%%EOF\n');
  fs.writeFileSync(
    path.join(dir, `${id}.thumb.webp`),
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
      .webp()
      .toBuffer(),
  );
  await w.api.db.query(
    `INSERT INTO files (id, owner_type, owner_id, name, path, mime, size, status, storage_name, thumbnail_name)
     VALUES ($1::uuid, $2, $3, 'spec.pdf', '/api/catalogue/file/' || $1::text, 'application/pdf', 15, 'ready', $4, $5)`,
    [id, ownerType, ownerId, `${id}.pdf`, `${id}.thumb.webp`],
  );
  return id;
}

/** The company's logo, stored as the upload would store it; returns the generated name. */
async function logo(w: World, co: Co): Promise<string> {
  const name = `${uuid()}.webp`;
  const dir = path.join(w.api.filesDir, 'images');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, name),
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
      .webp()
      .toBuffer(),
  );
  await w.api.db.query(`UPDATE companies SET picture = $2 WHERE id = $1`, [w.ids[co], `/api/files/images/${name}`]);
  return name;
}

/** A throwaway product (one standard variant) for destructive superadmin cases. */
export async function freshProduct(w: World): Promise<{ productId: string; variantId: string; partNumber: string }> {
  const { cat } = await routeFixtures(w);
  const n = w.seq();
  const [p]: { id: string }[] = await w.api.db.query(
    `INSERT INTO products (category_id, subcategory_id, name, display_order)
     SELECT category_id, id, $2, 999 FROM subcategories WHERE id = $1 RETURNING id`,
    [cat.subcategoryId, `Security product ${n}`],
  );
  const partNumber = `SEC-${n}-${uuid().slice(0, 6)}`;
  const [v]: { id: string }[] = await w.api.db.query(
    `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order)
     VALUES ($1, $2, '20x20x1', '19.5x19.5x0.75', 1, 4321, 0) RETURNING id`,
    [p.id, partNumber],
  );
  return { productId: p.id, variantId: v.id, partNumber };
}

// ------------------------------------------------------------------------------- id helpers
/** A company id of `kind` for the actor (superadmin: A is "own"); destructive: a fresh company. */
async function companyFor(w: World, a: Actor, kind: Kind, destructive = false): Promise<string> {
  if (kind === 'random') return uuid();
  if (a.name === 'superadmin' && destructive) return w.freshCompany();
  const own = w.coOf(a);
  return w.ids[kind === 'own' ? own : w.other(own)];
}

/** A fresh employee of the actor's company (own) or of the other company (foreign). */
async function userFor(w: World, a: Actor, kind: Kind): Promise<string> {
  if (kind === 'random') return uuid();
  const own = w.coOf(a);
  return (await w.freshEmployee(kind === 'own' ? own : w.other(own))).id;
}

/** Issue 27: `userFor` with a pending invitation (so resend and revoke have something to act on). */
async function invitedFor(w: World, a: Actor, kind: Kind): Promise<string> {
  const id = await userFor(w, a, kind);
  if (kind === 'random') return id;
  await w.api.db.query(
    `INSERT INTO user_invitations (user_id, token_hash, expires_at)
     VALUES ($1, sha256(gen_random_uuid()::text::bytea), now() + interval '7 days')`,
    [id],
  );
  return id;
}

/** A catalogue node for catalogue reads: own = the real one; foreign = another company's id. */
function nodeFor(w: World, a: Actor, kind: Kind, real: string): string {
  if (kind === 'random') return uuid();
  if (kind === 'foreign') return w.ids[w.other(w.coOf(a))];
  return real;
}

/**
 * A ready price list with its file on disk: own = requested by the actor (for its company; a
 * superadmin's for company A), foreign = requested by an employee of the other company.
 */
async function pricelistFor(w: World, a: Actor, kind: Kind): Promise<string> {
  if (kind === 'random' || !a.user) return uuid();
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const requester = kind === 'own' ? a.user.id : (await w.freshEmployee(co)).id;
  const id = uuid();
  const dir = path.join(w.api.filesDir, 'pricelists');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${id}.csv`),
    'category,subcategory,product,part_number,size,actual_size,depth,price\n',
  );
  await w.api.db.query(
    `INSERT INTO pricelists (id, requested_by, company_id, format, scope, scope_name, status, size, storage_name)
     VALUES ($1, $2, $3, 'csv', 'catalogue', 'Whole catalogue', 'ready', 72, $4)`,
    [id, requester, w.ids[co], `${id}.csv`],
  );
  return id;
}

/**
 * A quote request in `status` with one unlisted line: own = the actor's (an employee's or admin's
 * own request; a superadmin's: one of company A), foreign = one by an employee of the other company.
 */
async function quoteFor(w: World, a: Actor, kind: Kind, status: string): Promise<{ id: string; lineId: string }> {
  if (kind === 'random') return { id: uuid(), lineId: uuid() };
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const requester = kind === 'own' && a.user && a.name !== 'superadmin' ? a.user : await w.freshEmployee(co);
  const [q] = await w.api.db.query(
    `INSERT INTO quote_requests (company_id, requested_by, requester_name, status, valid_until, expires_at, line_count)
     VALUES ($1, $2, 'requester', $3, current_date + 30, now() + interval '30 days', 1) RETURNING id`,
    [w.ids[co], requester.id, status],
  );
  const [l] = await w.api.db.query(
    `INSERT INTO quote_request_lines (quote_request_id, position, kind, part_number, quantity) VALUES ($1, 1, 'unlisted', 'SEC-1', 1) RETURNING id`,
    [q.id],
  );
  return { id: q.id, lineId: l.id };
}

/**
 * A site with one unit and one filter slot (no recorded change, no contacts): own = of the actor's
 * company (a superadmin's: company A), foreign = of the other company.
 */
async function programmeFor(
  w: World,
  a: Actor,
  kind: Kind,
): Promise<{ siteId: string; unitId: string; slotId: string }> {
  if (kind === 'random') return { siteId: uuid(), unitId: uuid(), slotId: uuid() };
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const n = w.seq();
  const [site] = await w.api.db.query(
    `INSERT INTO sites (company_id, name, code, time_zone) VALUES ($1, $2, $3, 'America/New_York') RETURNING id`,
    [w.ids[co], `Site ${n}`, `S${n}`],
  );
  const [unit] = await w.api.db.query(
    `INSERT INTO site_units (site_id, company_id, label, kind) VALUES ($1, $2, 'AHU-1', 'ahu') RETURNING id`,
    [site.id, w.ids[co]],
  );
  const [slot] = await w.api.db.query(
    `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, quantity, interval_unit,
       interval_count, anchor_date, next_due)
     SELECT $1, $2, $3, 'single', 'catalogue', v.id, 2, 'month', 3, current_date, current_date + 90
       FROM variants v WHERE NOT v.odd_size ORDER BY v.part_number LIMIT 1 RETURNING id`,
    [unit.id, site.id, w.ids[co]],
  );
  return { siteId: site.id, unitId: unit.id, slotId: slot.id };
}

async function anyVariantId(w: World): Promise<string> {
  const [v] = await w.api.db.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`);
  return v.id;
}

/**
 * An order request in `status` with one catalogue line: own = the actor's (an employee's or admin's
 * own; a superadmin's: one of company A; `colleague`: by a fresh employee of the actor's company, for
 * the approvals an admin takes on others' requests), foreign = one by an employee of the other company.
 */
async function orderFor(w: World, a: Actor, kind: Kind, status: string, colleague = false): Promise<string> {
  if (kind === 'random') return uuid();
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const mine = kind === 'own' && a.user && a.name !== 'superadmin' && !colleague;
  const requester = mine ? a.user! : await w.freshEmployee(co);
  const { cat } = await routeFixtures(w);
  const [o] = await w.api.db.query(
    `INSERT INTO order_requests (company_id, requested_by, requester_name, status, total_cents, line_count)
     VALUES ($1, $2, 'requester', $3, 1000, 1) RETURNING id`,
    [w.ids[co], requester.id, status],
  );
  await w.api.db.query(
    `INSERT INTO order_request_lines (order_request_id, position, kind, variant_id, part_number, description, quantity,
                                      unit_price_cents, line_total_cents)
     VALUES ($1, 1, 'catalogue', $2, $3, 'Filter', 1, 1000, 1000)`,
    [o.id, cat.variantId, cat.partNumber],
  );
  return o.id;
}

/** An agreed item of the actor's company (own; a superadmin's: company A's) or of the other company. */
async function agreedItemFor(w: World, a: Actor, kind: Kind): Promise<string> {
  if (kind === 'random') return uuid();
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const [i] = await w.api.db.query(
    `INSERT INTO agreed_items (company_id, kind, description, part_number, price_cents, price_held_until)
     VALUES ($1, 'unlisted', 'SEC agreed part', 'SEC-AGREED', 1250, current_date + 100) RETURNING id`,
    [w.ids[co]],
  );
  return i.id;
}

/** An address put on the email suppression list: a fresh one per call. */
async function suppressedAddress(w: World): Promise<string> {
  const address = `gone-${uuid().slice(0, 8)}@example.com`;
  await w.api.db.query(`INSERT INTO email_suppressions (address, reason) VALUES ($1, 'hard_bounce')`, [address]);
  return address;
}

/** A user of `kind` (as userFor) whose address is suppressed. */
async function suppressedUserFor(w: World, a: Actor, kind: Kind): Promise<string> {
  const id = await userFor(w, a, kind);
  if (kind !== 'random')
    await w.api.db.query(
      `INSERT INTO email_suppressions (address, reason) SELECT email, 'hard_bounce' FROM users WHERE id = $1`,
      [id],
    );
  return id;
}

/** A catalogue import row (own) or a random id. */
async function importFor(w: World, kind: Kind, status: string): Promise<string> {
  if (kind !== 'own') return uuid();
  const [row] = await w.api.db.query(
    `INSERT INTO catalogue_imports (status, file_name, format, size) VALUES ($1, 'empty.csv', 'csv', 0) RETURNING id`,
    [status],
  );
  return row.id;
}

/** A part alias of the fixture variant (own), or a random id. */
/** A scheduled multiplier change of A's (own), B's (foreign) or an unknown id, at an instant of its own. */
async function priceChangeFor(w: World, kind: Kind): Promise<string> {
  if (kind === 'random') return uuid();
  const effectiveAt = new Date(Date.UTC(2040, 0, 1) + w.seq() * 60_000).toISOString();
  const [row] = await w.api.db.query(
    `INSERT INTO price_changes (kind, company_id, discount_percentage, effective_at)
     VALUES ('company_multipliers', $1, 40, $2) RETURNING id`,
    [w.ids[kind === 'own' ? 'A' : 'B'], effectiveAt],
  );
  await w.api.db.query(
    `INSERT INTO price_change_targets (price_change_id, scope, product_line, effective_at) VALUES ($1, $2, 'discount', $3)`,
    [row.id, w.ids[kind === 'own' ? 'A' : 'B'], effectiveAt],
  );
  return row.id;
}

/**
 * An announced change with its notice list built: own = one moving the actor's company's prices, foreign =
 * the other company's (a superadmin's: company A's, as for the other ids).
 */
async function noticeListFor(w: World, a: Actor, kind: Kind): Promise<string> {
  if (kind === 'random' || !a.user) return uuid();
  const co = kind === 'own' ? w.coOf(a) : w.other(w.coOf(a));
  const [change] = await w.api.db.query(
    `INSERT INTO price_changes (kind, company_id, discount_percentage, effective_at, notice_sent_at)
     VALUES ('company_multipliers', $1, 40, $2, now()) RETURNING id`,
    [w.ids[co], new Date(Date.UTC(2042, 0, 1) + w.seq() * 60_000).toISOString()],
  );
  const requester = await w.freshEmployee(co);
  const id = uuid();
  const dir = path.join(w.api.filesDir, 'pricelists');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${id}.xlsx`), 'PK');
  await w.api.db.query(
    `INSERT INTO pricelists (id, requested_by, company_id, format, scope, scope_name, status, size, storage_name,
       price_change_id)
     VALUES ($1, $2, $3, 'xlsx', 'catalogue', 'Whole catalogue', 'ready', 2, $4, $5)`,
    [id, requester.id, w.ids[co], `${id}.xlsx`, change.id],
  );
  return change.id;
}

async function aliasFor(w: World, kind: Kind): Promise<string> {
  if (kind !== 'own') return uuid();
  const { cat } = await routeFixtures(w);
  const [row] = await w.api.db.query(
    `INSERT INTO part_aliases (alias, variant_id, source) VALUES ($1, $2, 'competitor') RETURNING id`,
    [`SEC-ALIAS-${w.seq()}`, cat.variantId],
  );
  return row.id;
}

const importCsv = async () =>
  form('file', [
    {
      name: 'catalogue.csv',
      data: Buffer.from('category,subcategory,product,part_number,list_price\n'),
      type: 'text/csv',
    },
  ]);

/** A programme file (superadmins name company A). */
const programmeCsv = (w: World, a: Actor) => async () => {
  const fd = form('file', [
    {
      name: 'programme.csv',
      data: Buffer.from('site code,unit label,part number or size,quantity,interval,last changed\n'),
      type: 'text/csv',
    },
  ]);
  if (a.name === 'superadmin') fd.append('companyId', w.ids.A);
  return fd;
};

/** A checked programme import of the actor's company (own; superadmin: A's), B's (foreign) or an unknown id. */
async function sitesImportFor(w: World, a: Actor, kind: Kind): Promise<string> {
  if (kind === 'random') return uuid();
  const own = a.name === 'superadmin' ? 'A' : w.coOf(a);
  const co = kind === 'own' ? own : w.other(own);
  const [row] = await w.api.db.query(
    `INSERT INTO sites_imports (id, company_id, status, file_name, format, storage_name, size_bytes, started_by_name,
                                started_by_email, started_by_role)
     VALUES (gen_random_uuid(), $1, 'ready', 'empty.csv', 'csv', 'gone.csv', 0, 'x', 'x@example.com', 'admin') RETURNING id`,
    [w.ids[co]],
  );
  return row.id;
}

const png = async () => form('file', [{ name: 'me.png', data: await pngBytes(), type: 'image/png' }]);

/** The same user role in a throwaway account, so session-ending routes leave the actor signed in. */
async function throwaway(w: World, a: Actor): Promise<{ client: SecClient; email: string }> {
  if (!a.user) return { client: a.client, email: 'nobody@example.com' };
  const role = a.name === 'superadmin' ? 'superadmin' : a.name.startsWith('admin') ? 'admin' : 'employee';
  const u = await w.freshUser(role, a.company);
  return { client: await w.signIn(u.email), email: u.email };
}

/** A throwaway account of the actor's role with two-factor enabled (the actor's own client when anonymous). */
async function twoFactorThrowaway(w: World, a: Actor): Promise<{ client: SecClient; secret: string }> {
  const { client } = await throwaway(w, a);
  if (!a.user) return { client, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
  const secret = (await client.send('POST', '2fa/setup')).body.data.secret as string;
  const enabled = await client.send('POST', '2fa/enable', { body: { code: totpCode(secret) } });
  if (enabled.status !== 200) throw new Error(`2fa enable failed: ${enabled.status}`);
  // Enabling ends other sessions, not this one; a fresh CSRF token is not needed (same session).
  return { client, secret };
}

// ------------------------------------------------------------------------------- the table
export const ROUTES: RouteSpec[] = [
  // ---- system, auth, account
  {
    op: 'GET /api/config',
    public: true,
    kinds: NO_ID,
    allowed: everyone,
    build: async () => ({ method: 'GET', path: 'config' }),
  },
  {
    op: 'GET /api/health',
    public: true,
    kinds: NO_ID,
    allowed: everyone,
    build: async () => ({ method: 'GET', path: 'health' }),
  },
  {
    op: 'GET /api/csrf-token',
    public: true,
    kinds: NO_ID,
    allowed: everyone,
    build: async () => ({ method: 'GET', path: 'csrf-token' }),
  },
  {
    op: 'POST /api/login',
    public: true,
    kinds: NO_ID,
    allowed: nobody, // wrong credentials never succeed, whoever sends them
    build: async (w, a) => ({
      method: 'POST',
      path: 'login',
      body: { email: a.user?.email ?? 'nobody@example.com', password: 'Wrong-passw0rd!' },
    }),
  },
  {
    op: 'GET /api/validate',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'validate' }),
  },
  {
    op: 'POST /api/logout',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => ({
      method: 'POST',
      path: 'logout',
      client: a.user ? await w.signIn(a.user.email) : undefined,
    }),
  },
  {
    op: 'POST /api/forgot-password',
    public: true,
    kinds: NO_ID,
    allowed: everyone, // same answer for every email (enumeration-safe)
    build: async (w) => ({
      method: 'POST',
      path: 'forgot-password',
      body: { email: `nobody${w.seq()}@nowhere.example` },
    }),
  },
  {
    op: 'POST /api/reset-password',
    public: true,
    kinds: NO_ID,
    allowed: nobody,
    build: async () => ({
      method: 'POST',
      path: 'reset-password',
      body: { token: 'A'.repeat(43), password: 'Brand-new-Passw0rd!' },
    }),
  },
  {
    op: 'POST /api/reset-password/check',
    public: true,
    kinds: NO_ID,
    allowed: everyone, // answers every token with its state; only a live emailed token is 'valid'
    build: async () => ({ method: 'POST', path: 'reset-password/check', body: { token: 'A'.repeat(43) } }),
  },
  {
    op: 'POST /api/user/confirm-email',
    public: true,
    kinds: NO_ID,
    allowed: nobody, // only a live emailed token succeeds
    build: async () => ({ method: 'POST', path: 'user/confirm-email', body: { token: 'A'.repeat(43) } }),
  },
  { op: 'GET /api/user/me', kinds: NO_ID, allowed: signedIn, build: async () => ({ method: 'GET', path: 'user/me' }) },
  {
    op: 'PATCH /api/user',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => {
      const [u] = a.user
        ? await w.api.db.query(`SELECT username, email FROM users WHERE id = $1`, [a.user.id])
        : [null];
      return {
        method: 'PATCH',
        path: 'user',
        body: { username: u?.username ?? 'x', email: u?.email ?? 'x@example.com' },
      };
    },
  },
  {
    op: 'POST /api/change-password',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => ({
      method: 'POST',
      path: 'change-password',
      body: { oldPassword: PW, newPassword: `Fresh-Passw0rd-${w.seq()}!` },
      client: (await throwaway(w, a)).client,
    }),
  },
  {
    op: 'PATCH /api/user/upload',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'PATCH', path: 'user/upload', form: png }),
  },
  {
    op: 'PATCH /api/company/upload/{companyId}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'PATCH', path: `company/upload/${await companyFor(w, a, k)}`, form: png }),
  },
  {
    op: 'GET /api/files/images/{name}',
    kinds: ID_KINDS,
    // Images of one's own company (logo, colleagues' pictures); a superadmin sees every company's.
    allowed: (a, k) => signedIn(a) && (k === 'own' || (a === 'superadmin' && k === 'foreign')),
    build: async (w, a, k) => {
      const { images } = await routeFixtures(w);
      const own = w.coOf(a);
      const name = k === 'random' ? `${uuid()}.webp` : images[k === 'own' ? own : w.other(own)];
      return { method: 'GET', path: `files/images/${name}` };
    },
  },

  // ---- companies
  {
    op: 'GET /api/company',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'company?page=1&limit=9&search=&sortBy=name&sortOrder=asc' }),
  },
  {
    op: 'POST /api/company',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => {
      const n = w.seq();
      return {
        method: 'POST',
        path: 'company',
        body: { name: `New ${n}`, username: 'N', email: `new${n}@new.example`, password: PW, confirm_password: PW },
      };
    },
  },
  {
    op: 'GET /api/company/user/{companyId}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'GET', path: `company/user/${await companyFor(w, a, k)}` }),
  },
  {
    op: 'GET /api/company/{id}',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => ({ method: 'GET', path: `company/${await companyFor(w, a, k)}` }),
  },
  {
    op: 'PATCH /api/company/{id}',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `company/${await companyFor(w, a, k)}`,
      body: { discount_percentage: 50 },
    }),
  },
  {
    op: 'DELETE /api/company/{id}',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => ({ method: 'DELETE', path: `company/${await companyFor(w, a, k, true)}` }),
  },

  // ---- users
  {
    op: 'POST /api/user',
    kinds: ID_KINDS,
    // An admin's company comes from the session (company_id in the body is ignored): succeeds for any
    // kind, and the matrix checks the new user landed in the admin's own company as an employee.
    allowed: (a, k) => admins(a) || superKnown(a, k),
    build: async (w, a, k) => ({
      method: 'POST',
      path: 'user',
      body: {
        company_id: await companyFor(w, a, k),
        username: 'Made',
        email: `made${w.seq()}@made.example`,
        password: PW,
        action: 'admin',
      },
    }),
  },
  {
    op: 'GET /api/user',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'user/?page=1&limit=20' }),
  },
  {
    op: 'GET /api/user/total',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'user/total' }),
  },
  {
    op: 'GET /api/user/employee',
    kinds: NO_ID,
    allowed: admins,
    build: async () => ({ method: 'GET', path: 'user/employee' }),
  },
  {
    op: 'GET /api/user/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'GET', path: `user/${await userFor(w, a, k)}` }),
  },
  {
    op: 'PATCH /api/user/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `user/${await userFor(w, a, k)}`,
      body: { username: 'Renamed', status: false },
    }),
  },
  {
    op: 'DELETE /api/user/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'DELETE', path: `user/${await userFor(w, a, k)}` }),
  },
  {
    op: 'DELETE /api/user/bulk',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'DELETE',
      path: 'user/bulk',
      body: { id: [await userFor(w, a, k), await userFor(w, a, k)] },
    }),
  },
  {
    op: 'GET /api/user/resend/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'GET', path: `user/resend/${await userFor(w, a, k)}` }),
    getWrites: 'the original client calls resend as a GET: it issues a set-password link and an email event',
  },

  // ---- invitations
  {
    op: 'POST /api/user/{id}/invitation/resend',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'POST', path: `user/${await invitedFor(w, a, k)}/invitation/resend` }),
  },
  {
    op: 'DELETE /api/user/{id}/invitation',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'DELETE', path: `user/${await invitedFor(w, a, k)}/invitation` }),
  },
  {
    op: 'POST /api/invitation/check',
    public: true,
    kinds: NO_ID,
    allowed: nobody, // only a token from an invitation email is known
    build: async () => ({ method: 'POST', path: 'invitation/check', body: { token: 'A'.repeat(43) } }),
  },
  {
    op: 'POST /api/invitation/accept',
    public: true,
    kinds: NO_ID,
    allowed: nobody,
    build: async () => ({
      method: 'POST',
      path: 'invitation/accept',
      body: { token: 'A'.repeat(43), password: 'Brand-new-Passw0rd!' },
    }),
  },
  {
    op: 'POST /api/invitation/request-new',
    public: true,
    kinds: NO_ID,
    allowed: nobody,
    build: async () => ({ method: 'POST', path: 'invitation/request-new', body: { token: 'A'.repeat(43) } }),
  },

  // ---- notifications
  {
    op: 'GET /api/notification',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'notification?page=1&limit=20' }),
  },
  {
    op: 'DELETE /api/notification',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => {
      if (k === 'random') return { method: 'DELETE', path: 'notification/', body: { ids: [uuid()] } };
      const [n] = await w.api.db.query(
        `INSERT INTO notifications (event_id, username, email, description) VALUES (gen_random_uuid(), 'n', 'n@x.example', 'd') RETURNING id`,
      );
      return { method: 'DELETE', path: 'notification/', body: { ids: [n.id] } };
    },
  },

  {
    op: 'GET /api/notification/unread-count',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'notification/unread-count' }),
  },
  {
    op: 'PATCH /api/notification/read',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => {
      if (k === 'random') return { method: 'PATCH', path: 'notification/read', body: { ids: [uuid()] } };
      const [n] = await w.api.db.query(
        `INSERT INTO notifications (event_id, username, email, description) VALUES (gen_random_uuid(), 'n', 'n@x.example', 'd') RETURNING id`,
      );
      return { method: 'PATCH', path: 'notification/read', body: { ids: [n.id] } };
    },
  },

  // ---- audit log (read-only: admins see their own company's entries only)
  {
    op: 'GET /api/audit',
    kinds: NO_ID,
    allowed: (a) => a === 'superadmin' || admins(a),
    build: async () => ({
      method: 'GET',
      path: 'audit?page=1&limit=200&entity=&entity_id=&actor_id=&company_id=&action=&from=&to=',
    }),
  },
  {
    op: 'GET /api/audit/export',
    kinds: NO_ID,
    allowed: (a) => a === 'superadmin' || admins(a),
    build: async () => ({
      method: 'GET',
      path: 'audit/export?entity=&entity_id=&actor_id=&company_id=&action=&from=&to=',
    }),
  },

  // ---- catalogue reads
  {
    op: 'GET /api/catalogue',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'catalogue?role=superadmin' }),
  },
  {
    op: 'GET /api/catalogue/subcatalogue/{catalogueId}',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/subcatalogue/${nodeFor(w, a, k, (await routeFixtures(w)).cat.categoryId)}?role=superadmin`,
    }),
  },
  {
    op: 'GET /api/catalogue/product/{id}',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/product/${nodeFor(w, a, k, (await routeFixtures(w)).cat.subcategoryId)}`,
    }),
  },
  {
    op: 'GET /api/catalogue/productNumber/{id}',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      return {
        method: 'GET',
        path: `catalogue/productNumber/${nodeFor(w, a, k, cat.subcategoryId)}?partNumber=${encodeURIComponent(cat.partNumber)}`,
      };
    },
  },
  {
    op: 'GET /api/catalogue/searchproduct/{id}',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/searchproduct/${nodeFor(w, a, k, (await routeFixtures(w)).cat.subcategoryId)}?width=20&height=20&depth=1&action=not-exactly`,
    }),
  },
  {
    op: 'GET /api/catalogue/image/{id}',
    public: true,
    kinds: ID_KINDS,
    allowed: (a, k) => k === 'own', // public artwork (used by <img>), only real categories
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/image/${nodeFor(w, a, k, (await routeFixtures(w)).cat.categoryId)}`,
    }),
  },

  // ---- catalogue editing (superadmin only except reading resources)
  {
    op: 'PUT /api/catalogue/product/{productId}/variants',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const p = await freshProduct(w);
      const id = k === 'own' ? p.productId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return {
        method: 'PUT',
        path: `catalogue/product/${id}/variants`,
        body: { variants: [], deleted: [{ _id: p.variantId, version: 1 }] },
      };
    },
  },
  {
    op: 'PATCH /api/catalogue/appendvarient/{productId}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const p = await freshProduct(w);
      const id = k === 'own' ? p.productId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      const n = w.seq();
      return {
        method: 'PATCH',
        path: `catalogue/appendvarient/${id}`,
        body: {
          variants: [
            {
              part_number: `APP-${n}-${uuid().slice(0, 6)}`,
              size: '16x25x1',
              actual_size: '15.5x24.5x0.75',
              depth: 1,
              list_price: 9.99,
            },
          ],
        },
      };
    },
  },
  {
    op: 'PATCH /api/catalogue/deletefile/{fileId}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      const id = k === 'own' ? await readyFile(w, cat.productId) : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return { method: 'PATCH', path: `catalogue/deletefile/${id}` };
    },
  },
  {
    op: 'PATCH /api/catalogue/upload/file/{id}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      const id = k === 'own' ? cat.productId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return {
        method: 'PATCH',
        path: `catalogue/upload/file/${id}`,
        form: async () =>
          form('files', [{ name: 'sheet.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }]),
      };
    },
  },
  {
    op: 'PATCH /api/catalogue/{productId}/variant/{variantId}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const p = await freshProduct(w);
      const vid = k === 'own' ? p.variantId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return {
        method: 'PATCH',
        path: `catalogue/${p.productId}/variant/${vid}`,
        body: {
          part_number: p.partNumber,
          size: '20x20x1',
          actual_size: '19.5x19.5x0.75',
          depth: 1,
          list_price: 50,
          version: 1,
        },
      };
    },
  },
  {
    op: 'DELETE /api/catalogue/{productId}/variant/{variantId}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const p = await freshProduct(w);
      const vid = k === 'own' ? p.variantId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return { method: 'DELETE', path: `catalogue/${p.productId}/variant/${vid}` };
    },
  },
  {
    op: 'POST /api/catalogue/product',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      const id = k === 'own' ? cat.categoryId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return {
        method: 'POST',
        path: 'catalogue/product',
        body: { name: `Added ${w.seq()}`, catalogue_id: id, variants: [{ part_number: 'DEFAULT_PN' }] },
      };
    },
  },
  {
    op: 'PATCH /api/catalogue/category/{categoryId}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      const id = k === 'own' ? cat.categoryId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      // The category's own product line: allowed callers change nothing that other checks price.
      const [row]: { product_line: string | null }[] = await w.api.db.query(
        `SELECT product_line FROM categories WHERE id = $1`,
        [cat.categoryId],
      );
      return { method: 'PATCH', path: `catalogue/category/${id}`, body: { product_line: row.product_line } };
    },
  },
  {
    op: 'DELETE /api/catalogue/product/{id}',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const id = k === 'own' ? (await freshProduct(w)).productId : k === 'foreign' ? w.ids[w.other(w.coOf(a))] : uuid();
      return { method: 'DELETE', path: `catalogue/product/${id}` };
    },
  },
  {
    op: 'GET /api/catalogue/variant/{variantId}/price-history',
    kinds: ID_KINDS,
    allowed: superOwn,
    build: async (w, a, k) => {
      const { cat } = await routeFixtures(w);
      return { method: 'GET', path: `catalogue/variant/${nodeFor(w, a, k, cat.variantId)}/price-history` };
    },
  },
  {
    op: 'GET /api/catalogue/product/{productId}/files',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/product/${nodeFor(w, a, k, (await routeFixtures(w)).cat.productId)}/files`,
    }),
  },
  {
    op: 'GET /api/catalogue/file/{fileId}',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/file/${nodeFor(w, a, k, (await routeFixtures(w)).cat.fileId)}`,
    }),
  },
  {
    op: 'GET /api/catalogue/file/{fileId}/thumbnail',
    kinds: ID_KINDS,
    allowed: signedInOwn,
    build: async (w, a, k) => ({
      method: 'GET',
      path: `catalogue/file/${nodeFor(w, a, k, (await routeFixtures(w)).cat.fileId)}/thumbnail`,
    }),
  },

  // ---- two-factor sign-in and the security policy
  {
    op: 'POST /api/login/2fa',
    public: true,
    kinds: NO_ID,
    allowed: nobody, // an unknown challenge never signs anyone in
    build: async () => ({ method: 'POST', path: 'login/2fa', body: { mfa_token: 'A'.repeat(43), code: '123456' } }),
  },
  { op: 'GET /api/2fa', kinds: NO_ID, allowed: signedIn, build: async () => ({ method: 'GET', path: '2fa' }) },
  {
    op: 'POST /api/2fa/setup',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => ({ method: 'POST', path: '2fa/setup', client: (await throwaway(w, a)).client }),
  },
  {
    op: 'POST /api/2fa/enable',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => {
      if (!a.user) return { method: 'POST', path: '2fa/enable', body: { code: '123456' } };
      const { client } = await throwaway(w, a);
      const secret = (await client.send('POST', '2fa/setup')).body.data.secret as string;
      return { method: 'POST', path: '2fa/enable', body: { code: totpCode(secret) }, client };
    },
  },
  {
    op: 'POST /api/2fa/disable',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => {
      const { client, secret } = await twoFactorThrowaway(w, a);
      return { method: 'POST', path: '2fa/disable', body: { password: PW, code: totpCode(secret, 1) }, client };
    },
  },
  {
    op: 'POST /api/2fa/recovery-codes',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => {
      const { client, secret } = await twoFactorThrowaway(w, a);
      return { method: 'POST', path: '2fa/recovery-codes', body: { code: totpCode(secret, 1) }, client };
    },
  },
  {
    op: 'DELETE /api/user/{id}/2fa',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => {
      const id = await userFor(w, a, k);
      // A second factor as enabling leaves it (the reset never decrypts the secret).
      if (k !== 'random') {
        await w.api.db.query(
          `INSERT INTO user_two_factor (user_id, secret_enc, enabled_at) VALUES ($1, '\\x01', now())`,
          [id],
        );
      }
      return { method: 'DELETE', path: `user/${id}/2fa` };
    },
  },
  {
    op: 'GET /api/settings/security',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'settings/security' }),
  },
  {
    op: 'PATCH /api/settings/security',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'PATCH', path: 'settings/security', body: { require_2fa_for: 'none' } }),
  },

  // Price lists: anyone signed in requests their own company's (a superadmin names the company);
  // a list is readable by its requester and superadmins only.
  {
    op: 'POST /api/pricelists',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w, a) => ({
      method: 'POST',
      path: 'pricelists',
      body: { format: 'csv', companyId: w.ids[w.coOf(a)] },
    }),
  },
  {
    op: 'GET /api/pricelists',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'pricelists' }),
  },
  {
    op: 'GET /api/pricelists/{id}',
    kinds: ID_KINDS,
    allowed: (a, k) => signedIn(a) && (k === 'own' || (a === 'superadmin' && k === 'foreign')),
    build: async (w, a, k) => ({ method: 'GET', path: `pricelists/${await pricelistFor(w, a, k)}` }),
  },
  {
    op: 'GET /api/pricelists/{id}/download',
    kinds: ID_KINDS,
    allowed: (a, k) => signedIn(a) && (k === 'own' || (a === 'superadmin' && k === 'foreign')),
    build: async (w, a, k) => ({ method: 'GET', path: `pricelists/${await pricelistFor(w, a, k)}/download` }),
  },

  // ---- find from one box, demand reports and part aliases
  {
    op: 'GET /api/catalogue/find',
    kinds: NO_ID,
    allowed: signedIn,
    build: async (w) => ({
      method: 'GET',
      path: `catalogue/find?q=${encodeURIComponent((await routeFixtures(w)).cat.partNumber)}`,
    }),
  },
  {
    op: 'GET /api/demand/parts',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'demand/parts?zeroOnly=true' }),
  },
  {
    op: 'GET /api/demand/sizes',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'demand/sizes' }),
  },
  {
    op: 'GET /api/demand/log-status',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'demand/log-status' }),
  },
  {
    op: 'POST /api/demand/parts/resolve',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => ({
      method: 'POST',
      path: 'demand/parts/resolve',
      body: { key: `SECKEY${w.seq()}`, variantId: (await routeFixtures(w)).cat.variantId, source: 'customer' },
    }),
  },
  {
    op: 'POST /api/part-aliases',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => ({
      method: 'POST',
      path: 'part-aliases',
      body: { alias: `SEC-NEW-${w.seq()}`, variantId: (await routeFixtures(w)).cat.variantId, source: 'oem' },
    }),
  },
  {
    op: 'GET /api/part-aliases',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => ({ method: 'GET', path: `part-aliases?variantId=${(await routeFixtures(w)).cat.variantId}` }),
  },
  {
    op: 'DELETE /api/part-aliases/{id}',
    kinds: ['own', 'random'],
    allowed: superKnown,
    build: async (w, _a, k) => ({ method: 'DELETE', path: `part-aliases/${await aliasFor(w, k)}` }),
  },
  // ---- price changes on a date: the office's; a company's people read only their own banner.
  {
    op: 'POST /api/price-changes',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => ({
      method: 'POST',
      path: 'price-changes',
      body: {
        kind: 'company_multipliers',
        company_id: w.ids.A,
        percentages: { discount: 41 },
        effective_at: new Date(Date.UTC(2041, 0, 1) + w.seq() * 60_000).toISOString(),
      },
    }),
  },
  {
    op: 'GET /api/price-changes',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'price-changes' }),
  },
  {
    op: 'GET /api/price-changes/notices',
    kinds: NO_ID,
    allowed: (a) => signedIn(a) && a !== 'superadmin',
    build: async () => ({ method: 'GET', path: 'price-changes/notices' }),
  },
  {
    op: 'GET /api/price-changes/{id}/pricelist',
    kinds: ID_KINDS,
    allowed: (a, k) => signedIn(a) && a !== 'superadmin' && k === 'own',
    build: async (w, a, k) => ({ method: 'GET', path: `price-changes/${await noticeListFor(w, a, k)}/pricelist` }),
  },
  {
    op: 'GET /api/price-changes/{id}',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, _a, k) => ({ method: 'GET', path: `price-changes/${await priceChangeFor(w, k)}` }),
  },
  {
    op: 'PATCH /api/price-changes/{id}',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, _a, k) => ({
      method: 'PATCH',
      path: `price-changes/${await priceChangeFor(w, k)}`,
      body: { version: 1, notice_days: 7 },
    }),
  },
  {
    op: 'POST /api/price-changes/{id}/cancel',
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, _a, k) => ({ method: 'POST', path: `price-changes/${await priceChangeFor(w, k)}/cancel` }),
  },
  // ---- quote requests: employees and admins ask, the office answers; a request is seen by
  // its requester, its company's admins and superadmins (anyone else: 404).
  {
    op: 'POST /api/quote-requests',
    kinds: NO_ID,
    allowed: (a) => signedIn(a) && a !== 'superadmin',
    build: async () => ({
      method: 'POST',
      path: 'quote-requests',
      body: { lines: [{ kind: 'unlisted', part_number: 'SEC-REQ', quantity: 1 }] },
    }),
  },
  {
    op: 'POST /api/quote-requests/match',
    kinds: NO_ID,
    allowed: (a) => signedIn(a) && a !== 'superadmin',
    build: async () => ({ method: 'POST', path: 'quote-requests/match', body: { text: 'SEC-1 2' } }),
  },
  {
    op: 'GET /api/quote-requests',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'quote-requests' }),
  },
  {
    op: 'GET /api/quote-requests/{id}',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({ method: 'GET', path: `quote-requests/${(await quoteFor(w, a, k, 'submitted')).id}` }),
  },
  {
    op: 'GET /api/quote-requests/{id}/pdf',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({ method: 'GET', path: `quote-requests/${(await quoteFor(w, a, k, 'quoted')).id}/pdf` }),
  },
  {
    op: 'POST /api/quote-requests/{id}/messages',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `quote-requests/${(await quoteFor(w, a, k, 'submitted')).id}/messages`,
      body: { body: 'Hello' },
    }),
  },
  ...(
    [
      ['assign', 'submitted', () => ({})],
      ['request-info', 'submitted', () => ({ message: 'Which depth?' })],
      ['revise', 'quoted', () => ({})],
      ['reject', 'submitted', () => ({ reason: 'No' })],
      [
        'send-quote',
        'submitted',
        (lineId: string) => ({
          version: 1,
          valid_until: new Date(Date.now() + 20 * 86400_000).toISOString().slice(0, 10),
          lines: [{ _id: lineId, line_status: 'quoted', quoted_price: 1 }],
        }),
      ],
    ] as const
  ).map(([action, status, body]): RouteSpec => ({
    op: `POST /api/quote-requests/{id}/${action}`,
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => {
      const q = await quoteFor(w, a, k, status);
      return { method: 'POST', path: `quote-requests/${q.id}/${action}`, body: body(q.lineId) };
    },
  })),
  ...(
    [
      ['reply', 'info_requested', { message: 'One inch' }],
      ['accept', 'quoted', { version: 1 }],
      ['decline', 'quoted', {}],
      ['withdraw', 'submitted', {}],
    ] as const
  ).map(([action, status, body]): RouteSpec => ({
    op: `POST /api/quote-requests/{id}/${action}`,
    kinds: ID_KINDS,
    allowed: (a, k) => signedIn(a) && a !== 'superadmin' && k === 'own',
    build: async (w, a, k) => ({
      method: 'POST',
      path: `quote-requests/${(await quoteFor(w, a, k, status)).id}/${action}`,
      body,
    }),
  })),

  // ---- order requests: employees and admins order; a company admin approves a colleague's; the office
  // acknowledges, confirms and ships; a request is seen by its requester, its company's admins and
  // superadmins (anyone else: 404). Agreed items: the company's people and the office.
  ...(['order-requests', 'order-requests/preview'] as const).map((path): RouteSpec => ({
    op: `POST /api/${path}`,
    kinds: NO_ID,
    allowed: (a) => signedIn(a) && a !== 'superadmin',
    build: async (w) => ({
      method: 'POST',
      path,
      body: { lines: [{ kind: 'catalogue', variant_id: (await routeFixtures(w)).cat.variantId, quantity: 1 }] },
    }),
  })),
  {
    op: 'GET /api/order-requests',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'order-requests' }),
  },
  {
    op: 'GET /api/order-requests/{id}',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({ method: 'GET', path: `order-requests/${await orderFor(w, a, k, 'submitted')}` }),
  },
  {
    op: 'GET /api/order-requests/{id}/pdf',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({ method: 'GET', path: `order-requests/${await orderFor(w, a, k, 'submitted')}/pdf` }),
  },
  {
    op: 'GET /api/order-requests/export',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'order-requests/export?from=2020-01-01&to=2030-12-31&format=csv' }),
  },
  ...(['approve', 'reject'] as const).map((action): RouteSpec => ({
    op: `POST /api/order-requests/{id}/${action}`,
    kinds: ID_KINDS,
    allowed: (a, k) => admins(a) && k === 'own',
    build: async (w, a, k) => ({
      method: 'POST',
      path: `order-requests/${await orderFor(w, a, k, 'pending_approval', true)}/${action}`,
      body: { version: 1, reason: 'Over budget' },
    }),
  })),
  ...(
    [
      ['acknowledge', 'submitted'],
      ['confirm', 'acknowledged'],
      ['ship', 'confirmed'],
    ] as const
  ).map(([action, status]): RouteSpec => ({
    op: `POST /api/order-requests/{id}/${action}`,
    kinds: ID_KINDS,
    allowed: superKnown,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `order-requests/${await orderFor(w, a, k, status)}/${action}`,
      body: { version: 1 },
    }),
  })),
  {
    op: 'POST /api/order-requests/{id}/cancel',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `order-requests/${await orderFor(w, a, k, 'submitted')}/cancel`,
      body: { version: 1, reason: 'No longer needed' },
    }),
  },
  {
    op: 'GET /api/agreed-items',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'agreed-items' }),
  },
  {
    op: 'GET /api/agreed-items/{id}',
    kinds: ID_KINDS,
    allowed: quoteSeen,
    build: async (w, a, k) => ({ method: 'GET', path: `agreed-items/${await agreedItemFor(w, a, k)}` }),
  },
  {
    op: 'PATCH /api/agreed-items/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `agreed-items/${await agreedItemFor(w, a, k)}`,
      body: a.name === 'superadmin' ? { price: '11.00' } : { customer_part_no: `SEC-${uuid().slice(0, 8)}` },
    }),
  },
  {
    op: 'GET /api/company/{id}/ordering',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'GET', path: `company/${await companyFor(w, a, k)}/ordering` }),
  },
  {
    op: 'PATCH /api/company/{id}/ordering',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `company/${await companyFor(w, a, k)}/ordering`,
      body: { approval_threshold: 500 },
    }),
  },

  // ---- catalogue export and import (superadmin only; imports have no tenant)
  {
    op: 'GET /api/catalogue/export',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'catalogue/export?format=csv' }),
  },
  {
    op: 'POST /api/catalogue/imports',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'POST', path: 'catalogue/imports', form: importCsv }),
  },
  {
    op: 'POST /api/catalogue/imports/preview',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'POST', path: 'catalogue/imports/preview', form: importCsv }),
  },
  {
    op: 'GET /api/catalogue/imports/{id}',
    kinds: ['own', 'random'],
    allowed: superKnown,
    build: async (w, _a, k) => ({ method: 'GET', path: `catalogue/imports/${await importFor(w, k, 'ready')}` }),
  },
  {
    op: 'POST /api/catalogue/imports/{id}/apply',
    kinds: ['own', 'random'],
    allowed: superKnown,
    // An import with no rows: applying it changes nothing in the catalogue.
    build: async (w, _a, k) => ({ method: 'POST', path: `catalogue/imports/${await importFor(w, k, 'ready')}/apply` }),
  },

  // ---- operations dashboard: superadmin only; everyone else 403
  ...[
    'ops/summary',
    'ops/online',
    'ops/activity',
    'ops/usage',
    'ops/jobs/failed',
    'ops/email',
    'ops/email/suppressions',
  ].map((p): RouteSpec => ({
    op: `GET /api/${p}`,
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: p }),
  })),
  // No failed job exists in this world: nobody succeeds (a superadmin gets 404; retry is tested in ops.spec).
  ...['retry', 'discard'].map((action): RouteSpec => ({
    op: `POST /api/ops/jobs/{queue}/{id}/${action}`,
    kinds: NO_ID,
    allowed: nobody,
    build: async () => ({ method: 'POST', path: `ops/jobs/email/${uuid()}/${action}` }),
  })),
  {
    op: 'DELETE /api/ops/email/suppressions/{address}',
    kinds: NO_ID,
    allowed: superadmin,
    build: async (w) => ({
      method: 'DELETE',
      path: `ops/email/suppressions/${encodeURIComponent(await suppressedAddress(w))}`,
    }),
  },
  {
    // "Try again" for one person: the company's admins and superadmins.
    op: 'DELETE /api/user/{id}/email-suppression',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'DELETE',
      path: `user/${await suppressedUserFor(w, a, k)}/email-suppression`,
    }),
  },
  {
    // The signed bounce webhook: without a valid signature nobody gets anything but 401.
    op: 'POST /api/email-events',
    kinds: NO_ID,
    allowed: nobody,
    public: true,
    signed: true,
    build: async () => ({
      method: 'POST',
      path: 'email-events',
      body: { type: 'bounce', recipient: 'emp@alpha.example', status: '5.1.1' },
    }),
  },

  // ---- sites and the filter programme: the company reads, its admins (and superadmins) manage;
  // recording and skipping are the site's contacts' and admins' (these fixtures have no contacts).
  {
    op: 'GET /api/sites',
    kinds: NO_ID,
    allowed: signedIn,
    build: async () => ({ method: 'GET', path: 'sites' }),
  },
  {
    op: 'POST /api/sites',
    kinds: NO_ID,
    allowed: adminsOrSuper,
    build: async (w, a) => ({
      method: 'POST',
      path: 'sites',
      body: {
        name: `New site ${w.seq()}`,
        code: `N${w.seq()}`,
        ...(a.name === 'superadmin' ? { company_id: w.ids.A } : {}),
      },
    }),
  },
  {
    op: 'GET /api/programme/due',
    kinds: ID_KINDS,
    // A site of another company (or none) is 404; a superadmin names the company.
    allowed: companySeen,
    build: async (w, a, k) => {
      const { siteId } = await programmeFor(w, a, k);
      return {
        method: 'GET',
        path: `programme/due?siteId=${siteId}${a.name === 'superadmin' ? `&companyId=${w.ids[k === 'foreign' ? 'B' : 'A']}` : ''}`,
      };
    },
  },
  {
    op: 'POST /api/programme/requests',
    kinds: ID_KINDS,
    // The company's admins and the site's contacts (none here); superadmins may not submit.
    allowed: (a, k) => admins(a) && k === 'own',
    build: async (w, a, k) => {
      const { siteId } = await programmeFor(w, a, k);
      const [{ month }] = await w.api.db.query(`SELECT to_char(current_date + 90, 'YYYY-MM') AS month`);
      return { method: 'POST', path: 'programme/requests', body: { site_id: siteId, month } };
    },
  },
  {
    op: 'GET /api/programme/forecast',
    kinds: NO_ID,
    allowed: superadmin,
    build: async () => ({ method: 'GET', path: 'programme/forecast?months=3' }),
  },
  {
    op: 'GET /api/sites/export',
    kinds: NO_ID,
    allowed: adminsOrSuper,
    build: async (w, a) => ({
      method: 'GET',
      path: `sites/export${a.name === 'superadmin' ? `?companyId=${w.ids.A}` : ''}`,
    }),
  },
  {
    op: 'POST /api/sites/import',
    kinds: NO_ID,
    allowed: adminsOrSuper,
    build: async (w, a) => ({ method: 'POST', path: 'sites/import', form: programmeCsv(w, a) }),
  },
  {
    op: 'GET /api/sites/import/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'GET', path: `sites/import/${await sitesImportFor(w, a, k)}` }),
  },
  {
    op: 'POST /api/sites/import/{id}/apply',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    // A checked import with no rows: applying it changes no programme.
    build: async (w, a, k) => ({ method: 'POST', path: `sites/import/${await sitesImportFor(w, a, k)}/apply` }),
  },
  {
    op: 'GET /api/sites/{id}',
    kinds: ID_KINDS,
    allowed: companySeen,
    build: async (w, a, k) => ({ method: 'GET', path: `sites/${(await programmeFor(w, a, k)).siteId}` }),
  },
  {
    op: 'PATCH /api/sites/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `sites/${(await programmeFor(w, a, k)).siteId}`,
      body: { name: 'Renamed', version: 1 },
    }),
  },
  {
    op: 'DELETE /api/sites/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'DELETE', path: `sites/${(await programmeFor(w, a, k)).siteId}` }),
  },
  {
    op: 'GET /api/sites/{id}/records.pdf',
    kinds: ID_KINDS,
    allowed: companySeen,
    build: async (w, a, k) => ({ method: 'GET', path: `sites/${(await programmeFor(w, a, k)).siteId}/records.pdf` }),
  },
  {
    op: 'GET /api/sites/{id}/units',
    kinds: ID_KINDS,
    allowed: companySeen,
    build: async (w, a, k) => ({ method: 'GET', path: `sites/${(await programmeFor(w, a, k)).siteId}/units` }),
  },
  {
    op: 'POST /api/sites/{id}/units',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `sites/${(await programmeFor(w, a, k)).siteId}/units`,
      body: { label: 'RTU-2', kind: 'rtu' },
    }),
  },
  {
    op: 'PATCH /api/units/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `units/${(await programmeFor(w, a, k)).unitId}`,
      body: { label: 'AHU-9', version: 1 },
    }),
  },
  {
    op: 'POST /api/units/{id}/slots',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `units/${(await programmeFor(w, a, k)).unitId}/slots`,
      body: {
        stage: 'final',
        fitted: { kind: 'catalogue', variant_id: await anyVariantId(w) },
        quantity: 2,
        interval_unit: 'month',
        interval_count: 3,
        anchor_date: '2030-01-15',
      },
    }),
  },
  {
    op: 'PATCH /api/slots/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'PATCH',
      path: `slots/${(await programmeFor(w, a, k)).slotId}`,
      body: { quantity: 3, version: 1 },
    }),
  },
  {
    op: 'DELETE /api/slots/{id}',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({ method: 'DELETE', path: `slots/${(await programmeFor(w, a, k)).slotId}` }),
  },
  {
    op: 'GET /api/slots/{id}/changes',
    kinds: ID_KINDS,
    allowed: companySeen,
    build: async (w, a, k) => ({ method: 'GET', path: `slots/${(await programmeFor(w, a, k)).slotId}/changes` }),
  },
  {
    op: 'POST /api/slots/{id}/changes',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `slots/${(await programmeFor(w, a, k)).slotId}/changes`,
      body: { changed_on: '2026-01-05', pressure_drop_in_wc: 0.3 },
    }),
  },
  {
    op: 'POST /api/slots/{id}/skip',
    kinds: ID_KINDS,
    allowed: adminOwnOrSuper,
    build: async (w, a, k) => ({
      method: 'POST',
      path: `slots/${(await programmeFor(w, a, k)).slotId}/skip`,
      body: {},
    }),
  },
];

export const isMutation = (op: string) => !op.startsWith('GET ');

/** `METHOD /api/path/{param}` for every operation in the OpenAPI document. */
export async function openApiOperations(baseUrl: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/docs-json`);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const m of Object.keys(methods)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(m)) ops.push(`${m.toUpperCase()} ${p}`);
    }
  }
  return ops.sort();
}

/** Sends a built request with the actor's (or the request's own) client. */
export async function sendReq(actor: Actor, req: Req, csrf?: string) {
  const client = req.client ?? actor.client;
  return client.send(req.method, req.path, { body: req.body, form: req.form ? await req.form() : undefined, csrf });
}
