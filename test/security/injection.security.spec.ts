/**
 * Injection: SQL metacharacters, NUL, control/bidi characters and 10k-character strings
 * in every text input of every route — each path parameter, each query parameter and each string
 * body field of a request the caller is allowed to make — give 400 (or another 4xx) or a correct
 * result, never a 5xx. Runs with TRUST_PROXY so sign-in attempts can spread over client addresses.
 */
import { QUERY_MSG } from '../../libs/domain/src';
import { seedWorld, startSecurityApi, type Actor, type Kind, type SecurityApi, type World } from './harness';
import { ROUTES, type Req, type RouteSpec } from './routes';

jest.setTimeout(180_000);

const PAYLOADS = [
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '%_\\%',
  '\u0000nul',
  '\u202e<script>alert(1)</script>😀',
  'A'.repeat(10_000),
  // An impossible date (Date.parse rolls it over to 2 March; Postgres refuses it).
  '2026-02-30',
];

/** Query parameters of every operation, as `GET /api/docs-json` lists them (`METHOD /api/path` → names). */
async function documentedQueryParameters(baseUrl: string): Promise<Map<string, string[]>> {
  const doc = (await (await fetch(`${baseUrl}/api/docs-json`)).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const out = new Map<string, string[]>();
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const names = (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name);
      out.set(`${m.toUpperCase()} ${p}`, names);
    }
  }
  return out;
}

/** Where a payload goes: a path segment, a query parameter or a body field (path of keys). */
type Slot =
  { kind: 'path'; index: number } | { kind: 'query'; key: string } | { kind: 'body'; keys: (string | number)[] };

function slotsOf(route: RouteSpec, req: Req): Slot[] {
  const slots: Slot[] = [];
  const template = route.op
    .split(' ')[1]
    .replace(/^\/api\//, '')
    .split('/');
  template.forEach((seg, i) => seg.startsWith('{') && slots.push({ kind: 'path', index: i }));
  const query = req.path.split('?')[1];
  if (query) for (const key of new URLSearchParams(query).keys()) slots.push({ kind: 'query', key });
  const walk = (v: unknown, keys: (string | number)[], depth: number) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null) {
      if (keys.length) slots.push({ kind: 'body', keys });
    } else if (Array.isArray(v) && depth < 3) v.slice(0, 1).forEach((x, i) => walk(x, [...keys, i], depth + 1));
    else if (v && typeof v === 'object' && depth < 3)
      for (const [k, x] of Object.entries(v)) walk(x, [...keys, k], depth + 1);
  };
  if (req.body !== undefined) walk(req.body, [], 0);
  return slots;
}

function inject(req: Req, slot: Slot, payload: string): Req {
  const [p, query] = req.path.split('?');
  if (slot.kind === 'path') {
    const segs = p.split('/');
    segs[slot.index] = encodeURIComponent(payload);
    return { ...req, path: segs.join('/') + (query ? `?${query}` : '') };
  }
  if (slot.kind === 'query') {
    const params = new URLSearchParams(query);
    params.set(slot.key, payload);
    return { ...req, path: `${p}?${params.toString()}` };
  }
  const body = structuredClone(req.body) as any;
  let o = body;
  for (const k of slot.keys.slice(0, -1)) o = o[k];
  o[slot.keys[slot.keys.length - 1]] = payload;
  return { ...req, body };
}

const slotName = (s: Slot) =>
  s.kind === 'path' ? `path[${s.index}]` : s.kind === 'query' ? `?${s.key}` : `body.${s.keys.join('.')}`;

