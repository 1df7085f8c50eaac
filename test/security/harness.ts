/**
 * Shared harness of the security suite: one API per file (compiled server, fresh DB,
 * temp FILES_DIR), two companies with their users, signed-in actors, a client that can omit or
 * forge the CSRF header and send multipart, a DB fingerprint, crafted JWTs and sockets.
 */
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { createCompany, createUser, startTestApi, TEST_JWT_SECRET, type SeededUser, type TestApi } from '../api';
import { seedTestCatalogue } from '../catalogue';

export const PW = 'Passw0rd!23';
export const ORIGIN = 'http://localhost:3999';

export type ActorName = 'anonymous' | 'employeeA' | 'adminA' | 'adminB' | 'employeeB' | 'superadmin';
export const ACTOR_NAMES: readonly ActorName[] = [
  'anonymous',
  'employeeA',
  'adminA',
  'adminB',
  'employeeB',
  'superadmin',
];
export type Kind = 'own' | 'foreign' | 'random';
export type Co = 'A' | 'B';

export interface SecurityApi extends TestApi {
  filesDir: string;
}

/** startTestApi with a private FILES_DIR (removed on close). */
export async function startSecurityApi(extraEnv: Record<string, string> = {}): Promise<SecurityApi> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sec-files-'));
  const api = await startTestApi({ FILES_DIR: filesDir, ...extraEnv });
  const close = api.close.bind(api);
  return Object.assign(api, {
    filesDir,
    async close() {
      await close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  });
}

// ---------------------------------------------------------------------------------------- client

