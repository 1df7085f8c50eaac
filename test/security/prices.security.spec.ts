/**
 * Price isolation and mass assignment. No non-superadmin HTTP response (catalogue
 * pages, part-number lookups, odd-size search — property-based over ids, part numbers, sizes,
 * actions and stray paging/role parameters) or socket message carries a list price, another
 * company's price, or the grid's `list_price` / `version` keys. PATCH bodies carrying role,
 * company, status, ids, password hashes or prices change only what the caller may change.
 */
import fc from 'fast-check';
import { companyPriceCents, type CompanyPercentages } from '../../libs/domain/src';
import {
  allKeys,
  allObjects,
  connectSocket,
  fingerprint,
  fingerprintDiff,
  PCT,
  seedWorld,
  socketOutcome,
  startSecurityApi,
  uuid,
  waitFor,
  type Actor,
  type Co,
  type Probe,
  type SecurityApi,
  type World,
} from './harness';
import { freshProduct, routeFixtures } from './routes';

jest.setTimeout(120_000);

const NUM_RUNS = Number(process.env.SECURITY_NUM_RUNS ?? 40);

describe('security: price isolation and mass assignment', () => {
  let api: SecurityApi;
  let w: World;
  /** lower(part number) → price in cents: list, company A, company B. */
  const prices = new Map<string, { pn: string; list: number; A: number; B: number }>();
  let nodes: string[] = [];
  let partNumbers: string[] = [];
  const customers = (): Actor[] => [w.actors.employeeA, w.actors.adminA, w.actors.employeeB, w.actors.adminB];

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api, { catalogue: true });
    await loadPrices();
    nodes = (await api.db.query(`SELECT id FROM categories UNION ALL SELECT id FROM subcategories`)).map(
      (r: { id: string }) => r.id,
    );
    partNumbers = [...prices.values()].map((p) => p.pn);
  });
  afterAll(() => api?.close());

  async function loadPrices(): Promise<void> {
    prices.clear();
    const rows: { pn: string; cents: string; category: string }[] = await api.db.query(
      `SELECT v.part_number AS pn, v.list_price_cents::text AS cents, k.name AS category
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id`,
    );
    for (const r of rows) {
      const list = Number(r.cents);
      prices.set(r.pn.toLowerCase(), {
        pn: r.pn,
        list,
        A: companyPriceCents(list, r.category, PCT.A as unknown as CompanyPercentages),
        B: companyPriceCents(list, r.category, PCT.B as unknown as CompanyPercentages),
      });
    }
  }

  /** Failure lines for a customer's response: only their own company's prices, no grid-only keys. */
  function priceFailures(co: Co, label: string, status: number, body: unknown): string[] {
    const out: string[] = [];
    if (status >= 500) out.push(`5xx — ${label}`);
    if (!body || typeof body !== 'object') return out;
    const keys = allKeys(body);
    for (const k of ['list_price', 'list_price_cents']) if (keys.has(k)) out.push(`key ${k} — ${label}`);
    const other: Co = co === 'A' ? 'B' : 'A';
    for (const o of allObjects(body)) {
      if ('version' in o && ('part_number' in o || 'customer_price' in o)) out.push(`key version — ${label}`);
      if (!('customer_price' in o)) continue;
      const p = prices.get(String(o.part_number).toLowerCase());
      if (!p) {
        out.push(`unknown part number ${String(o.part_number)} — ${label}`);
        continue;
      }
      const cents = Math.round(Number(o.customer_price) * 100);
      if (cents !== p[co])
        out.push(`${p.pn}: customer_price ${String(o.customer_price)} ≠ own ${p[co] / 100} — ${label}`);
      if (cents === p.list && p.list !== p[co]) out.push(`${p.pn}: LIST PRICE leaked — ${label}`);
      if (cents === p[other] && p[other] !== p[co]) out.push(`${p.pn}: company ${other}'s price leaked — ${label}`);
    }
    return out;
  }

  async function get(actor: Actor, path: string) {
    const res = await actor.client.send('GET', path);
    return { ...res, label: `${actor.name} GET ${path.slice(0, 140)} → ${res.status}` };
  }

  it('the fixture is discriminating: list, A and B prices differ for every priced variant', () => {
    const same = [...prices.values()].filter((p) => p.list > 0 && (p.A === p.list || p.B === p.list || p.A === p.B));
    expect(same.map((p) => p.pn)).toEqual([]);
    expect(prices.size).toBeGreaterThan(50);
  });

  it('every catalogue page of every node, for every customer role, carries only the caller’s prices', async () => {
    const failures: string[] = [];
    let priced = 0;
    for (const actor of customers()) {
      for (const path of ['catalogue', 'catalogue?role=superadmin']) {
        const r = await get(actor, path);
        failures.push(...priceFailures(actor.company!, r.label, r.status, r.body));
      }
      for (const id of nodes) {
        for (const path of [
          `catalogue/product/${id}`,
          `catalogue/subcatalogue/${id}?role=superadmin`,
          `catalogue/product/${id}/files`,
        ]) {
          const r = await get(actor, path);
          failures.push(...priceFailures(actor.company!, r.label, r.status, r.body));
          priced += allObjects(r.body).filter((o) => 'customer_price' in o).length;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(priced).toBeGreaterThan(100);
  });

  // ---- property-based: fast-check over query parameters
  const garbage = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      "' OR '1'='1",
      '%',
      '_',
      '\\',
      '../',
      '1;DROP TABLE variants',
      '\u00a0',
      '𝟚𝟘',
      'NaN',
      'Infinity',
      '-1',
      '1e309',
      '0x14',
    ),
  );
  const sizeString = fc.oneof(
    fc.integer({ min: 0, max: 60 }).map(String),
    fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('1/2', '1/4', '3/4', '5/8', '0/0', '1/0'))
      .map(([a, b]) => `${a} ${b}`),
    fc
      .tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('-1/2', '.5', '.25', '.75', ',5'))
      .map(([a, b]) => `${a}${b}`),
    fc.double({ min: -5, max: 100, noNaN: false }).map(String),
    garbage,
    fc.constant(''),
  );
  const nodeId = () =>
    fc.oneof(
      fc.constantFrom(...nodes),
      fc.constant(uuid()),
      fc.constantFrom(w.ids.A, w.ids.B),
      garbage.map(encodeURIComponent),
    );
  const strayParams = fc.subarray([
    'page=2',
    'limit=1000',
    'role=superadmin',
    'fields=list_price',
    'company_id=' + 'X',
    'sort=list_price',
    'superadmin=true',
  ]);
  const actorArb = () => fc.constantFrom(...customers());
  const q = (params: Record<string, string | undefined>, stray: string[]) =>
    [
      ...Object.entries(params)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`),
      ...stray,
    ].join('&');

  it('property: part-number lookups never return list or foreign prices, never 5xx', async () => {
    const failures: string[] = [];
    const pnArb = fc.oneof(
      fc.constantFrom(...partNumbers),
      fc.constantFrom(...partNumbers).map((p) => p.toLowerCase()),
      fc.constantFrom(...partNumbers).map((p) => ` ${p.toUpperCase()} `),
      fc.constantFrom(...partNumbers).map((p) => `${p}' OR '1'='1`),
      garbage,
    );
    await fc.assert(
      fc.asyncProperty(
        actorArb(),
        nodeId(),
        fc.option(pnArb, { nil: undefined }),
        strayParams,
        async (actor, id, pn, stray) => {
          const xs =
            pn === undefined ? stray : stray.map((s) => s.replace('X', w.ids[actor.company === 'A' ? 'B' : 'A']));
          const r = await get(actor, `catalogue/productNumber/${id}?${q({ partNumber: pn }, xs)}`);
          const f = priceFailures(actor.company!, r.label, r.status, r.body);
          failures.push(...f);
          return f.length === 0;
        },
      ),
      { numRuns: NUM_RUNS * 2 },
    );
    expect(failures).toEqual([]);
  });

  it('property: odd-size / dimension search never returns list or foreign prices, never 5xx', async () => {
    const failures: string[] = [];
    const action = fc.option(fc.oneof(fc.constantFrom('exact-measurement', 'not-exactly', ''), garbage), {
      nil: undefined,
    });
    const dim = fc.option(sizeString, { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        actorArb(),
        nodeId(),
        dim,
        dim,
        dim,
        action,
        strayParams,
        async (actor, id, width, height, depth, act, stray) => {
          const r = await get(
            actor,
            `catalogue/searchproduct/${id}?${q({ width, height, depth, action: act }, stray)}`,
          );
          const f = priceFailures(actor.company!, r.label, r.status, r.body);
          failures.push(...f);
          return f.length === 0;
        },
      ),
      { numRuns: NUM_RUNS * 3 },
    );
    // Realistic searches return priced results too (the property above is not vacuous).
    const hits = await get(
      w.actors.employeeB,
      `catalogue/searchproduct/${nodes[0]}?width=20&height=20&depth=1&action=not-exactly`,
    );
    expect(hits.status).toBe(200);
    expect(failures).toEqual([]);
  });

  it('property: product pages and category lists with stray paging/role parameters stay customer-priced', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        actorArb(),
        nodeId(),
        strayParams,
        fc.constantFrom('product', 'subcatalogue'),
        async (actor, id, stray, kind) => {
          const r = await get(actor, `catalogue/${kind}/${id}?${stray.join('&')}`);
          const f = priceFailures(actor.company!, r.label, r.status, r.body);
          failures.push(...f);
          return f.length === 0;
        },
      ),
      { numRuns: NUM_RUNS },
    );
    expect(failures).toEqual([]);
  });

  it('the superadmin does see list prices (the checks above would notice them)', async () => {
    const r = await get(w.actors.superadmin, `catalogue/product/${nodes[0]}`);
    expect(r.status).toBe(200);
    expect(allKeys(r.body).has('list_price')).toBe(true);
  });

  it('socket messages to customers carry no prices, no grid keys and nothing of the other company', async () => {
    const sockets: Record<string, Probe> = {};
    for (const a of [...customers(), w.actors.superadmin]) {
      sockets[a.name] = connectSocket(api.baseUrl, a.client.token);
      expect(await socketOutcome(sockets[a.name].socket)).toBe('connected');
    }
    try {
      const root = w.actors.superadmin.client;
      const p = await freshProduct(w);
      const newPrice = 987.65;
      const edits = [
        await root.send('PATCH', `catalogue/${p.productId}/variant/${p.variantId}`, {
          body: {
            part_number: p.partNumber,
            size: '20x20x1',
            actual_size: '19.5x19.5x0.75',
            depth: 1,
            list_price: newPrice,
            version: 1,
          },
        }),
        await root.send('PATCH', `catalogue/appendvarient/${p.productId}`, {
          body: {
            variants: [
              {
                part_number: `SOCK-${uuid().slice(0, 8)}`,
                size: '16x25x1',
                actual_size: '15.5x24.5x0.75',
                depth: 1,
                list_price: 876.54,
              },
            ],
          },
        }),
        await root.send('PATCH', `company/${w.ids.A}`, { body: { discount_percentage: 44.44 } }),
        await w.actors.adminA.client.send('POST', 'user', {
          body: { username: 'Sock', email: `sock${w.seq()}@a-victims.example`, password: 'Passw0rd!23' },
        }),
      ];
      expect(edits.map((e) => e.status)).toEqual([200, 201, 200, 201]);
      await waitFor(
        () => sockets.employeeB.events.some((e) => e.event === 'catalogue.changed'),
        5000,
        'catalogue.changed',
      );
      await waitFor(
        () => sockets.adminA.events.some((e) => e.event === 'org.changed'),
        5000,
        'org.changed to company A',
      );
      await new Promise((r) => setTimeout(r, 300));
      const failures: string[] = [];
      for (const a of customers()) {
        for (const e of sockets[a.name].events) {
          const label = `${a.name} ← ${e.event} ${e.json.slice(0, 200)}`;
          const data = JSON.parse(e.json);
          failures.push(...priceFailures(a.company!, label, 200, data));
          if (/987\.65|98765|876\.54|87654/.test(e.json)) failures.push(`new list price in socket message — ${label}`);
          if (/44\.44/.test(e.json)) failures.push(`company percentage in socket message — ${label}`);
          const foreign = w.ids[a.company === 'A' ? 'B' : 'A'];
          if (e.json.includes(foreign)) failures.push(`other company's id — ${label}`);
        }
      }
      // Company B heard about the catalogue but nothing of company A's org change.
      expect(sockets.employeeB.events.some((e) => e.event === 'org.changed')).toBe(false);
      expect(failures).toEqual([]);
    } finally {
      for (const s of Object.values(sockets)) s.socket.close();
      await loadPrices();
    }
  });

  it('order.changed reaches the office, the requester and the company’s admins only, without prices', async () => {
    const colleague = await w.freshEmployee('A');
    const listeners: Record<string, Probe> = {};
    const clients = {
      superadmin: w.actors.superadmin.client,
      employeeA: w.actors.employeeA.client,
      adminA: w.actors.adminA.client,
      colleagueA: await w.signIn(colleague.email),
      adminB: w.actors.adminB.client,
      employeeB: w.actors.employeeB.client,
    };
    for (const [name, client] of Object.entries(clients)) {
      listeners[name] = connectSocket(api.baseUrl, client.token);
      expect(await socketOutcome(listeners[name].socket)).toBe('connected');
    }
    try {
      const { cat } = await routeFixtures(w);
      const submitted = await clients.employeeA.send('POST', 'order-requests', {
        body: { lines: [{ kind: 'catalogue', variant_id: cat.variantId, quantity: 3 }], po_number: 'SEC-PO' },
      });
      expect(submitted.status).toBe(201);
      const id = submitted.body.data._id as string;
      expect(
        (await clients.superadmin.send('POST', `order-requests/${id}/acknowledge`, { body: { version: 1 } })).status,
      ).toBe(200);
      const heard = (name: string) =>
        listeners[name].events.filter((e) => e.event === 'order.changed' && e.json.includes(id));
      for (const name of ['superadmin', 'employeeA', 'adminA']) {
        await waitFor(() => heard(name).length === 2, 5000, `order.changed to ${name}`);
        for (const e of heard(name)) {
          // only the id, the number and the status: no total, no price
          expect(Object.keys(JSON.parse(e.json)[0]).sort()).toEqual(['_id', 'number', 'status']);
        }
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const name of ['colleagueA', 'adminB', 'employeeB']) {
        expect({ name, heard: listeners[name].events.filter((e) => e.event === 'order.changed') }).toEqual({
          name,
          heard: [],
        });
      }
    } finally {
      for (const s of Object.values(listeners)) s.socket.close();
    }
  });

  describe('mass assignment', () => {
    const userRow = async (id: string) =>
      (
        await api.db.query(
          `SELECT id, username, email, role, company_id, status, password_hash, picture FROM users WHERE id = $1`,
          [id],
        )
      )[0];

    it('PATCH user/{id} (admin): role, company, ids and password hash in the body change nothing', async () => {
      const victim = await w.freshEmployee('A');
      const before = await userRow(victim.id);
      const res = await w.actors.adminA.client.send('PATCH', `user/${victim.id}`, {
        body: {
          username: 'Mass Assigned',
          role: 'admin',
          role_key: 'superadmin',
          role_id: { key: 'superadmin' },
          company_id: w.ids.B,
          companyId: w.ids.B,
          _id: uuid(),
          id: uuid(),
          password_hash: before.password_hash.replace(/.$/, 'X'),
          password: 'Other-Passw0rd!9',
          picture: '/etc/passwd',
          created_at: '2000-01-01T00:00:00Z',
        },
      });
      expect(res.status).toBe(200);
      expect(await userRow(victim.id)).toEqual({ ...before, username: 'Mass Assigned' });
    });

    it('PATCH user (own profile): role, company, status, ids, password hash and picture change nothing', async () => {
      const u = await w.freshEmployee('B');
      const c = await w.signIn(u.email);
      const before = await userRow(u.id);
      const res = await c.send('PATCH', 'user', {
        body: {
          username: 'Self Service',
          email: u.email,
          role: 'superadmin',
          role_key: 'superadmin',
          company_id: w.ids.A,
          status: false,
          _id: w.actors.superadmin.user!.id,
          id: w.actors.superadmin.user!.id,
          password_hash: 'x',
          password: 'Other-Passw0rd!9',
          picture: '/api/files/images/../../etc/passwd',
        },
      });
      expect(res.status).toBe(200);
      expect(await userRow(u.id)).toEqual({ ...before, username: 'Self Service' });
      expect(res.body.data.role_key).toBe('employee');
      // And nobody else was touched.
      expect((await userRow(w.actors.superadmin.user!.id)).username).toBe('root');
    });

    it('an admin cannot change their own status or role (no self-service escalation)', async () => {
      const admin = await w.freshUser('admin', 'A');
      const c = await w.signIn(admin.email);
      const before = await userRow(admin.id);
      const res = await c.send('PATCH', `user/${admin.id}`, { body: { status: false, role: 'superadmin' } });
      expect(res.status).toBe(403);
      expect(await userRow(admin.id)).toEqual(before);
    });

    it('POST user (admin): role, company and status in the body are ignored — an active employee of the admin’s company', async () => {
      const email = `mass${w.seq()}@a-victims.example`;
      const res = await w.actors.adminA.client.send('POST', 'user', {
        body: {
          username: 'New',
          email,
          password: 'Passw0rd!23',
          action: 'admin',
          role: 'superadmin',
          role_key: 'admin',
          company_id: w.ids.B,
          status: false,
        },
      });
      expect(res.status).toBe(201);
      const [row] = await api.db.query(`SELECT role, company_id, status FROM users WHERE email = $1`, [email]);
      expect(row).toEqual({ role: 'employee', company_id: w.ids.A, status: true });
    });

    it('PATCH company/{id}: ids, picture, timestamps and counters in the body change nothing', async () => {
      const cols = `id, name, status, picture, created_at, discount_percentage::text AS d`;
      const [a0] = await api.db.query(`SELECT ${cols} FROM companies WHERE id = $1`, [w.ids.A]);
      const [b0] = await api.db.query(`SELECT ${cols} FROM companies WHERE id = $1`, [w.ids.B]);
      const res = await w.actors.superadmin.client.send('PATCH', `company/${w.ids.A}`, {
        body: {
          discount_percentage: 45.55,
          _id: w.ids.B,
          id: w.ids.B,
          picture: '/etc/passwd',
          created_at: '2000-01-01',
          total_admins: 99,
          createdAt: '2000-01-01',
        },
      });
      expect(res.status).toBe(200);
      const [a1] = await api.db.query(`SELECT ${cols} FROM companies WHERE id = $1`, [w.ids.A]);
      expect({ ...a1, d: a0.d }).toEqual(a0);
      expect(await api.db.query(`SELECT ${cols} FROM companies WHERE id = $1`, [w.ids.B])).toEqual([b0]);
    });

    it('PATCH catalogue variant: foreign ids, product and storage fields are refused; customer_price is applied to this variant only', async () => {
      const p = await freshProduct(w);
      const other = await freshProduct(w);
      const cols = `id, product_id, part_number, list_price_cents::text AS cents, version`;
      const before = await fingerprint(api.db);
      // A stale version is a conflict and changes nothing.
      const stale = await w.actors.superadmin.client.send('PATCH', `catalogue/${p.productId}/variant/${p.variantId}`, {
        body: {
          part_number: p.partNumber,
          size: '20x20x1',
          actual_size: '19.5x19.5x0.75',
          depth: 1,
          list_price: 1,
          version: 999,
        },
      });
      expect(stale.status).toBe(409);
      expect(fingerprintDiff(before, await fingerprint(api.db))).toEqual([]);
      // Another variant's id, a product id or storage columns in the body are refused (400), never
      // silently dropped while the answer says "updated"; nothing changes.
      const base = { part_number: p.partNumber, size: '20x20x1', actual_size: '19.5x19.5x0.75', depth: 1, version: 1 };
      for (const extra of [
        { _id: other.variantId },
        { id: other.variantId },
        { product_id: other.productId },
        { list_price_cents: 1 },
        { created_at: '2000-01-01' },
      ]) {
        const fp = await fingerprint(api.db);
        const r = await w.actors.superadmin.client.send('PATCH', `catalogue/${p.productId}/variant/${p.variantId}`, {
          body: { ...base, list_price: 43.21, ...extra },
        });
        expect({ extra, status: r.status }).toEqual({ extra, status: 400 });
        expect(Object.keys(r.body.errors)).toEqual(Object.keys(extra));
        expect(fingerprintDiff(fp, await fingerprint(api.db))).toEqual([]);
      }
      // A fetched row sent back with the spec's customer_price edited (list_price repeating the stored
      // price) applies customer_price, to this variant only.
      const res = await w.actors.superadmin.client.send('PATCH', `catalogue/${p.productId}/variant/${p.variantId}`, {
        body: { ...base, _id: p.variantId, list_price: 43.21, customer_price: 0.01 },
      });
      expect(res.status).toBe(200);
      const [row] = await api.db.query(`SELECT ${cols} FROM variants WHERE id = $1`, [p.variantId]);
      expect(row).toEqual({
        id: p.variantId,
        product_id: p.productId,
        part_number: p.partNumber,
        cents: '1',
        version: 2,
      });
      const [o] = await api.db.query(`SELECT ${cols} FROM variants WHERE id = $1`, [other.variantId]);
      expect(o).toEqual({
        id: other.variantId,
        product_id: other.productId,
        part_number: other.partNumber,
        cents: '4321',
        version: 1,
      });
      // Non-superadmins cannot reach the route at all (and nothing changes).
      for (const a of customers()) {
        const fp = await fingerprint(api.db);
        const r = await a.client.send('PATCH', `catalogue/${p.productId}/variant/${p.variantId}`, {
          body: { part_number: p.partNumber, list_price: 0 },
        });
        expect(r.status).toBe(403);
        expect(fingerprintDiff(fp, await fingerprint(api.db))).toEqual([]);
      }
    });
  });
});