describe('security: injection and oversized input in every text parameter', () => {
  let api: SecurityApi;
  let w: World;
  let ip = 0;

  beforeAll(async () => {
    api = await startSecurityApi({ TRUST_PROXY: 'true' });
    w = await seedWorld(api, { catalogue: true });
  });
  afterAll(() => api?.close());

  /** The first actor (most privileged first) allowed to make the request. */
  function caller(route: RouteSpec): { actor: Actor; kind: Kind } {
    for (const name of ['superadmin', 'adminA', 'employeeA'] as const) {
      if (route.allowed(name, 'own')) return { actor: w.actors[name], kind: 'own' };
    }
    return { actor: w.actors.anonymous, kind: 'own' };
  }

  it('every route × every text input × every payload: never a 5xx, no SQL or stack in the answer', async () => {
    const failures: string[] = [];
    let runs = 0;
    for (const route of ROUTES) {
      const { actor, kind } = caller(route);
      const template = await route.build(w, actor, kind);
      const perPayload = !!template.client; // throwaway sessions (logout, change-password) are single-use
      for (const slot of slotsOf(route, template)) {
        let req = template;
        for (const payload of PAYLOADS) {
          if (perPayload) req = await route.build(w, actor, kind);
          const injected = inject(req, slot, payload);
          const client = injected.client ?? actor.client;
          const res = await client.send(injected.method, injected.path, {
            body: injected.body,
            form: injected.form ? await injected.form() : undefined,
            headers: { 'x-forwarded-for': `192.0.2.${(++ip % 250) + 1}` },
          });
          runs++;
          const label = `${route.op} ${slotName(slot)}=${JSON.stringify(payload.slice(0, 20))} as ${actor.name}: ${res.status} ${res.text.slice(0, 140)}`;
          if (res.status >= 500) failures.push(`5xx — ${label}`);
          if (/QueryFailedError|syntax error at or near|at [\w.<>]+ \(\/|invalid input syntax/i.test(res.text))
            failures.push(`internals leaked — ${label}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(300);
  });

  it('a repeated copy of every query parameter of every route is a 400 naming it, before anything runs', async () => {
    const documented = await documentedQueryParameters(api.baseUrl);
    // The derivation must see the routes' parameters (a document that lists none would prove nothing).
    expect(documented.get('GET /api/catalogue/find')).toEqual(expect.arrayContaining(['q', 'limit', 'typing']));
    expect(documented.get('GET /api/catalogue/productNumber/{id}')).toEqual(expect.arrayContaining(['partNumber']));
    expect(documented.get('GET /api/demand/parts')).toEqual(expect.arrayContaining(['from', 'to', 'companyId']));
    const failures: string[] = [];
    let runs = 0;
    for (const route of ROUTES) {
      const { actor, kind } = caller(route);
      const template = await route.build(w, actor, kind);
      const [p, query] = template.path.split('?');
      const names = new Set([...(documented.get(route.op) ?? []), ...new URLSearchParams(query ?? '').keys()]);
      for (const name of names) {
        const req = template.client ? await route.build(w, actor, kind) : template;
        const params = new URLSearchParams(req.path.split('?')[1] ?? '');
        const value = params.get(name) ?? '1';
        params.set(name, value);
        params.append(name, value);
        const client = req.client ?? actor.client;
        const res = await client.send(req.method, `${p}?${params.toString()}`, {
          body: req.body,
          form: req.form ? await req.form() : undefined,
          headers: { 'x-forwarded-for': `198.51.100.${(++ip % 250) + 1}` },
        });
        runs++;
        const expected = QUERY_MSG.repeated(name);
        if (res.status !== 400 || res.body?.message !== expected || res.body?.errors?.[name] !== expected)
          failures.push(`${route.op} ?${name} twice as ${actor.name}: ${res.status} ${res.text.slice(0, 140)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(40);
  });

  it('an impossible date in every date parameter of every route is a 400 naming it', async () => {
    const documented = await documentedQueryParameters(api.baseUrl);
    const failures: string[] = [];
    let runs = 0;
    for (const route of ROUTES) {
      const dates = (documented.get(route.op) ?? []).filter((n) => ['from', 'to', 'before'].includes(n));
      if (!dates.length) continue;
      const { actor, kind } = caller(route);
      const template = await route.build(w, actor, kind);
      const [p, query] = template.path.split('?');
      for (const name of dates) {
        for (const bad of ['2026-02-30', '2025-02-29', '2026-04-31T10:00:00Z']) {
          const params = new URLSearchParams(query ?? '');
          params.set(name, bad);
          const res = await actor.client.send(template.method, `${p}?${params.toString()}`);
          runs++;
          if (res.status !== 400 || typeof res.body?.errors?.[name] !== 'string')
            failures.push(`${route.op} ?${name}=${bad}: ${res.status} ${res.text.slice(0, 140)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // demand/parts, demand/sizes, ops/usage, ops/activity, audit, audit/export
    expect(runs).toBeGreaterThanOrEqual(6 * 3);
  });

  it('LIKE and SQL metacharacters are matched literally (correct results, not injection)', async () => {
    const root = w.actors.superadmin.client;
    for (const search of ['%', '_', "' OR '1'='1", '\\']) {
      const res = await root.send('GET', `company?page=1&limit=100&search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      const names: string[] = res.body.data.list.map((c: { name: string }) => c.name);
      expect(names.every((n) => n.toLowerCase().includes(search.toLowerCase()))).toBe(true);
    }
    const all = await root.send('GET', 'company?page=1&limit=100&search=');
    expect(all.body.data.list.length).toBeGreaterThanOrEqual(2);
    const [node] = await api.db.query(
      `SELECT p.subcategory_id AS id FROM products p WHERE p.subcategory_id IS NOT NULL LIMIT 1`,
    );
    const pn = await w.actors.employeeA.client.send(
      'GET',
      `catalogue/productNumber/${node.id}?partNumber=${encodeURIComponent("x' OR '1'='1")}`,
    );
    expect(pn.status).toBe(404);
    // Part aliases: % and _ are no wildcards (before: `q=%` listed every alias).
    for (const q of ['%', '_', '%%', '\\']) {
      const res = await root.send('GET', `part-aliases?q=${encodeURIComponent(q)}`);
      expect({ q, status: res.status, total: res.body.data.total }).toEqual({ q, status: 200, total: 0 });
    }
  });

  it('hostile input is stored as data, never executed', async () => {
    const count = async () =>
      (await api.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'superadmin'`))[0].n;
    const supers = await count();
    const username = "x'; UPDATE users SET role='superadmin' WHERE '1'='1";
    const res = await w.actors.employeeA.client.send('PATCH', 'user', {
      body: { username, email: 'emp@alpha.example' },
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(supers);
    const [row] = await api.db.query(`SELECT role, username FROM users WHERE email = 'emp@alpha.example'`);
    expect(row).toEqual({ role: 'employee', username });
  });
});
