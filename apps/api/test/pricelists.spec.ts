import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { PRICELIST_COLUMNS } from '../../../libs/contracts/src';
import type { CompanyPercentages } from '../../../libs/domain/src';
import { cpuPriorityOf } from '../../worker/src/pricelists/cpu-priority';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import {
  FLOAT_TRAP_PERCENTAGES,
  connectSocket,
  setPercentages as setSqlPercentages,
  signInAll,
  startTestWorker,
  waitFor as poll,
} from './support';

const filesDir = `/tmp/portal-pricelists-${process.pid}`;
const listDir = path.join(filesDir, 'pricelists');

const { A, B } = FLOAT_TRAP_PERCENTAGES;

const waitFor = <T>(fn: () => Promise<T | undefined | null | false>, ms = 30_000) => poll(fn, ms, 100);

type Who = 'root' | 'adminA' | 'empA' | 'empA2' | 'empB';
interface ScreenRow {
  category: string;
  subcategory: string;
  product: string;
  part_number: string;
  price: number;
}

describe('customer price lists', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let companyA: string;
  let companyB: string;
  let ids: Record<string, string>;
  const as: Record<Who, ApiClient> = {} as never;
  const sockets: Socket[] = [];

  const setPercentages = (id: string, p: CompanyPercentages) => setSqlPercentages(api, id, p);

  /** Every standard variant exactly as the catalogue screen shows it to `who` (one page per category). */
  async function screen(who: ApiClient): Promise<Map<string, ScreenRow>> {
    const out = new Map<string, ScreenRow>();
    const cats = await who.request('GET', 'catalogue');
    expect(cats.status).toBe(200);
    const subNames = new Map<string, string>(
      ((await api.db.query(`SELECT id, name FROM subcategories`)) as { id: string; name: string }[]).map((s) => [
        s.id,
        s.name,
      ]),
    );
    for (const c of cats.body.data as { _id: string; name: string }[]) {
      const page = await who.request('GET', `catalogue/product/${c._id}`);
      expect(page.status).toBe(200);
      for (const p of page.body.data.productDetails as {
        name: string;
        subcatalogue_id: string | null;
        variants: { part_number: string; customer_price: number; list_price?: unknown }[];
      }[]) {
        for (const v of p.variants) {
          expect(v.list_price).toBeUndefined();
          out.set(v.part_number, {
            category: c.name,
            subcategory: p.subcatalogue_id ? subNames.get(p.subcatalogue_id)! : '',
            product: p.name,
            part_number: v.part_number,
            price: v.customer_price,
          });
        }
      }
    }
    return out;
  }

  async function request(who: ApiClient, body: Record<string, unknown>) {
    const res = await who.request('POST', 'pricelists', body);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ _id: expect.any(String), status: 'queued' });
    return res.body.data._id as string;
  }

  async function ready(who: ApiClient, id: string) {
    return waitFor(async () => {
      const res = await who.request('GET', `pricelists/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.status).not.toBe('failed');
      return res.body.data.status === 'ready' && res.body.data;
    }, 60_000);
  }

  async function download(who: ApiClient, id: string) {
    const res = await fetch(`${api.baseUrl}/api/pricelists/${id}/download`, {
      headers: { authorization: `Bearer ${who.token}` },
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  const connect = (who: ApiClient): Promise<Socket> => connectSocket(api, who.token, { track: sockets });

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    ids = (await seedTestCatalogue(api.db)).ids;
    companyA = await createCompany(api.db, 'Acme Air');
    companyB = await createCompany(api.db, 'Beta Cooling');
    await setPercentages(companyA, A);
    await setPercentages(companyB, B);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: companyA });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: companyA });
    await createUser(api.db, { email: 'emp2@acme.com', role: 'employee', companyId: companyA });
    await createUser(api.db, { email: 'emp@beta.com', role: 'employee', companyId: companyB });
    Object.assign(
      as,
      await signInAll(api, {
        root: 'root@example.com',
        adminA: 'admin@acme.com',
        empA: 'emp@acme.com',
        empA2: 'emp2@acme.com',
        empB: 'emp@beta.com',
      }),
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await api?.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  let csvId: string;

  it('CSV of the whole catalogue: every standard variant at exactly the screen price, no list price, no odd sizes', async () => {
    const socket = await connect(as.empA);
    const pushed: string[] = [];
    socket.on('pricelist.ready', (m: { _id: string }) => pushed.push(m._id));
    csvId = await request(as.empA, { format: 'csv' });
    const view = await ready(as.empA, csvId);
    await waitFor(async () => pushed.includes(csvId));

    const shown = await screen(as.empA);
    const [{ n }] = await api.db.query(`SELECT count(*)::int AS n FROM variants WHERE NOT odd_size`);
    expect(shown.size).toBe(n);
    expect(view).toMatchObject({ format: 'csv', rows: n, total: n, scope: 'catalogue', company_name: 'Acme Air' });

    const file = await download(as.empA, csvId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="price-list-acme-air-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const records: string[][] = parse(file.body.toString('utf8'));
    expect(records[0]).toEqual([...PRICELIST_COLUMNS]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(n);
    const seen = new Set<string>();
    for (const [category, subcategory, product, pn, , , , price] of rows) {
      const s = shown.get(pn);
      expect(s).toBeDefined();
      expect({ category, subcategory, product, pn, price }).toEqual({
        category: s!.category,
        subcategory: s!.subcategory,
        product: s!.product,
        pn: s!.part_number,
        price: s!.price.toFixed(2),
      });
      seen.add(pn);
    }
    expect(seen.size).toBe(n);

    // In the screen's order: categories as the catalogue lists them, each product's variants as its page does.
    const blocks = rows.map((r) => r[0]).filter((c, i, all) => i === 0 || all[i - 1] !== c);
    expect(blocks).toEqual([...new Set([...shown.values()].map((s) => s.category))]);
    const byProduct = (list: { category: string; subcategory: string; product: string; pn: string }[]) => {
      const out = new Map<string, string[]>();
      for (const r of list) {
        const key = `${r.category}|${r.subcategory}|${r.product}`;
        out.set(key, [...(out.get(key) ?? []), r.pn]);
      }
      return out;
    };
    expect(
      byProduct(rows.map(([category, subcategory, product, pn]) => ({ category, subcategory, product, pn }))),
    ).toEqual(byProduct([...shown.values()].map((s) => ({ ...s, pn: s.part_number }))));

    // Never the list price: the company pays less than list for every non-free variant here.
    const listed = new Map<string, string>(
      (
        (await api.db.query(
          `SELECT part_number, (list_price_cents / 100.0)::numeric(20,2)::text AS lp FROM variants`,
        )) as {
          part_number: string;
          lp: string;
        }[]
      ).map((r) => [r.part_number, r.lp]),
    );
    const differing = rows.filter((r) => Number(listed.get(r[3])) > 0);
    expect(differing.length).toBeGreaterThan(0);
    for (const r of differing) expect(r[7]).not.toBe(listed.get(r[3]));
    const odd: { part_number: string }[] = await api.db.query(`SELECT part_number FROM variants WHERE odd_size`);
    expect(odd.length).toBeGreaterThan(0);
    for (const o of odd) expect(seen.has(o.part_number)).toBe(false);

    // The run ends in a notification record for the requester.
    const note = await waitFor(async () => {
      const r: { description: string; user_id: string }[] = await api.db.query(
        `SELECT n.description, n.user_id FROM notifications n JOIN users u ON u.id = n.user_id
          WHERE u.email = 'emp@acme.com' AND n.description LIKE 'Price list ready%'`,
      );
      return r[0];
    });
    expect(note.description).toBe(`Price list ready for "Acme Air" (Whole catalogue, CSV): ${n} rows`);
  });

  it('renaming every category keeps every price in a new list (priced by product line, not by name)', async () => {
    const before = await screen(as.empA);
    const lines: { product_line: string | null }[] = await api.db.query(
      `SELECT product_line FROM categories WHERE product_line IS NOT NULL`,
    );
    expect(lines.length).toBeGreaterThan(0); // the company pays a product-line percentage somewhere
    const names: { id: string; name: string }[] = await api.db.query(`SELECT id, name FROM categories`);
    await api.db.query(`UPDATE categories SET name = 'Renamed ' || name, updated_at = now()`);
    try {
      const id = await request(as.empA, { format: 'csv' });
      await ready(as.empA, id);
      const file = await download(as.empA, id);
      const rows: string[][] = parse(file.body.toString('utf8')).slice(1);
      expect(rows).toHaveLength(before.size);
      for (const [category, , , pn, , , , price] of rows) {
        expect(category.startsWith('Renamed ')).toBe(true);
        expect(price).toBe(before.get(pn)!.price.toFixed(2));
      }
    } finally {
      for (const c of names) await api.db.query(`UPDATE categories SET name = $2 WHERE id = $1`, [c.id, c.name]);
    }
  });

  it('XLSX of one category: title block, frozen header with autofilter, numeric prices equal to the screen', async () => {
    const category = ids['rigid-flow'];
    const [{ name }] = await api.db.query(`SELECT name FROM categories WHERE id = $1`, [category]);
    const id = await request(as.adminA, { format: 'xlsx', catalogueId: category });
    const view = await ready(as.adminA, id);
    expect(view).toMatchObject({ scope: 'category', scope_name: name });
    const file = await download(as.adminA, id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="price-list-acme-air-.+\.xlsx"/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Acme Air');
    expect(String(sheet.getCell('A3').value)).toBe('Generated');
    expect(String(sheet.getCell('A4').value)).toBe('Catalogue last changed');
    expect(sheet.getRow(6).values).toEqual([undefined, ...PRICELIST_COLUMNS]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    expect(sheet.autoFilter).toBe('A6:H6');

    const page = await as.adminA.request('GET', `catalogue/product/${category}`);
    const expected = new Map<string, number>();
    for (const p of page.body.data.productDetails)
      for (const v of p.variants) expected.set(v.part_number, v.customer_price);
    expect(expected.size).toBeGreaterThan(0);
    const got = new Map<string, number>();
    for (let r = 7; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      expect(row.getCell(1).value).toBe(name);
      const price = row.getCell(8).value;
      expect(typeof price).toBe('number');
      got.set(String(row.getCell(4).value), price as number);
    }
    expect(got).toEqual(expected);
    expect(view.rows).toBe(expected.size);
  });

  it('PDF of a sub-category opens as a PDF; an employee cannot choose another company', async () => {
    const [{ id: sub, n }] = await api.db.query(
      `SELECT s.id, count(v.id)::int AS n FROM subcategories s JOIN products p ON p.subcategory_id = s.id
         JOIN variants v ON v.product_id = p.id AND NOT v.odd_size GROUP BY s.id ORDER BY n DESC LIMIT 1`,
    );
    const id = await request(as.empA, { format: 'pdf', catalogueId: sub, companyId: companyB });
    const view = await ready(as.empA, id);
    expect(view).toMatchObject({ scope: 'subcategory', rows: n, company_id: companyA, company_name: 'Acme Air' });
    const file = await download(as.empA, id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.body.subarray(-8).toString('latin1')).toContain('%%EOF');
  });

  it('superadmin lists for a named company, with that company`s prices', async () => {
    const noCompany = await as.root.request('POST', 'pricelists', { format: 'csv' });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.message).toBe('Please select a company');
    expect((await as.root.request('POST', 'pricelists', { format: 'csv', companyId: randomUUID() })).status).toBe(404);

    const category = ids['merv-10'];
    const id = await request(as.root, { format: 'csv', companyId: companyB, catalogueId: category });
    expect(await ready(as.root, id)).toMatchObject({ company_id: companyB, company_name: 'Beta Cooling' });
    const rows: string[][] = parse((await download(as.root, id)).body.toString('utf8')).slice(1);
    const page = await as.empB.request('GET', `catalogue/product/${category}`);
    const expected = new Map<string, string>();
    for (const p of page.body.data.productDetails)
      for (const v of p.variants) expected.set(v.part_number, v.customer_price.toFixed(2));
    expect(new Map(rows.map((r) => [r[3], r[7]]))).toEqual(expected);
    // Superadmin's own list shows it; it can be filtered by company.
    const mine = await as.root.request('GET', `pricelists?companyId=${companyB}`);
    expect(mine.body.data.map((l: { _id: string }) => l._id)).toEqual([id]);
    expect((await as.root.request('GET', `pricelists?companyId=${companyA}`)).body.data).toEqual([]);
  });

  it('only the requester and superadmins can read or download a list; everyone else gets 404', async () => {
    for (const who of ['empB', 'adminA', 'empA2'] as const) {
      const one = await as[who].request('GET', `pricelists/${csvId}`);
      expect(one.status).toBe(404);
      expect(one.body.message).toBe('Price list not found');
      expect((await download(as[who], csvId)).status).toBe(404);
      const list = await as[who].request('GET', 'pricelists');
      expect(list.body.data.map((l: { _id: string }) => l._id)).not.toContain(csvId);
    }
    expect((await as.root.request('GET', `pricelists/${csvId}`)).status).toBe(200);
    expect((await download(as.root, csvId)).status).toBe(200);
    // The request is on the audit log, under the requester's company.
    const audit = await as.root.request('GET', `audit?entity=pricelist&entity_id=${csvId}`);
    expect(audit.body.data.list).toHaveLength(1);
    expect(audit.body.data.list[0]).toMatchObject({ action: 'pricelist.requested', after: { format: 'csv' } });
    for (const bad of [randomUUID(), 'not-an-id', "1' OR '1'='1"]) {
      expect((await as.empA.request('GET', `pricelists/${encodeURIComponent(bad)}`)).status).toBe(404);
      expect((await download(as.empA, encodeURIComponent(bad))).status).toBe(404);
    }
    const anon = await fetch(`${api.baseUrl}/api/pricelists/${csvId}/download`);
    expect(anon.status).toBe(401);

    const mine = await as.empA.request('GET', 'pricelists');
    expect(mine.status).toBe(200);
    const times = mine.body.data.map((l: { created_at: string }) => l.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(mine.body.data[0]).toEqual({
      _id: expect.any(String),
      status: expect.stringMatching(/^(queued|running|ready|failed)$/),
      format: expect.any(String),
      rows: expect.any(Number),
      total: expect.anything(),
      scope: expect.any(String),
      scope_name: expect.any(String),
      company_id: companyA,
      company_name: 'Acme Air',
      file_name: expect.stringMatching(/^price-list-acme-air-/),
      error: null,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
  });

  it('refuses bad input with clear 4xx messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'Please choose a format: CSV, XLSX or PDF'],
      [{ format: 'docx' }, 400, 'Please choose a format: CSV, XLSX or PDF'],
      [{ format: 'csv', catalogueId: 'abc' }, 400, 'Invalid category ID'],
      [{ format: 'csv', catalogueId: randomUUID() }, 404, 'Category not found'],
      [{ format: ['csv'] }, 400, 'Please choose a format: CSV, XLSX or PDF'],
    ];
    for (const [body, status, message] of cases) {
      const res = await as.empA.request('POST', 'pricelists', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
    expect((await as.empA.request('GET', 'pricelists?companyId=zzz')).status).toBe(400);
  });

  it('each list is built in a process of its own behind all other work, which ends with it; one that dies is replaced', async () => {
    const builder = worker.pricelistBuilder;
    const started = jest.spyOn(builder as unknown as { start(): ChildProcess }, 'start');
    try {
      const gone = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
      // A list is done: its process has ended, with its memory.
      const first = await request(as.adminA, { format: 'csv' });
      await ready(as.adminA, first);
      expect(started).toHaveBeenCalledTimes(1);
      const firstProcess = started.mock.results[0].value as ChildProcess;
      await poll(async () => gone(firstProcess));
      expect(builder.pid).toBeUndefined();

      // The next list gets a new process, at idle CPU priority: SCHED_IDLE where chrt exists (Debian,
      // the Docker image), the lowest nice value elsewhere. Killed during its build, the job is tried
      // again in another process: the list still turns ready and no partial file is left behind.
      builder.priority = 'idle';
      const second = await request(as.adminA, { format: 'pdf' });
      await poll(async () => (await as.adminA.request('GET', `pricelists/${second}`)).body.data.status !== 'queued');
      await poll(async () => builder.pid !== undefined);
      const killed = builder.pid!;
      expect(killed).not.toBe(firstProcess.pid);
      const idle = spawnSync('chrt', ['--version']).status === 0 ? 'idle' : 'low';
      await poll(async () => cpuPriorityOf(killed) === idle);
      expect(cpuPriorityOf(process.pid)).toBe('normal');
      // The retry builds at normal priority, as the other tests here: on a machine kept busy by other
      // work an idle one would wait for it to pause.
      builder.priority = 'normal';
      process.kill(killed, 'SIGKILL');
      await ready(as.adminA, second);
      expect(started.mock.calls.length).toBeGreaterThanOrEqual(3);
      expect((await download(as.adminA, second)).body.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await fs.readdir(listDir)).filter((f) => f.endsWith('.part'))).toEqual([]);
      await poll(async () => started.mock.results.every((r) => gone(r.value as ChildProcess)));
    } finally {
      started.mockRestore();
    }
  });

  it('a list that is not ready cannot be downloaded; at most 3 unfinished lists per user', async () => {
    const [{ id }] = await api.db.query(
      `INSERT INTO pricelists (requested_by, company_id, format, scope, scope_name, status)
       SELECT id, company_id, 'csv', 'catalogue', 'Whole catalogue', 'running' FROM users WHERE email = 'emp2@acme.com'
       RETURNING id`,
    );
    const res = await download(as.empA2, id);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.toString()).message).toBe('The price list is not ready yet');
    await api.db.query(
      `INSERT INTO pricelists (requested_by, company_id, format, scope, scope_name, status)
       SELECT id, company_id, 'csv', 'catalogue', 'Whole catalogue', 'queued' FROM users, generate_series(1, 2)
        WHERE email = 'emp2@acme.com'`,
    );
    const refused = await as.empA2.request('POST', 'pricelists', { format: 'csv' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You already have 3 price lists being prepared. Please wait for them to finish.');
  });

  it('at most 30 price lists per user per 24 hours (the counter survives deleting lists)', async () => {
    // The day's budget is spent but for one request (the counter is what a burst would have left).
    const [{ id: userId }] = await api.db.query(`SELECT id FROM users WHERE email = 'emp@acme.com'`);
    await api.db.query(
      `INSERT INTO auth_throttle (key, failures, window_start) VALUES ($1, 29, now())
       ON CONFLICT (key) DO UPDATE SET failures = 29, window_start = now()`,
      [`pricelist:user:${userId}`],
    );
    await api.db.query(`DELETE FROM pricelists WHERE requested_by = $1 AND status IN ('queued', 'running')`, [userId]);
    expect((await as.empA.request('POST', 'pricelists', { format: 'csv' })).status).toBe(202);
    const refused = await as.empA.request('POST', 'pricelists', { format: 'csv' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You have requested 30 price lists in the last 24 hours. Please use the ones you have.',
    );
    await api.db.query(`UPDATE auth_throttle SET window_start = now() - interval '25 hours' WHERE key = $1`, [
      `pricelist:user:${userId}`,
    ]);
    expect((await as.empA.request('POST', 'pricelists', { format: 'csv' })).status).toBe(202);
  });

  it('expired lists disappear at once and the sweep removes their files', async () => {
    const file = path.join(listDir, `${csvId}.csv`);
    await fs.access(file);
    await api.db.query(`UPDATE pricelists SET expires_at = now() - interval '1 second' WHERE id = $1`, [csvId]);
    expect((await as.empA.request('GET', `pricelists/${csvId}`)).status).toBe(404);
    expect((await download(as.empA, csvId)).status).toBe(404);
    expect(await worker.sweepPricelists()).toBeGreaterThanOrEqual(1);
    await expect(fs.access(file)).rejects.toThrow();
    expect(await api.db.query(`SELECT 1 FROM pricelists WHERE id = $1`, [csvId])).toEqual([]);
    // Files of other lists stay.
    const left = await fs.readdir(listDir);
    expect(left.length).toBeGreaterThan(0);
    expect(left).not.toContain(`${csvId}.csv`);
  });
});