export interface Res {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface SendOptions {
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** 'auto' (default): a valid token on mutations; 'none': no header; any other string: sent as is. */
  csrf?: 'auto' | 'none' | string;
}

/** Like the web app (bearer + CSRF header + cookies), but every part can be left out or forged. */
export class SecClient {
  token: string | null = null;
  csrf: string | null = null;
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async send(method: string, p: string, opts: SendOptions = {}): Promise<Res> {
    const mutation = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const mode = opts.csrf ?? 'auto';
    if (mutation && mode === 'auto' && !this.csrf) await this.refreshCsrf();
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (mutation && mode === 'auto' && this.csrf) headers['x-xsrf-token'] = this.csrf;
    if (mutation && mode !== 'auto' && mode !== 'none') headers['x-xsrf-token'] = mode;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    Object.assign(headers, opts.headers ?? {});
    const res = await fetch(`${this.baseUrl}/api/${p}`, {
      method,
      headers,
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  async refreshCsrf(): Promise<string> {
    const res = await this.send('GET', 'csrf-token');
    this.csrf = res.body.token;
    return this.csrf!;
  }

  async login(email: string, password = PW, headers: Record<string, string> = {}): Promise<Res> {
    this.csrf = null;
    await this.refreshCsrf();
    const res = await this.send('POST', 'login', { body: { email, password }, headers });
    if (res.status === 200) {
      this.token = res.body.token;
      await this.refreshCsrf();
    }
    return res;
  }
}

// ----------------------------------------------------------------------------------------- world

export interface Actor {
  name: ActorName;
  client: SecClient;
  user: SeededUser | null;
  company: Co | null;
  companyId: string | null;
}

export interface World {
  api: SecurityApi;
  ids: Record<Co, string>;
  names: Record<Co, string>;
  actors: Record<ActorName, Actor>;
  /** Demo catalogue ids by generator key (when seeded). */
  catalogue: Record<string, string>;
  seq(): number;
  other(co: Co): Co;
  coOf(actor: Actor): Co;
  freshEmployee(co: Co): Promise<SeededUser>;
  freshUser(role: 'admin' | 'employee' | 'superadmin', co: Co | null): Promise<SeededUser>;
  freshCompany(): Promise<string>;
  signIn(email: string, password?: string): Promise<SecClient>;
}

export const COMPANY_NAMES: Record<Co, string> = { A: 'Alpha Company', B: 'Bravo Company' };
/** Email domains: fixtures (`@alpha.example`) and victims created by tests (`@a-victims.example`). */
export const DOMAINS: Record<Co, string[]> = {
  A: ['@alpha.example', '@a-victims.example'],
  B: ['@bravo.example', '@b-victims.example'],
};

/** Distinct percentages, none 100, so list, A and B prices differ for (almost) every variant. */
export const PCT: Record<Co, Record<string, string>> = {
  A: {
    discount_percentage: '45.55',
    rigidflow_percentage: '52.00',
    minipro_percentage: '48.75',
    polyroll_percentage: '33.33',
  },
  B: {
    discount_percentage: '62.25',
    rigidflow_percentage: '70.00',
    minipro_percentage: '65.50',
    polyroll_percentage: '58.00',
  },
};

export async function seedWorld(api: SecurityApi, opts: { catalogue?: boolean } = {}): Promise<World> {
  const db = api.db;
  const catalogue = opts.catalogue ? (await seedTestCatalogue(db)).ids : {};
  const ids = { A: await createCompany(db, COMPANY_NAMES.A), B: await createCompany(db, COMPANY_NAMES.B) };
  for (const co of ['A', 'B'] as Co[]) {
    const p = PCT[co];
    await db.query(
      `UPDATE companies SET discount_percentage = $2, rigidflow_percentage = $3, minipro_percentage = $4, polyroll_percentage = $5 WHERE id = $1`,
      [ids[co], p.discount_percentage, p.rigidflow_percentage, p.minipro_percentage, p.polyroll_percentage],
    );
  }
  let n = 0;
  const seq = () => ++n;
  const users: Record<Exclude<ActorName, 'anonymous'>, SeededUser> = {
    superadmin: await createUser(db, { email: 'root@example.com', role: 'superadmin' }),
    adminA: await createUser(db, {
      email: 'admin@alpha.example',
      role: 'admin',
      companyId: ids.A,
      username: 'Alice Admin',
    }),
    employeeA: await createUser(db, {
      email: 'emp@alpha.example',
      role: 'employee',
      companyId: ids.A,
      username: 'Eve Employee',
    }),
    adminB: await createUser(db, {
      email: 'admin@bravo.example',
      role: 'admin',
      companyId: ids.B,
      username: 'Bob Admin',
    }),
    employeeB: await createUser(db, {
      email: 'emp@bravo.example',
      role: 'employee',
      companyId: ids.B,
      username: 'Bea Employee',
    }),
  };
  const signIn = async (email: string, password = PW) => {
    const c = new SecClient(api.baseUrl);
    const res = await c.login(email, password);
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
    return c;
  };
  const actors = {} as Record<ActorName, Actor>;
  const coOfName: Record<ActorName, Co | null> = {
    anonymous: null,
    superadmin: null,
    adminA: 'A',
    employeeA: 'A',
    adminB: 'B',
    employeeB: 'B',
  };
  for (const name of ACTOR_NAMES) {
    const user = name === 'anonymous' ? null : users[name];
    const client = user ? await signIn(user.email) : new SecClient(api.baseUrl);
    if (!user) await client.refreshCsrf();
    const co = coOfName[name];
    actors[name] = { name, client, user, company: co, companyId: co ? ids[co] : null };
  }
  const w: World = {
    api,
    ids,
    names: COMPANY_NAMES,
    actors,
    catalogue,
    seq,
    other: (co) => (co === 'A' ? 'B' : 'A'),
    coOf: (a) => a.company ?? 'A',
    freshEmployee: (co) => w.freshUser('employee', co),
    freshUser: (role, co) =>
      createUser(db, {
        email: `${role}${seq()}${co ? DOMAINS[co][1] : '@root-victims.example'}`,
        role,
        companyId: co ? ids[co] : null,
      }),
    freshCompany: () => createCompany(db, `Fresh ${seq()}`),
    signIn,
  };
  return w;
}

// ------------------------------------------------------------------------------------- checks

/**
 * A fingerprint of every table's rows, except those that legitimately move on reads or refusals:
 * `sessions` (GET validate slides the expiry), `auth_throttle` (refused sign-ins count) and
 * `audit_log` (refused sign-ins are recorded).
 */
export async function fingerprint(
  db: DataSource,
  // search_log: every committed search is logged (buffered, written up to a second later), by design;
  // ops_company_daily: the usage counts that triggers on search_log and audit_log keep;
  // search_budget / search_log_unlogged: every search counts against its person's budget.
  exclude: string[] = [
    'sessions',
    'auth_throttle',
    'audit_log',
    'search_log',
    'ops_company_daily',
    'search_budget',
    'search_log_unlogged',
  ],
): Promise<Record<string, string>> {
  const tables: { t: string }[] = await db.query(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const names = tables.map((r) => r.t).filter((t) => !exclude.includes(t));
  const sql = names
    // Every INSERT/UPDATE writes a tuple with a new xmin, every DELETE drops one: count + sum(xmin)
    // moves on any write (even a no-op UPDATE) at a fraction of the cost of hashing the rows.
    .map((t) => `SELECT '${t}' AS t, count(*)::int AS n, coalesce(sum(xmin::text::bigint), 0)::text AS h FROM "${t}"`)
    .join(' UNION ALL ');
  const rows: { t: string; n: number; h: string }[] = await db.query(sql);
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

export function fingerprintDiff(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
}

/** Every key anywhere in a JSON value. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}

/** Every object anywhere in a JSON value. */
export function allObjects(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((v) => allObjects(v, out));
  else if (value && typeof value === 'object') {
    out.push(value as Record<string, unknown>);
    Object.values(value).forEach((v) => allObjects(v, out));
  }
  return out;
}

/** Markers of the other company that must never appear in a body sent to `co`'s users. */
export function foreignMarkers(w: World, co: Co): string[] {
  const o = w.other(co);
  return [w.ids[o], w.names[o], ...DOMAINS[o]];
}

// ------------------------------------------------------------------------------------- tokens

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
export const ACCESS_KEY = createHmac('sha256', TEST_JWT_SECRET).update('access-token').digest();

/** A JWT signed with HMAC (`hmac` algorithm) under `key`; the header says whatever `header` says. */
export function craftJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: Buffer | string | null = ACCESS_KEY,
  hmac: 'sha256' | 'sha512' = 'sha256',
): string {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  if (key === null) return `${unsigned}.`;
  return `${unsigned}.${createHmac(hmac, key).update(unsigned).digest('base64url')}`;
}

export function decodeJwt(token: string): { header: any; payload: any } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString()),
  };
}

// ------------------------------------------------------------------------------------- sockets

export interface Probe {
  socket: Socket;
  /** Every event received, in order, with its raw JSON. */
  events: { event: string; json: string }[];
}

export function connectSocket(baseUrl: string, token: unknown, origin: string | null = ORIGIN): Probe {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    extraHeaders: origin === null ? {} : { origin },
    reconnection: false,
    forceNew: true,
  });
  const probe: Probe = { socket, events: [] };
  socket.onAny((event: string, ...args: unknown[]) => {
    // A change's pushes to one audience come as one `batch`: record each as if it came alone.
    if (event === 'batch') {
      for (const e of (args[0] as { events: { event: string; data: unknown }[] }).events) {
        probe.events.push({ event: e.event, json: JSON.stringify([e.data]) });
      }
    } else probe.events.push({ event, json: JSON.stringify(args) });
  });
  socket.on('disconnect', () => probe.events.push({ event: 'disconnect', json: '[]' }));
  return probe;
}

export function socketOutcome(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    if (socket.connected) return resolve('connected');
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
  });
}

export async function waitFor(cond: () => boolean | Promise<boolean>, ms = 5000, label = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

// ------------------------------------------------------------------------------------- files

export async function pngBytes(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const HTML_PAYLOAD = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const SVG_PAYLOAD = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
);

export function form(field: string, files: { name: string; data: Buffer; type?: string }[]): FormData {
  const fd = new FormData();
  for (const f of files)
    fd.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}

/** Every file under a directory (relative paths). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath ?? (e as any).path, e.name)));
  }
  return out.sort();
}

export const uuid = () => randomUUID();
