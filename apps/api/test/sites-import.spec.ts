import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { PROGRAMME_MSG } from '../../../libs/domain/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, signInAll, startTestWorker, waitFor as poll } from './support';
import { addSite, addSlot, addUnit, seedProgrammeCompanies } from './support/programme';

const filesDir = `/tmp/portal-sites-imports-${process.pid}`;
const TZ = 'America/New_York';
const HEADER = 'site code,site name,unit label,stage,part number or size,quantity,interval,last changed';
type Who = 'root' | 'adminA' | 'contactA' | 'empA' | 'adminB';
const WHO: Who[] = ['root', 'adminA', 'contactA', 'empA', 'adminB'];

const waitFor = <T>(fn: () => Promise<T | undefined | null | false>) => poll(fn, 30_000, 100);

describe('programme import and export (POST sites/import, GET sites/export)', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let companyA: string;
  let companyB: string;
  let as: Record<Who, ApiClient>;
  let ids: Record<Who, string>;
  const sockets: Socket[] = [];
  let pn: string;
  let pnAliased: string;
  let pnMerv8: string;

  async function upload(who: ApiClient, data: Buffer | string, opts: { name?: string; companyId?: string } = {}) {
    const csrf = await who.refreshCsrf();
    const form = new FormData();
    if (opts.companyId) form.append('companyId', opts.companyId);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    form.append('file', new Blob([new Uint8Array(bytes)]), opts.name ?? 'programme.csv');
    const res = await fetch(`${api.baseUrl}/api/sites/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  const settled = (who: ApiClient, id: string) =>
    waitFor(async () => {
      const r = await who.request('GET', `sites/import/${id}?errorsLimit=100`);
      return ['queued', 'validating'].includes(r.body.data.status) ? null : r.body.data;
    });

  async function dryRun(who: ApiClient, data: Buffer | string, opts: { name?: string; companyId?: string } = {}) {
    const res = await upload(who, data, opts);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 202,
      message: expect.any(String),
      data: { _id: expect.any(String), status: 'queued' },
    });
    return settled(who, res.body.data._id);
  }

  async function download(who: ApiClient, format: 'csv' | 'xlsx', companyId?: string) {
    const res = await fetch(
      `${api.baseUrl}/api/sites/export?format=${format}${companyId ? `&companyId=${companyId}` : ''}`,
      { headers: { authorization: `Bearer ${who.token}` } },
    );
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  }

  /** Every site, unit and live slot of a company, as text that changes when anything does. */
  const snapshot = async (companyId: string) =>
    JSON.stringify(
      await api.db.query(
        `SELECT s.code, s.version AS sv, u.label, u.version AS uv, f.id, f.stage, f.quantity, f.interval_unit,
                f.interval_count, f.anchor_date::text, f.next_due::text, f.version, f.variant_id, f.width::text
           FROM sites s LEFT JOIN site_units u ON u.site_id = s.id
           LEFT JOIN filter_slots f ON f.unit_id = u.id AND f.removed_at IS NULL
          WHERE s.company_id = $1 ORDER BY s.code, u.label, f.stage`,
        [companyId],
      ),
    );

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ, FILES_DIR: filesDir });
    let vs: { id: string; part_number: string }[];
    let cat: string;
    ({
      companyA,
      companyB,
      as,
      ids,
      variants: vs,
      categoryId: cat,
    } = await seedProgrammeCompanies(api, WHO, {
      users: { contactA: { email: 'other-admin@acme.com', role: 'admin' } },
      variants: 3,
    }));
    [pn, pnAliased, pnMerv8] = vs.map((v) => v.part_number);
    await api.db.query(`INSERT INTO part_aliases (alias, variant_id, source) VALUES ('ACME-9000', $1, 'competitor')`, [
      vs[1].id,
    ]);
    await api.db.query(`UPDATE variants SET merv = 8 WHERE id = $1`, [vs[2].id]);
    await api.db.query(
      `INSERT INTO agreed_items (company_id, kind, description, customer_part_no, catalogue_id, width, height, depth,
                                 measure, price_cents, price_held_until)
       VALUES ($1, 'custom_size', '14 x 30 x 2', 'ACME-ODD-1', $2, 14, 30, 2, 'nominal', 2500, '2099-01-01')`,
      [companyA, cat],
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await worker?.stop(2000);
    await api?.close();
  });

  it('a file that is not a spreadsheet is 415; a file without the columns ends invalid, naming them', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(as.adminA, png, { name: 'x.csv' })).status).toBe(415);
    const r = await dryRun(as.adminA, 'site,unit\nB1,AHU-1\n');
    expect(r.status).toBe('invalid');
    expect(r.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(["The file has no 'part number or size' column", "The file has no 'interval' column"]),
    );
  });

  it('errors per row name the row and the column; the dry run writes nothing; an invalid import cannot be applied', async () => {
    const before = await snapshot(companyA);
    const file = [
      HEADER,
      `BLD-A,Building A,AHU-1,final,${pn},4,3 months,2026-01-31`,
      `BLD-A,Building A,AHU-2,final,${pn},4,5 years,2026-01-31`,
      `BLD-A,Building A,AHU-3,sideways,NO-SUCH-PART,0,3 days,31/01/2026`,
      `BLD-A,Building A,AHU-1,final,${pn},2,3 months,2026-01-31`,
    ].join('\n');
    const r = await dryRun(as.adminA, file);
    expect(r.status).toBe('invalid');
    const messages = r.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain("Row 3: interval '5 years' is longer than 730 days");
    expect(messages).toEqual(
      expect.arrayContaining([
        "Row 4: stage 'sideways' is not pre, final or single",
        "Row 4: quantity '0' is not a whole number from 1 to 500",
        "Row 4: interval '3 days' is shorter than 7 days",
        "Row 4: last changed '31/01/2026' is not a date written YYYY-MM-DD",
        'Row 5: the same site code, unit label and stage as row 2',
      ]),
    );
    expect(r.errors.find((e: { row: number; column: string }) => e.row === 3)).toMatchObject({ column: 'interval' });
    expect(r.counts).toMatchObject({ sites_created: 1, units_created: 1, slots_created: 1, errors: 6 });
    expect(await snapshot(companyA)).toBe(before);
    const apply = await as.adminA.request('POST', `sites/import/${r._id}/apply`, {});
    expect(apply.status).toBe(400);
    expect(await snapshot(companyA)).toBe(before);
  });

  it('dry run → apply: part numbers as the find box reads them, sizes as custom sizes; audited; programme.changed once per site; a repeat changes nothing', async () => {
    const heard: Record<string, string[]> = { contactA: [], adminB: [], empA: [] };
    for (const who of ['contactA', 'adminB', 'empA'] as const) {
      const s = await connectSocket(api, as[who].token, { track: sockets });
      s.on('programme.changed', (m: { site_id: string }) => heard[who].push(m.site_id));
    }
    const before = await snapshot(companyA);
    const file = [
      HEADER,
      `HALL-1,Hall One,AHU-1,pre,${pn.toLowerCase().replace(/-/g, ' ')},4,3 months,2026-01-31`,
      `HALL-1,Hall One,AHU-1,final,acme 9000,2,90 days,2026-02-10`,
      `HALL-1,Hall One,RTU-2,,16 3/8 x 20 1/4 x 1 exact,6,2 weeks,2026-02-01`,
      `HALL-2,Hall Two,FCU-1,single,20x25x1,1,1 year,2025-12-01`,
      `HALL-2,Hall Two,FCU-2,single,acme-odd-1,3,6 months,2025-12-01`,
    ].join('\r\n');
    const r = await dryRun(as.adminA, file);
    expect(r).toMatchObject({
      status: 'ready',
      errors: [],
      counts: { sites_created: 2, units_created: 4, slots_created: 5, slots_updated: 0, slots_unchanged: 0, errors: 0 },
    });
    // The dry run wrote nothing.
    expect(await snapshot(companyA)).toBe(before);

    const apply = await as.adminA.request('POST', `sites/import/${r._id}/apply`, {});
    expect(apply.status).toBe(200);
    expect(apply.body.data).toMatchObject({ status: 'applied', counts: { slots_created: 5 } });
    const slots = await api.db.query(
      `SELECT s.code, s.name, s.time_zone, u.label, u.kind, f.stage, f.fitted_kind, v.part_number, f.width::float8 AS width,
              f.height::float8 AS height, f.depth::float8 AS depth, f.measure, f.quantity, f.interval_unit,
              f.interval_count, f.anchor_date::text AS anchor, f.next_due::text AS next_due
         FROM filter_slots f JOIN sites s ON s.id = f.site_id JOIN site_units u ON u.id = f.unit_id
         LEFT JOIN variants v ON v.id = f.variant_id
        WHERE f.company_id = $1 AND s.code LIKE 'HALL-%' ORDER BY s.code, u.label, f.stage`,
      [companyA],
    );
    expect(slots).toEqual([
      expect.objectContaining({
        code: 'HALL-1',
        name: 'Hall One',
        time_zone: TZ,
        label: 'AHU-1',
        kind: 'ahu',
        stage: 'final',
        part_number: pnAliased,
        quantity: 2,
        interval_unit: 'day',
        interval_count: 90,
        anchor: '2026-02-10',
      }),
      expect.objectContaining({
        label: 'AHU-1',
        stage: 'pre',
        part_number: pn,
        interval_unit: 'month',
        interval_count: 3,
        anchor: '2026-01-31',
        next_due: '2026-04-30',
      }),
      expect.objectContaining({
        label: 'RTU-2',
        kind: 'rtu',
        stage: 'single',
        fitted_kind: 'custom_size',
        width: 16.375,
        height: 20.25,
        depth: 1,
        measure: 'exact',
        interval_unit: 'week',
        interval_count: 2,
      }),
      expect.objectContaining({
        code: 'HALL-2',
        label: 'FCU-1',
        kind: 'fcu',
        fitted_kind: 'custom_size',
        width: 20,
        height: 25,
        depth: 1,
        measure: 'nominal',
        interval_unit: 'month',
        interval_count: 12,
        next_due: '2026-12-01',
      }),
      expect.objectContaining({ label: 'FCU-2', fitted_kind: 'custom_size', width: 14, height: 30, depth: 2 }),
    ]);
    const audit = await api.db.query(
      `SELECT action, actor_id, actor_role, company_id, after FROM audit_log WHERE entity = 'sites_import' AND entity_id = $1`,
      [r._id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'sites.imported',
        actor_id: ids.adminA,
        company_id: companyA,
        after: expect.objectContaining({ sites_created: 2, units_created: 4, slots_created: 5, slots_updated: 0 }),
      }),
    ]);
    await waitFor(async () => heard.contactA.length >= 2);
    await new Promise((res) => setTimeout(res, 500));
    const sites = (await api.db.query(`SELECT id FROM sites WHERE code LIKE 'HALL-%' ORDER BY code`)).map(
      (s: { id: string }) => s.id,
    );
    expect([...heard.contactA].sort()).toEqual([...sites].sort());
    expect(heard.adminB).toEqual([]);
    expect(heard.empA).toEqual([]);
    // The same import again: 409; the same file again: everything unchanged, and applying it changes nothing.
    expect((await as.adminA.request('POST', `sites/import/${r._id}/apply`, {})).status).toBe(409);
    const after = await snapshot(companyA);
    const again = await dryRun(as.adminA, file);
    expect(again.counts).toEqual({
      sites_created: 0,
      units_created: 0,
      slots_created: 0,
      slots_updated: 0,
      slots_unchanged: 5,
      errors: 0,
    });
    const reapply = await as.adminA.request('POST', `sites/import/${again._id}/apply`, {});
    expect(reapply.body.data.counts).toMatchObject({ slots_unchanged: 5 });
    expect(await snapshot(companyA)).toBe(after);
    // A changed quantity and interval update the slot (matched by site code + unit label + stage).
    const changed = await dryRun(
      as.adminA,
      [HEADER, `hall-1,Hall One,ahu-1,pre,${pn},9,2 months,2026-03-01`].join('\n'),
    );
    expect(changed.counts).toMatchObject({ slots_updated: 1, slots_created: 0, units_created: 0, sites_created: 0 });
    await as.adminA.request('POST', `sites/import/${changed._id}/apply`, {});
    const [pre] = await api.db.query(
      `SELECT f.quantity, f.interval_count, f.anchor_date::text AS anchor, f.next_due::text AS next_due
         FROM filter_slots f JOIN site_units u ON u.id = f.unit_id WHERE u.label = 'AHU-1' AND f.stage = 'pre' AND f.company_id = $1`,
      [companyA],
    );
    expect(pre).toEqual({ quantity: 9, interval_count: 2, anchor: '2026-03-01', next_due: '2026-05-01' });
  });

  it('a variant below a unit’s minimum MERV is a row error', async () => {
    const site = await addSite(as.adminA, { name: 'Clean Room', code: 'CR-1' });
    await addUnit(as.adminA, site._id, { label: 'AHU-9', kind: 'ahu', min_merv: 13 });
    const r = await dryRun(
      as.adminA,
      [HEADER, `CR-1,Clean Room,AHU-9,final,${pnMerv8},1,3 months,2026-01-01`].join('\n'),
    );
    expect(r.errors).toEqual([
      { row: 2, column: 'part number or size', message: "Row 2: MERV 8 is below unit AHU-9's minimum of 13" },
    ]);
  });

  it('the export round-trips with the import (CSV and XLSX): nothing to change', async () => {
    const csv = await download(as.adminA, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    const text = csv.body.toString('utf8').replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toBe(HEADER);
    expect(text).toContain('HALL-1,Hall One,RTU-2,single,16 3/8 x 20 1/4 x 1 exact,6,2 weeks,2026-02-01');
    const back = await dryRun(as.adminA, csv.body);
    expect(back.status).toBe('ready');
    expect(back.counts).toMatchObject({
      sites_created: 0,
      units_created: 0,
      slots_created: 0,
      slots_updated: 0,
      errors: 0,
    });
    expect(back.counts.slots_unchanged).toBeGreaterThanOrEqual(5);

    const xlsx = await download(as.adminA, 'xlsx');
    expect(xlsx.type).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    const backX = await dryRun(as.adminA, xlsx.body, { name: 'programme.xlsx' });
    expect(backX.counts).toEqual(back.counts);
  });

  it('a slot fitted with an agreed item exports by the company’s part number and is kept as it is by a re-import', async () => {
    const [{ id: item }] = await api.db.query(`SELECT id FROM agreed_items WHERE customer_part_no = 'ACME-ODD-1'`);
    const [unit] = await api.db.query(
      `SELECT u.id, s.code, u.label FROM site_units u JOIN sites s ON s.id = u.site_id
        WHERE s.company_id = $1 AND s.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM filter_slots f WHERE f.unit_id = u.id AND f.stage = 'pre' AND f.removed_at IS NULL)
        ORDER BY s.code, u.label LIMIT 1`,
      [companyA],
    );
    const slot = await addSlot(as.adminA, unit.id, {
      stage: 'pre',
      fitted: { kind: 'agreed_item', agreed_item_id: item },
      quantity: 2,
      interval_unit: 'month',
      interval_count: 3,
      anchor_date: '2026-03-01',
    });
    const csv = await download(as.adminA, 'csv');
    const text = csv.body.toString('utf8');
    expect(text).toContain(`${unit.code},`);
    expect(text).toMatch(new RegExp(`,${unit.label},pre,ACME-ODD-1,2,3 months,2026-03-01`));
    const before = await snapshot(companyA);
    const back = await dryRun(as.adminA, csv.body);
    expect(back.counts).toMatchObject({ slots_created: 0, slots_updated: 0, errors: 0 });
    expect((await as.adminA.request('POST', `sites/import/${back._id}/apply`, {})).status).toBe(200);
    expect(await snapshot(companyA)).toBe(before);
    const [kept] = await api.db.query(`SELECT fitted_kind, agreed_item_id FROM filter_slots WHERE id = $1`, [slot._id]);
    expect(kept).toEqual({ fitted_kind: 'agreed_item', agreed_item_id: item });
  });

  it('tenancy: another company’s import is 404; employees 403; a superadmin names the company (audited as superadmin)', async () => {
    const r = await dryRun(as.adminA, [HEADER, `T-1,Tenancy,AHU-1,single,${pn},1,3 months,2026-01-01`].join('\n'));
    expect((await as.adminB.request('GET', `sites/import/${r._id}`)).status).toBe(404);
    expect((await as.adminB.request('POST', `sites/import/${r._id}/apply`, {})).status).toBe(404);
    expect((await as.empA.request('GET', `sites/import/${r._id}`)).status).toBe(403);
    expect((await upload(as.empA, HEADER)).status).toBe(403);
    expect((await upload(as.adminB, HEADER, { companyId: companyA })).status).toBe(404);
    const noCompany = await upload(as.root, HEADER);
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.errors).toEqual({ companyId: PROGRAMME_MSG.companyRequired });
    expect((await download(as.adminB, 'csv')).body.toString()).not.toContain('HALL-1');
    expect((await download(as.adminB, 'csv', companyA)).status).toBe(404);

    const onboarding = await dryRun(
      as.root,
      [HEADER, `ONB-1,Onboarded,AHU-1,single,${pn},1,3 months,2026-01-01`].join('\n'),
      {
        companyId: companyB,
      },
    );
    expect(onboarding.company_id).toBe(companyB);
    expect((await as.root.request('POST', `sites/import/${onboarding._id}/apply`, {})).status).toBe(200);
    const [site] = await api.db.query(`SELECT company_id FROM sites WHERE code = 'ONB-1'`);
    expect(site.company_id).toBe(companyB);
    const [audit] = await api.db.query(
      `SELECT actor_role, company_id FROM audit_log WHERE entity = 'sites_import' AND entity_id = $1`,
      [onboarding._id],
    );
    expect(audit).toEqual({ actor_role: 'superadmin', company_id: companyB });
  });

  it('more than 5,000 slots for one company: the row that passes the limit is an error', async () => {
    const company = await createCompany(api.db, 'Big Campus');
    await createUser(api.db, { email: 'admin@big.com', role: 'admin', companyId: company });
    const { admin } = await signInAll(api, { admin: 'admin@big.com' });
    const [site] = await api.db.query(
      `INSERT INTO sites (company_id, name, code, time_zone) VALUES ($1, 'Campus', 'C-1', $2) RETURNING id`,
      [company, TZ],
    );
    const [unit] = await api.db.query(
      `INSERT INTO site_units (site_id, company_id, label, kind) VALUES ($1, $2, 'AHU-1', 'ahu') RETURNING id`,
      [site.id, company],
    );
    await api.db.query(
      `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, quantity, interval_unit,
         interval_count, anchor_date, next_due)
       SELECT $1, $2, $3, 'single', 'catalogue', (SELECT id FROM variants WHERE NOT odd_size LIMIT 1), 1, 'month', 3,
              current_date, current_date + 90
         FROM generate_series(1, 4999)`,
      [unit.id, site.id, company],
    );
    const r = await dryRun(
      admin,
      [
        HEADER,
        `C-1,Campus,AHU-2,single,${pn},1,3 months,2026-01-01`,
        `C-1,Campus,AHU-3,single,${pn},1,3 months,2026-01-01`,
      ].join('\n'),
    );
    expect(r.status).toBe('invalid');
    expect(r.errors).toEqual([
      { row: 3, column: null, message: 'Row 3: A company may have at most 5,000 filter slots' },
    ]);
  });
});
