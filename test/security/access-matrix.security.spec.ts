/**
 * Access matrix: every route × {anonymous, employee A, admin A, admin B, employee B,
 * superadmin} × {own, foreign, random id}. No unauthorized 2xx, no 5xx, no foreign company's data
 * and no list prices in any body; refused mutations change nothing; GETs change nothing; every
 * mutation without or with a wrong X-XSRF-TOKEN is a 403 'Invalid CSRF token'; bulk operations
 * holding one id the caller may not touch change nothing.
 */
import {
  ACTOR_NAMES,
  allKeys,
  allObjects,
  fingerprint,
  fingerprintDiff,
  foreignMarkers,
  seedWorld,
  startSecurityApi,
  uuid,
  type Actor,
  type Kind,
  type SecurityApi,
  type World,
} from './harness';
import { freshProduct, isMutation, openApiOperations, ROUTES, sendReq, type Req, type RouteSpec } from './routes';

// It walks every route of the table for every role, with a database snapshot around each refused
// mutation: ~60 s on a quiet 2-core machine, twice that under load.
jest.setTimeout(300_000);

describe('security: access matrix over every route', () => {
  let api: SecurityApi;
  let w: World;

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api, { catalogue: true });
  });
  afterAll(() => api?.close());

  it('the route table covers every operation of the OpenAPI document (and nothing else)', async () => {
    const documented = await openApiOperations(api.baseUrl);
    const tabled = ROUTES.map((r) => r.op).sort();
    expect({ missingFromMatrix: documented.filter((op) => !tabled.includes(op)) }).toEqual({ missingFromMatrix: [] });
    expect({ notInOpenApi: tabled.filter((op) => !documented.includes(op)) }).toEqual({ notInOpenApi: [] });
    expect(new Set(tabled).size).toBe(tabled.length);
  });

  /** Checks one response; returns failure lines. */
  function judge(
    route: RouteSpec,
    actor: Actor,
    kind: Kind,
    req: Req,
    res: { status: number; body: any; text: string },
  ): string[] {
    const out: string[] = [];
    const label = `${route.op} × ${actor.name} × ${kind}: ${res.status} ${res.text.slice(0, 160)}`;
    const ok = res.status >= 200 && res.status < 300;
    const expected = route.allowed(actor.name, kind);
    if (res.status >= 500) out.push(`5xx — ${label}`);
    if (ok && !expected) out.push(`UNAUTHORIZED SUCCESS — ${label}`);
    if (!ok && expected) out.push(`unexpected refusal — ${label}`);
    if (actor.name === 'anonymous' && !route.public && res.status !== 401) out.push(`anonymous not 401 — ${label}`);
    if (actor.company) {
      for (const marker of foreignMarkers(w, actor.company)) {
        if (res.text.includes(marker)) out.push(`foreign data (${marker}) — ${label}`);
      }
    }
    if (actor.name !== 'superadmin' && res.body && typeof res.body === 'object') {
      const keys = allKeys(res.body);
      for (const k of ['list_price', 'list_price_cents']) {
        if (keys.has(k)) out.push(`forbidden key ${k} — ${label}`);
      }
      // `version` is the grid's optimistic-lock counter: superadmin-only on catalogue rows.
      for (const o of allObjects(res.body)) {
        if ('version' in o && ('part_number' in o || 'customer_price' in o))
          out.push(`variant version leaked — ${label}`);
      }
    }
    if (keys(res.body).has('password_hash') || /\$argon2id\$/.test(res.text))
      out.push(`password hash leaked — ${label}`);
    if (ok && route.op === 'POST /api/user' && actor.companyId) {
      if (res.body.data.company_id !== actor.companyId || res.body.data.role_key !== 'employee') {
        out.push(`admin created a user outside their company or role — ${label}`);
      }
    }
    void req;
    return out;
  }
  const keys = (b: unknown) => allKeys(b);

  async function runRoutes(
    routes: RouteSpec[],
    checkGetWrites: boolean,
  ): Promise<{ failures: string[]; runs: number }> {
    const failures: string[] = [];
    let runs = 0;
    for (const route of routes) {
      // Build every case first (builders create fixtures), then send.
      const cases: { actor: Actor; kind: Kind; req: Req }[] = [];
      for (const name of ACTOR_NAMES) {
        for (const kind of route.kinds)
          cases.push({ actor: w.actors[name], kind, req: await route.build(w, w.actors[name], kind) });
      }
      const before = checkGetWrites && !route.getWrites ? await fingerprint(api.db) : null;
      for (const c of cases) {
        const refusedExpected = !route.allowed(c.actor.name, c.kind);
        const fpBefore = isMutation(route.op) && refusedExpected ? await fingerprint(api.db) : null;
        const res = await sendReq(c.actor, c.req);
        runs++;
        failures.push(...judge(route, c.actor, c.kind, c.req, res));
        if (fpBefore && !(res.status >= 200 && res.status < 300)) {
          const changed = fingerprintDiff(fpBefore, await fingerprint(api.db));
          if (changed.length)
            failures.push(`refused ${route.op} × ${c.actor.name} × ${c.kind} changed ${changed.join(', ')}`);
        }
      }
      if (before) {
        const changed = fingerprintDiff(before, await fingerprint(api.db));
        if (changed.length) failures.push(`GET changed state: ${route.op} changed ${changed.join(', ')}`);
      }
    }
    return { failures, runs };
  }

  it('GET routes: zero unauthorized successes, no 5xx, no foreign data, and no state change', async () => {
    const { failures, runs } = await runRoutes(
      ROUTES.filter((r) => !isMutation(r.op)),
      true,
    );
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(200);
  });

  it('mutations: zero unauthorized successes, no 5xx, no foreign data; refused ones change nothing', async () => {
    const { failures, runs } = await runRoutes(
      ROUTES.filter((r) => isMutation(r.op)),
      false,
    );
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(200);
  });

  it('every mutation without, or with a wrong, X-XSRF-TOKEN is 403 "Invalid CSRF token" and changes nothing', async () => {
    const failures: string[] = [];
    // A token of another live session: well-formed and signed, but bound to someone else.
    const otherSession = await w.signIn('emp@bravo.example');
    const foreignToken = otherSession.csrf!;
    // Signed webhooks carry no session, so no CSRF token: their signature is checked instead (401).
    for (const route of ROUTES.filter((r) => isMutation(r.op) && !r.signed)) {
      // Whoever may call it (or anonymous for public routes nobody can succeed on).
      // (A signed-in route nobody succeeds on in this world, e.g. retrying a job that does not exist: a superadmin.)
      let actor = route.public ? w.actors.anonymous : w.actors.superadmin;
      let kind: Kind = 'own';
      outer: for (const name of ['superadmin', 'adminA', 'employeeA', 'anonymous'] as const) {
        for (const k of route.kinds) {
          if (route.allowed(name, k)) {
            actor = w.actors[name];
            kind = k;
            break outer;
          }
        }
      }
      for (const csrf of ['none', 'garbage', 'aaaa.bbbb.cccc', foreignToken]) {
        const req = await route.build(w, actor, kind);
        const before = await fingerprint(api.db);
        const res = await sendReq(actor, req, csrf);
        const label = `${route.op} as ${actor.name} with csrf=${csrf.slice(0, 12)}: ${res.status} ${res.text.slice(0, 120)}`;
        if (res.status !== 403 || !/csrf/i.test(String(res.body?.message))) failures.push(`not a CSRF 403 — ${label}`);
        const changed = fingerprintDiff(before, await fingerprint(api.db));
        if (changed.length) failures.push(`state changed (${changed.join(', ')}) — ${label}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe('bulk operations are all-or-nothing', () => {
    it('DELETE user/bulk with one foreign (or unknown) id deletes nobody', async () => {
      const own = await w.freshEmployee('A');
      const foreign = await w.freshEmployee('B');
      for (const [actor, ids] of [
        ['adminA', [own.id, foreign.id]],
        ['adminA', [foreign.id, own.id]],
        ['adminA', [own.id, uuid()]],
        ['superadmin', [own.id, uuid()]],
      ] as const) {
        const before = await fingerprint(api.db);
        const res = await w.actors[actor].client.send('DELETE', 'user/bulk', { body: { id: ids } });
        expect({ actor, status: res.status }).toEqual({ actor, status: 404 });
        expect(fingerprintDiff(before, await fingerprint(api.db))).toEqual([]);
      }
      // Admin B's own employee in a list with A's employee: nothing either.
      const ownB = await w.freshEmployee('B');
      const res = await w.actors.adminB.client.send('DELETE', 'user/bulk', { body: { id: [ownB.id, own.id] } });
      expect(res.status).toBe(404);
      const left = await api.db.query(`SELECT id FROM users WHERE id = ANY($1::uuid[])`, [
        [own.id, foreign.id, ownB.id],
      ]);
      expect(left).toHaveLength(3);
    });

    it('DELETE notification with one unknown id deletes none', async () => {
      const [n] = await api.db.query(
        `INSERT INTO notifications (event_id, username, email, description) VALUES (gen_random_uuid(), 'n', 'n@x.example', 'd') RETURNING id`,
      );
      const res = await w.actors.superadmin.client.send('DELETE', 'notification/', { body: { ids: [n.id, uuid()] } });
      expect(res.status).toBe(404);
      expect(await api.db.query(`SELECT 1 FROM notifications WHERE id = $1`, [n.id])).toHaveLength(1);
    });

    it('a grid save naming a variant of another product changes neither product', async () => {
      const target = await freshProduct(w);
      const victim = await freshProduct(w);
      const before = await fingerprint(api.db);
      const res = await w.actors.superadmin.client.send('PUT', `catalogue/product/${target.productId}/variants`, {
        body: {
          variants: [
            {
              _id: victim.variantId,
              version: 1,
              part_number: victim.partNumber,
              size: '20x20x1',
              actual_size: '19.5x19.5x0.75',
              depth: 1,
              list_price: 0.01,
            },
          ],
          deleted: [{ _id: target.variantId, version: 1 }],
        },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(fingerprintDiff(before, await fingerprint(api.db))).toEqual([]);
      const deletedElsewhere = await w.actors.superadmin.client.send(
        'PUT',
        `catalogue/product/${target.productId}/variants`,
        {
          body: { variants: [], deleted: [{ _id: victim.variantId, version: 1 }] },
        },
      );
      expect(deletedElsewhere.status).toBeGreaterThanOrEqual(400);
      expect(await api.db.query(`SELECT 1 FROM variants WHERE id = $1`, [victim.variantId])).toHaveLength(1);
    });
  });
});
