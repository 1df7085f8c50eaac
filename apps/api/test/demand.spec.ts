import net from 'node:net';
import { purgeSearchLogOlderThan, rollUpSearchLog, ROLLUP_DAY_SQL } from '../../../libs/db/src';
import { FIND_MSG } from '../../../libs/domain/src';
import { createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import { TEST_SERVER_URL } from '../../../test/services';
import { expectSuperadminOnly, seedTwoCompanies, signIn, waitFor, type TwoCompanyUsers } from './support';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const dayStart = (offsetDays: number) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() + offsetDays * DAY);
};
const iso = (d: Date) => d.toISOString().slice(0, 10);

interface PartRow {
  key: string;
  examples: string[];
  searches: number;
  zero_results: number;
  companies: number;
  last_at: string;
}

describe('demand reports', () => {
  let api: TestApi;
  let ids: Record<string, string>;
  let coA: string;
  let coB: string;
  let as: TwoCompanyUsers;

  const parts = async (query = ''): Promise<{ list: PartRow[]; total: number }> => {
    const res = await as.root.request('GET', `demand/parts${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const summary = (list: PartRow[]) =>
    Object.fromEntries(list.map((r) => [r.key, [r.searches, r.zero_results, r.companies]]));

  /** Raw log rows: [at, key, company, results, raw]. */
  const insertRaw = (rows: [Date, string, string | null, number, string][]) =>
    api.db.query(
      `INSERT INTO search_log (at, kind, key, company_id, results, raw)
       SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::uuid[], $5::int[], $6::text[])`,
      [
        rows.map((r) => r[0]),
        rows.map(() => 'part_number'),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        rows.map((r) => r[4]),
      ],
    );

  beforeAll(async () => {
    api = await startTestApi({ SEARCH_LOG_FLUSH_MS: '200' });
    ids = (await seedTestCatalogue(api.db)).ids;
    ({ companyA: coA, companyB: coB, as } = await seedTwoCompanies(api, { names: ['Acme Air', 'Blue Ducts'] }));

    // Three days ago is not rolled up yet; today's rows are raw too.
    await api.db.query(`UPDATE search_log_rollup SET through = $1::date`, [iso(dayStart(-3))]);
    const old = new Date(dayStart(-3).getTime() + 12 * 3600_000);
    const now = new Date();
    await insertRaw([
      [old, 'ABC123', coA, 0, 'abc-123'],
      [old, 'ABC123', coA, 0, 'abc-123'],
      [old, 'ABC123', coA, 0, 'abc-123'],
      [old, 'ABC123', coB, 0, 'ABC 123'],
      [old, 'ABC123', coB, 2, 'ABC 123'],
      ...Array.from({ length: 4 }, (): [Date, string, string, number, string] => [old, 'XYZ9', coA, 5, 'xyz9']),
      [now, 'ABC123', coA, 0, 'abc.123'],
      [now, 'NEW1', coB, 0, 'new-1'],
      [now, 'NEW1', coB, 0, 'new-1'],
      [now, 'XYZ9', coB, 5, 'XYZ-9'],
    ]);
  });
  afterAll(() => api?.close());

  const expectedAll = { ABC123: [6, 5, 2], NEW1: [2, 2, 1], XYZ9: [5, 0, 2] };

  it('counts searches, zero results and companies per normalised number, exactly', async () => {
    const { list, total } = await parts();
    expect(total).toBe(3);
    expect(list.map((r) => r.key)).toEqual(['ABC123', 'NEW1', 'XYZ9']);
    expect(summary(list)).toEqual(expectedAll);
    const abc = list.find((r) => r.key === 'ABC123')!;
    expect([...abc.examples].sort()).toEqual(['ABC 123', 'abc-123', 'abc.123'].sort());
    expect(new Date(abc.last_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by zeroOnly, company, date range and pages', async () => {
    expect(summary((await parts('?zeroOnly=true')).list)).toEqual({ ABC123: [6, 5, 2], NEW1: [2, 2, 1] });
    expect(summary((await parts(`?companyId=${coB}`)).list)).toEqual({
      ABC123: [2, 1, 1],
      NEW1: [2, 2, 1],
      XYZ9: [1, 0, 1],
    });
    const today = iso(new Date());
    expect(summary((await parts(`?from=${today}&to=${today}`)).list)).toEqual({
      ABC123: [1, 1, 1],
      NEW1: [2, 2, 1],
      XYZ9: [1, 0, 1],
    });
    expect((await parts(`?to=${iso(dayStart(-4))}`)).list).toEqual([]);
    const page2 = await parts('?page=2&limit=2');
    expect(page2).toMatchObject({ total: 3, list: [{ key: 'XYZ9' }] });
    const past = await parts('?page=5&limit=2');
    expect(past).toEqual({ total: 3, list: [], not_logged: { over_budget: 0, repeats: 0 } });
  });

  it('keeps the same answers after the daily roll-up and the retention delete', async () => {
    expect(await rollUpSearchLog(api.db)).toBeGreaterThan(0);
    const [state] = await api.db.query(
      `SELECT through::text, ${ROLLUP_DAY_SQL}::text AS expected FROM search_log_rollup`,
    );
    expect(state.through).toBe(state.expected);
    expect(summary((await parts()).list)).toEqual(expectedAll);
    expect(await purgeSearchLogOlderThan(api.db, 2)).toBe(9);
    expect(summary((await parts()).list)).toEqual(expectedAll);
    expect(summary((await parts(`?companyId=${coA}`)).list)).toEqual({ ABC123: [4, 4, 1], XYZ9: [4, 0, 1] });
    const abc = (await parts()).list.find((r) => r.key === 'ABC123')!;
    expect([...abc.examples].sort()).toEqual(['ABC 123', 'abc-123', 'abc.123'].sort());
  });

  it('shows a committed search within 15 s; as-you-type calls are not logged', async () => {
    expect((await as.empA.request('GET', 'catalogue/find?q=LOST-4242&typing=1')).status).toBe(200);
    expect((await as.empA.request('GET', 'catalogue/find?q=lost%204242')).status).toBe(200);
    expect((await as.empB.request('GET', 'catalogue/find?q=LOST.4242')).status).toBe(200);
    const started = Date.now();
    const row = await waitFor(
      async () => (await parts('?zeroOnly=true')).list.find((r) => r.key === 'LOST4242' && r.searches === 2),
      15_000,
      200,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(row).toMatchObject({ searches: 2, zero_results: 2, companies: 2 });
    expect([...row.examples].sort()).toEqual(['LOST.4242', 'lost 4242'].sort());
    const typed = await api.db.query(`SELECT count(*)::int AS n FROM search_log WHERE raw = 'LOST-4242'`);
    expect(typed[0].n).toBe(0);
  });

  it('reports sizes asked for (find and odd-size searches) with quote-request lines when they exist', async () => {
    // Two custom-size lines for that size (and an unlisted line, which has no size) by quote requests.
    const customLine = {
      kind: 'custom_size',
      catalogue_id: ids['merv-10'],
      width: 17.25,
      height: 23.5,
      depth: 1,
      measure: 'exact',
      quantity: 4,
    };
    for (const who of [as.empA, as.empB]) {
      const res = await who.request('POST', 'quote-requests', {
        lines: [customLine, { kind: 'unlisted', part_number: 'XYZ-123', quantity: 1 }],
      });
      expect(res.status).toBe(201);
    }
    const node = ids['merv-10-1in'];
    // empA's second search of the same size within a minute is the same row (counted as a repeat).
    for (const who of [as.empA, as.empA, as.empB]) {
      const res = await who.request(
        'GET',
        `catalogue/searchproduct/${node}?width=17.25&height=23.5&depth=1&action=exact-measurement`,
      );
      expect(res.status).toBe(200);
    }
    expect((await as.empA.request('GET', 'catalogue/find?q=20x25x1%20merv')).status).toBe(200);
    const sizes = await waitFor(async () => {
      const res = await as.root.request('GET', 'demand/sizes');
      expect(res.status).toBe(200);
      const list = res.body.data.list as Record<string, unknown>[];
      return list.length >= 2 ? list : null;
    }, 15_000);
    expect(sizes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          width: 17.25,
          height: 23.5,
          depth: 1,
          measure: 'exact',
          searches: 2,
          companies: 2,
          quote_lines: 2,
        }),
        expect.objectContaining({ width: 20, height: 25, depth: 1, measure: 'nominal', searches: 1, zero_results: 0 }),
      ]),
    );
    const exact = await as.root.request('GET', 'demand/sizes?measure=exact');
    expect(exact.body.data.list.every((r: { measure: string }) => r.measure === 'exact')).toBe(true);
    const other = await as.root.request('GET', `demand/sizes?categoryId=${ids['carbon'] ?? ids['merv-13']}`);
    expect(other.status).toBe(200);
    expect(other.body.data.list.some((r: { width: number }) => r.width === 17.25)).toBe(false);
  });

  it('resolves a zero-result number to an alias and says how many searches it would have answered', async () => {
    const variant = await api.db.query(`SELECT id, part_number FROM variants WHERE NOT odd_size LIMIT 1`);
    const res = await as.root.request('POST', 'demand/parts/resolve', {
      key: 'ABC123',
      variantId: variant[0].id,
      source: 'competitor',
      brand: 'Acme',
    });
    expect(res.status).toBe(201);
    // 3 + 1 rolled up, 1 today; the searches that found something do not count.
    expect(res.body.data.would_have_matched).toBe(5);
    expect(res.body.data.alias).toMatchObject({ variant_id: variant[0].id, source: 'competitor', brand: 'Acme' });
    const found = await as.empA.request('GET', 'catalogue/find?q=abc-123');
    expect(found.body.data.list).toMatchObject([{ part_number: variant[0].part_number, matched_via: 'alias' }]);
    const again = await as.root.request('POST', 'demand/parts/resolve', {
      key: 'ABC123',
      variantId: variant[0].id,
      source: 'competitor',
    });
    expect(again.status).toBe(409);
    const audit = await api.db.query(
      `SELECT action, after FROM audit_log WHERE entity = 'part_alias' AND action = 'part_alias.created'`,
    );
    expect(audit.some((a: { after: { resolved_from?: string } }) => a.after.resolved_from === 'ABC123')).toBe(true);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    for (const [path, message] of [
      ['demand/parts?from=2025-13-45', FIND_MSG.fromInvalid],
      ['demand/parts?to=yesterday', FIND_MSG.toInvalid],
      ['demand/parts?from=2025-02-01&to=2025-01-01', FIND_MSG.rangeInvalid],
      ['demand/parts?companyId=nope', FIND_MSG.companyIdInvalid],
      ['demand/parts?zeroOnly=maybe', FIND_MSG.zeroOnlyInvalid],
      ['demand/parts?limit=500', FIND_MSG.demandLimitInvalid],
      ['demand/sizes?measure=metric', FIND_MSG.measureInvalid],
      ['demand/sizes?categoryId=1', FIND_MSG.categoryIdInvalid],
    ]) {
      const res = await as.root.request('GET', path);
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 400, message });
    }
    const bad = await as.root.request('POST', 'demand/parts/resolve', { key: '', variantId: 'x', source: 'y' });
    expect(bad.status).toBe(400);
  });

  it('answers only superadmins (403 for admins and employees, 401 anonymous)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', 'demand/parts'],
      ['GET', 'demand/sizes'],
      ['GET', 'demand/log-status'],
      ['POST', 'demand/parts/resolve', { key: 'NEW1', variantId: ids['merv-10'], source: 'oem' }],
    ];
    await expectSuperadminOnly(api, [as.adminA, as.empA], routes);
  });

  it('reads whole rolled-up months from the monthly sums and gives the same answers as the days', async () => {
    const now = new Date();
    const month = (offset: number, day = 1) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day, 12));
    // Nothing rolled up from the first day of three months ago on: the rows below are all raw first.
    const start = iso(month(-3));
    await api.db.query(`UPDATE search_log_rollup SET through = $1::date`, [start]);
    await api.db.query(`DELETE FROM search_log_daily WHERE day >= $1::date`, [start]);
    await api.db.query(`DELETE FROM search_log_monthly WHERE month >= $1::date`, [start]);
    const lastOfEarlier = new Date(month(-2).getTime() - DAY);
    await insertRaw([
      [lastOfEarlier, 'MON1', coA, 1, 'MON-1'],
      [month(-2, 2), 'MON1', coA, 0, 'MON-1'],
      [month(-2, 20), 'MON1', coB, 0, 'mon 1'],
      [month(-1, 5), 'MON1', coA, 1, 'MON-1'],
      [month(-2, 10), 'MON2', coB, 1, 'MON-2'],
      [new Date(Date.now() - 60_000), 'MON1', coA, 0, 'MON-1'],
    ]);
    const ranges = {
      'from the middle of the earlier month': `?from=${iso(month(-3, 15))}`,
      'two whole months': `?from=${iso(month(-2))}&to=${iso(new Date(month(0).getTime() - DAY))}`,
      'part of a month': `?from=${iso(month(-2, 3))}&to=${iso(month(-2, 28))}`,
      'one company': `?from=${iso(month(-3, 15))}&companyId=${coA}`,
    };
    const answers = async () => {
      const out: Record<string, Record<string, number[]>> = {};
      for (const [name, q] of Object.entries(ranges)) {
        const { list } = await parts(`${q}&limit=100`);
        out[name] = summary(list.filter((r) => r.key.startsWith('MON')));
      }
      return out;
    };
    const expected = {
      'from the middle of the earlier month': { MON1: [5, 3, 2], MON2: [1, 0, 1] },
      'two whole months': { MON1: [3, 2, 2], MON2: [1, 0, 1] },
      'part of a month': { MON1: [1, 1, 1], MON2: [1, 0, 1] },
      'one company': { MON1: [4, 2, 1] },
    };
    expect(await answers()).toEqual(expected);
    await rollUpSearchLog(api.db);
    const monthly = await api.db.query(
      `SELECT month::text, key, searches::int, zero_results::int FROM search_log_monthly
        WHERE key LIKE 'MON%' ORDER BY month, key, searches`,
    );
    expect(monthly).toEqual([
      { month: iso(month(-3)), key: 'MON1', searches: 1, zero_results: 0 },
      { month: iso(month(-2)), key: 'MON1', searches: 1, zero_results: 1 },
      { month: iso(month(-2)), key: 'MON1', searches: 1, zero_results: 1 },
      { month: iso(month(-2)), key: 'MON2', searches: 1, zero_results: 0 },
      { month: iso(month(-1)), key: 'MON1', searches: 1, zero_results: 0 },
    ]);
    expect(await answers()).toEqual(expected);
  });
});

/** A TCP proxy in front of Postgres that can stop moving bytes (a paused database, as the log sees it). */
async function pausableProxy(target: URL) {
  let paused = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (d) => (paused ? held.push(() => to.write(d)) : to.write(d)));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      for (const f of held.splice(0)) f();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('search log while its database is unavailable', () => {
  let api: TestApi;
  let proxy: Awaited<ReturnType<typeof pausableProxy>>;

  beforeAll(async () => {
    // Every test database lives on the test server: the proxy forwards to it.
    proxy = await pausableProxy(new URL(TEST_SERVER_URL));
    api = await startTestApi((url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      return {
        SEARCH_LOG_DATABASE_URL: through.toString(),
        SEARCH_LOG_BUFFER_ROWS: '5',
        SEARCH_LOG_FLUSH_MS: '100',
      };
    });
    await seedTestCatalogue(api.db);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
  });
  afterAll(async () => {
    await api?.close();
    await proxy?.close();
  });

  it('answers every search during a 10 s pause, and the drop counter says how many rows were lost', async () => {
    const root = await signIn(api, 'root@example.com');
    proxy.pause();
    const pausedAt = Date.now();
    const searches = 20;
    for (let i = 0; i < searches; i++) {
      const t = Date.now();
      const res = await root.request('GET', `catalogue/find?q=PAUSE-${i}`);
      expect(res.status).toBe(200);
      expect(Date.now() - t).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 10_000 - (Date.now() - pausedAt))));
    proxy.resume();
    const status = await waitFor(
      async () => {
        const res = await root.request('GET', 'demand/log-status');
        const s = res.body.data as { buffered: number; written: number; dropped: number };
        return s.buffered === 0 && s.written + s.dropped >= searches ? s : null;
      },
      20_000,
      200,
    );
    const logged = await api.db.query(`SELECT count(*)::int AS n FROM search_log WHERE raw LIKE 'PAUSE-%'`);
    // A buffer of 5 cannot hold 20 searches: some were lost, and the counter says exactly how many.
    expect(status.dropped).toBeGreaterThan(0);
    expect(status.written + status.dropped).toBe(searches);
    expect(logged[0].n).toBe(searches - status.dropped);
    expect(status.written).toBe(logged[0].n);
    // Writing resumes once the database answers again.
    expect((await root.request('GET', 'catalogue/find?q=AFTER-1')).status).toBe(200);
    await waitFor(async () => {
      const r = await api.db.query(`SELECT 1 FROM search_log WHERE raw = 'AFTER-1'`);
      return r.length > 0;
    }, 15_000);
  });
});
