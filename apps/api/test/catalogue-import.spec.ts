import fs from 'node:fs/promises';
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { zip, zipEntry } from '../../../test/zip';
import type { Job } from 'bullmq';
import type { JobMap } from '@portal/contracts';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { IMPORT_MAX_STALLS, importsProcessor } from '../../worker/src/imports/imports.processor';
import { connectSocket, signInAll, startTestWorker, waitFor as poll } from './support';

const filesDir = `/tmp/portal-imports-${process.pid}`;
const HEADER =
  'category,subcategory,product,part_number,size,actual_size,depth,odd_size,odd_size_type,min_area,max_area,out_of_stock,list_price,display_order';
/** The export adds the optional `aliases`, `merv` and `efficiency_class` columns. */
const EXPORT_HEADER = `${HEADER},aliases,merv,efficiency_class`;

const waitFor = <T>(fn: () => Promise<T | undefined | null | false>, ms = 20_000) => poll(fn, ms, 100);

async function deflatedZeros(bytes: number): Promise<Buffer> {
  const d = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const chunk = Buffer.alloc(1024 * 1024);
  for (let n = 0; n < bytes; n += chunk.length) if (!d.write(chunk)) await new Promise((r) => d.once('drain', r));
  await new Promise((r) => d.end(r));
  return Buffer.concat(out);
}

describe('catalogue import and export', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let socket: Socket;
  const pushes: { event: string; data: any }[] = [];
  const as: Record<'root' | 'admin' | 'emp', ApiClient> = {} as never;
  let merv8: string;
  let p1: string;

  async function upload(
    who: ApiClient,
    data: Buffer | string,
    opts: { name?: string; mapping?: unknown; deleteMissing?: boolean; path?: string } = {},
  ) {
    const csrf = await who.refreshCsrf();
    const form = new FormData();
    if (opts.mapping !== undefined) form.append('mapping', JSON.stringify(opts.mapping));
    if (opts.deleteMissing) form.append('deleteMissing', 'true');
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    form.append('file', new Blob([new Uint8Array(bytes)]), opts.name ?? 'catalogue.csv');
    const res = await fetch(`${api.baseUrl}/api/catalogue/${opts.path ?? 'imports'}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async function download(format: 'csv' | 'xlsx', catalogueId?: string) {
    const res = await fetch(
      `${api.baseUrl}/api/catalogue/export?format=${format}${catalogueId ? `&catalogueId=${catalogueId}` : ''}`,
      { headers: { authorization: `Bearer ${as.root.token}` } },
    );
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  async function settled(id: string, query = '') {
    return waitFor(async () => {
      const r = await as.root.request('GET', `catalogue/imports/${id}${query}`);
      return ['queued', 'validating', 'applying'].includes(r.body.data.status) ? null : r.body.data;
    });
  }

  async function importFile(data: Buffer | string, opts: Parameters<typeof upload>[2] = {}) {
    const res = await upload(as.root, data, opts);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 202,
      message: expect.any(String),
      data: { _id: expect.any(String), status: 'queued' },
    });
    return settled(res.body.data._id);
  }

  const variant = async (pn: string) =>
    (
      await api.db.query(
        `SELECT v.*, p.name AS product FROM variants v JOIN products p ON p.id = v.product_id WHERE lower(part_number) = lower($1)`,
        [pn],
      )
    )[0];

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    const company = await createCompany(api.db);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: company });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: company });
    Object.assign(as, await signInAll(api, { root: 'root@example.com', admin: 'admin@acme.com', emp: 'emp@acme.com' }));
    const [{ id: pleated }] = await api.db.query(
      `INSERT INTO categories (name, display_order) VALUES ('Pleated', 1) RETURNING id`,
    );
    [{ id: merv8 }] = await api.db.query(
      `INSERT INTO subcategories (category_id, name, display_order) VALUES ($1, 'MERV 8', 1) RETURNING id`,
      [pleated],
    );
    await api.db.query(`INSERT INTO subcategories (category_id, name, display_order) VALUES ($1, 'MERV 13', 2)`, [
      pleated,
    ]);
    const [{ id: odd }] = await api.db.query(
      `INSERT INTO categories (name, display_order) VALUES ('Odd Sizes', 2) RETURNING id`,
    );
    [{ id: p1 }] = await api.db.query(
      `INSERT INTO products (category_id, subcategory_id, name, display_order) VALUES ($1, $2, 'Pleated 1"', 1) RETURNING id`,
      [pleated, merv8],
    );
    const [{ id: p2 }] = await api.db.query(
      `INSERT INTO products (category_id, subcategory_id, name, display_order) VALUES ($1, $2, '@Danger, "quoted"', 2) RETURNING id`,
      [pleated, merv8],
    );
    const [{ id: p3 }] = await api.db.query(
      `INSERT INTO products (category_id, name, display_order) VALUES ($1, 'Odd Filter', 1) RETURNING id`,
      [odd],
    );
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, size, actual_size, depth, list_price_cents, display_order) VALUES
         ($1, 'P-1', '16x25x1', '15.5x24.5x0.75', 1, 1234, 1),
         ($1, 'P-2', '20x20x1', '', 1.5, 900, 2),
         ($2, '=CMD|calc', '10x10x1', '', NULL, 5, 1)`,
      [p1, p2],
    );
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, odd_size, odd_size_type, depth, min_area, max_area, out_of_stock, list_price_cents, display_order)
       VALUES ($1, 'O-1', true, 'SINGLE', 2, 100, 400.5, true, 2000, 1)`,
      [p3],
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir });
    socket = await connectSocket(api, as.root.token, {
      setup: (s) => s.onAny((event: string, data: unknown) => pushes.push({ event, data })),
    });
  });
  afterAll(async () => {
    socket?.close();
    await worker?.stop(2000);
    await api?.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it('refuses employees and admins on every route (403)', async () => {
    for (const who of [as.emp, as.admin]) {
      expect((await who.request('GET', 'catalogue/export?format=csv')).status).toBe(403);
      expect((await upload(who, `${HEADER}\n`)).status).toBe(403);
      expect((await upload(who, `${HEADER}\n`, { path: 'imports/preview' })).status).toBe(403);
      expect((await who.request('GET', `catalogue/imports/${p1}`)).status).toBe(403);
      expect((await who.request('POST', `catalogue/imports/${p1}/apply`)).status).toBe(403);
    }
    expect(await api.db.query(`SELECT count(*)::int AS n FROM catalogue_imports`)).toEqual([{ n: 0 }]);
  });

  it('exports CSV: exact columns, one row per variant, yes/no, two-decimal prices, formulas neutralised', async () => {
    const res = await download('csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines.slice(1)).toEqual([
      'Pleated,MERV 8,"Pleated 1""",P-1,16x25x1,15.5x24.5x0.75,1,no,,,,no,12.34,1,,,',
      'Pleated,MERV 8,"Pleated 1""",P-2,20x20x1,,1.5,no,,,,no,9.00,2,,,',
      `Pleated,MERV 8,"'@Danger, ""quoted""",'=CMD|calc,10x10x1,,,no,,,,no,0.05,1,,,`,
      'Odd Sizes,,Odd Filter,O-1,,,2,yes,SINGLE,100,400.5,yes,20.00,1,,,',
    ]);
    const one = await download('csv', merv8);
    expect(one.body.toString('utf8').trim().split('\n')).toHaveLength(4);
    // A sub-category is named with its category: 'Pleated MERV 8' → catalogue-pleated-merv-8-….
    expect(one.headers.get('content-disposition')).toContain('filename="catalogue-pleated-merv-8-');
    // An inch mark in a name reads as 'in' (a sub-category '1"' is not 'catalogue-1-…').
    await api.db.query(`UPDATE subcategories SET name = '1"' WHERE id = $1`, [merv8]);
    try {
      const inch = await download('csv', merv8);
      expect(inch.headers.get('content-disposition')).toContain('filename="catalogue-pleated-1in-');
    } finally {
      await api.db.query(`UPDATE subcategories SET name = 'MERV 8' WHERE id = $1`, [merv8]);
    }
    expect((await as.root.request('GET', 'catalogue/export?format=pdf')).status).toBe(400);
  });

  it('exports XLSX with typed cells, a frozen header row and an autofilter', async () => {
    const res = await download('xlsx');
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(EXPORT_HEADER.split(','));
    const p1Row = ws.getRow(2);
    expect(p1Row.getCell(4).value).toBe('P-1');
    expect(p1Row.getCell(13).value).toBe(12.34);
    expect(p1Row.getCell(7).value).toBe(1);
    expect(p1Row.getCell(14).value).toBe(1);
    expect(ws.getRow(4).getCell(4).value).toBe("'=CMD|calc");
    expect(ws.getRow(4).getCell(3).value).toBe('\'@Danger, "quoted"');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
  });

  it('round trip: an unchanged export re-imports with 0 changes (CSV and XLSX)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const file = (await download(format)).body;
      const result = await importFile(file, { name: `catalogue.${format}` });
      expect(result.status).toBe('ready');
      expect(result.counts).toEqual({ create: 0, update: 0, unchanged: 4, delete: 0, errors: 0 });
      expect(result.changes).toEqual([]);
    }
    expect(pushes.some((p) => p.event === 'import.progress' && p.data.status === 'ready')).toBe(true);
  });

  it('one changed price: the dry run shows it, apply writes it with price history and pushes', async () => {
    const csv = (await download('csv')).body.toString('utf8').replace(',no,12.34,1', ',no,13.00,1');
    const before = await variant('P-1');
    const result = await importFile(csv);
    expect(result.status).toBe('ready');
    expect(result.counts).toEqual({ create: 0, update: 1, unchanged: 3, delete: 0, errors: 0 });
    expect(result.changes).toEqual([
      { row: 2, part_number: 'P-1', kind: 'update', fields: { list_price: { from: '12.34', to: '13.00' } } },
    ]);
    expect((await variant('P-1')).list_price_cents).toBe('1234');

    pushes.length = 0;
    const res = await as.root.request('POST', `catalogue/imports/${result._id}/apply`);
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ _id: result._id, status: 'applying' });
    const done = await settled(result._id);
    expect(done.status).toBe('applied');
    const after = await variant('P-1');
    expect(after.list_price_cents).toBe('1300');
    expect(after.version).toBe(before.version + 1);
    expect((await variant('P-2')).version).toBe(1);
    const history = await as.root.request('GET', `catalogue/variant/${after.id}/price-history`);
    expect(history.body.data[0]).toMatchObject({ old_price: 12.34, new_price: 13, changed_by: 'Root' });
    // Audited in the apply transaction: one entry for the changed row, one for the import.
    const audit = await as.root.request('GET', `audit?entity=variant&entity_id=${after.id}`);
    expect(audit.body.data.list).toHaveLength(1);
    expect(audit.body.data.list[0]).toMatchObject({
      action: 'variant.updated',
      before: { customer_price: '12.34', part_number: 'P-1' },
      after: { customer_price: '13.00', part_number: 'P-1' },
      actor: { username: 'Root', role: 'superadmin' },
    });
    const importEntry = await as.root.request('GET', `audit?entity=catalogue_import&entity_id=${result._id}`);
    expect(importEntry.body.data.list[0]).toMatchObject({ action: 'catalogue_import.applied', after: { update: 1 } });
    await waitFor(async () => pushes.some((p) => p.event === 'catalogue.changed'));
    expect(pushes.find((p) => p.event === 'import.progress' && p.data.status === 'applied')?.data).toEqual({
      id: result._id,
      status: 'applied',
      done: 1,
      total: 1,
    });
    const note = await waitFor(async () => {
      const rows = await api.db.query(`SELECT description FROM notifications WHERE description LIKE '%applied%'`);
      return rows[0];
    });
    expect(note.description).toContain('0 created, 1 updated');
    // applying twice is refused
    expect((await as.root.request('POST', `catalogue/imports/${result._id}/apply`)).status).toBe(409);
  });

  it("aliases column: shown in the dry-run diff, applied as the variant's alias set, exported again", async () => {
    const csv = (await download('csv')).body
      .toString('utf8')
      .replace(',no,9.00,2,', ',no,9.00,2,FLN-12345; ACME 7;fln12345');
    const result = await importFile(csv);
    expect(result.status).toBe('ready');
    expect(result.changes).toEqual([
      { row: 3, part_number: 'P-2', kind: 'update', fields: { aliases: { from: null, to: 'ACME 7; FLN-12345' } } },
    ]);
    expect((await as.root.request('POST', `catalogue/imports/${result._id}/apply`)).status).toBe(202);
    expect((await settled(result._id)).status).toBe('applied');
    const p2 = await variant('P-2');
    const aliases = await api.db.query(`SELECT alias, source FROM part_aliases WHERE variant_id = $1 ORDER BY alias`, [
      p2.id,
    ]);
    expect(aliases).toEqual([
      { alias: 'ACME 7', source: 'competitor' },
      { alias: 'FLN-12345', source: 'competitor' },
    ]);
    const audit = await as.root.request('GET', `audit?entity=variant&entity_id=${p2.id}`);
    expect(audit.body.data.list[0]).toMatchObject({ after: { aliases: 'ACME 7; FLN-12345' } });

    // Exported as a `;`-separated cell; the same file re-imports unchanged.
    const exported = (await download('csv')).body.toString('utf8');
    expect(exported).toContain(',no,9.00,2,ACME 7; FLN-12345');
    const again = await importFile(exported);
    expect(again.counts).toMatchObject({ update: 0, create: 0, errors: 0 });

    // Dropping one alias removes it; an alias that is one of our part numbers is a row error.
    const fewer = await importFile(exported.replace('ACME 7; FLN-12345', 'FLN-12345'));
    expect(fewer.changes).toEqual([
      {
        row: 3,
        part_number: 'P-2',
        kind: 'update',
        fields: { aliases: { from: 'ACME 7; FLN-12345', to: 'FLN-12345' } },
      },
    ]);
    expect((await as.root.request('POST', `catalogue/imports/${fewer._id}/apply`)).status).toBe(202);
    expect((await settled(fewer._id)).status).toBe('applied');
    expect(await api.db.query(`SELECT alias FROM part_aliases WHERE variant_id = $1`, [p2.id])).toEqual([
      { alias: 'FLN-12345' },
    ]);
    const bad = await importFile(exported.replace('ACME 7; FLN-12345', 'p 1'));
    expect(bad.status).toBe('invalid');
    expect(bad.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'aliases', message: 'Alias "p 1" is already a part number' }),
    ]);
  });

  it('row errors block the apply (400) and nothing changes', async () => {
    const csv = [
      HEADER,
      'Pleated,MERV 8,"Pleated 1""",P-1,16x25x1,,1,no,,,,no,-5,1',
      'Pleated,MERV 8,"Pleated 1""",P-2,20x20x1,,1.5,no,,,,no,abc,2',
      'Odd Sizes,,Odd Filter,O-1,,,2,yes,QUAD,100,400,yes,20.00,1',
      'Odd Sizes,,Odd Filter,O-9,,,2,yes,SINGLE,1,2,maybe,20.00,',
      'Odd Sizes,,Odd Filter,o-1,,,2,yes,SINGLE,1,2,no,1,',
      'Nope,,Thing,N-1,10x10x1,,1,no,,,,no,1,',
      'Pleated,MERV 99,Thing,N-2,10x10x1,,1,no,,,,no,1,',
      'Pleated,MERV 8,"unclosed quote,N-3,10x10x1,,1,no,,,,no,1,',
    ].join('\n');
    const result = await importFile(csv);
    expect(result.status).toBe('invalid');
    const errs = result.errors.map((e: any) => `${e.row}|${e.column}`);
    expect(errs).toEqual(
      expect.arrayContaining([
        '2|list_price',
        '3|list_price',
        '4|odd_size_type',
        '5|out_of_stock',
        '6|part_number',
        '7|category',
        '8|subcategory',
      ]),
    );
    expect(result.errors.find((e: any) => e.row === 6).message).toBe('Part number is also on row 4');
    expect(result.errors.find((e: any) => e.row === 2).message).toMatch(/0 or more/);
    expect(result.errors.some((e: any) => e.row === 9 && /could not be read/.test(e.message))).toBe(true);
    expect(result.counts.errors).toBe(result.errors.length);
    const res = await as.root.request('POST', `catalogue/imports/${result._id}/apply`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/errors/);
    expect((await variant('P-1')).list_price_cents).toBe('1300');
    expect((await as.root.request('GET', `catalogue/imports/${result._id}`)).body.data.status).toBe('invalid');
  });

  it('a stale dry run is refused at apply (conflict) and changes nothing', async () => {
    const csv = (await download('csv')).body
      .toString('utf8')
      .replace(',no,13.00,1', ',no,14.00,1')
      .replace(',no,9.00,2', ',no,9.50,2');
    const result = await importFile(csv);
    expect(result.counts.update).toBe(2);
    // someone saves P-2 from the grid meanwhile
    await api.db.query(`UPDATE variants SET depth = 2, version = version + 1 WHERE part_number = 'P-2'`);
    expect((await as.root.request('POST', `catalogue/imports/${result._id}/apply`)).status).toBe(202);
    const done = await settled(result._id);
    expect(done.status).toBe('conflict');
    expect(done.message).toContain('P-2');
    expect((await variant('P-1')).list_price_cents).toBe('1300');
    expect((await variant('P-2')).list_price_cents).toBe('900');
  });

  it('maps custom headers, creates variants and their product, accepts ; and a BOM', async () => {
    const csv =
      '\ufeffCategory;Sub Category;Product Name;SKU;Size;Price\nPleated;MERV 13;Pleated 2";NEW-1;16x20x2;7,50\n'.replace(
        '7,50',
        '7.50',
      );
    const preview = await upload(as.root, csv, { path: 'imports/preview' });
    expect(preview.status).toBe(200);
    expect(preview.body.data.headers).toEqual(['Category', 'Sub Category', 'Product Name', 'SKU', 'Size', 'Price']);
    expect(preview.body.data.mapping).toEqual({
      Category: 'category',
      'Sub Category': 'subcategory',
      'Product Name': 'product',
      SKU: 'part_number',
      Size: 'size',
      Price: 'list_price',
    });
    expect(preview.body.data.missing).toEqual([]);
    const result = await importFile(csv, { mapping: preview.body.data.mapping });
    expect(result.errors).toEqual([]);
    expect(result.status).toBe('ready');
    expect(result.changes[0]).toMatchObject({ row: 2, part_number: 'NEW-1', kind: 'create' });
    expect(result.changes[0].fields.list_price).toEqual({ from: null, to: '7.50' });
    await as.root.request('POST', `catalogue/imports/${result._id}/apply`);
    expect((await settled(result._id)).status).toBe('applied');
    const v = await variant('NEW-1');
    expect(v).toMatchObject({ product: 'Pleated 2"', size: '16x20x2', list_price_cents: '750', display_order: 1 });
    const hist = await api.db.query(
      `SELECT old_price_cents, new_price_cents FROM price_history WHERE variant_id = $1`,
      [v.id],
    );
    expect(hist).toEqual([{ old_price_cents: null, new_price_cents: '750' }]);

    // an unmapped required column is a row-1 error
    const missing = await importFile(csv, {
      mapping: { Category: 'category', SKU: 'part_number', Price: 'list_price' },
    });
    expect(missing.status).toBe('invalid');
    expect(missing.errors).toEqual([{ row: 1, column: 'product', message: 'Required column "product" is not mapped' }]);
    expect((await upload(as.root, csv, { mapping: { SKU: 'nope' } })).status).toBe(400);
  });

  it('deleteMissing deletes variants of the listed sub-categories that the file leaves out', async () => {
    const csv = (await download('csv', merv8)).body
      .toString('utf8')
      .split('\n')
      .filter((l) => !l.includes(',P-2,'))
      .join('\n');
    const result = await importFile(csv, { deleteMissing: true });
    expect(result.counts).toMatchObject({ delete: 1, update: 0, create: 0 });
    expect(result.changes).toEqual([expect.objectContaining({ row: null, part_number: 'P-2', kind: 'delete' })]);
    await as.root.request('POST', `catalogue/imports/${result._id}/apply`);
    expect((await settled(result._id)).status).toBe('applied');
    expect(await variant('P-2')).toBeUndefined();
    expect(await variant('O-1')).toBeDefined();
  });

  it('refuses non-spreadsheets (415), oversize files, too many rows and zip bombs (413)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const r1 = await upload(as.root, png, { name: 'catalogue.csv' });
    expect(r1.status).toBe(415);
    expect(r1.body.message).toMatch(/not a CSV or XLSX/);
    const docx = zip([zipEntry('word/document.xml', '<w/>')]);
    expect((await upload(as.root, docx, { name: 'x.xlsx' })).status).toBe(415);

    const big = Buffer.alloc(21 * 1024 * 1024, 'a');
    expect((await upload(as.root, big)).status).toBe(413);

    const rows = [HEADER];
    for (let i = 0; i <= 100_000; i++) rows.push(`Pleated,MERV 8,X,R-${i},1x1x1,,,no,,,,no,1,`);
    const many = await upload(as.root, rows.join('\n'));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe('The file has more than 100,000 rows');

    // XLSX: the first worksheet's rows are counted while the archive is checked; one row fewer passes.
    const sheet = (dataRows: number) => {
      const xml = ['<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>part_number</t></is></c></row>'];
      for (let i = 2; i <= dataRows + 1; i++) xml.push(`<row r="${i}"><c><v>${i}</v></c></row>`);
      xml.push('</sheetData></worksheet>');
      return zip([zipEntry('xl/workbook.xml', '<workbook/>'), zipEntry('xl/worksheets/sheet1.xml', xml.join(''))]);
    };
    const manyX = await upload(as.root, sheet(100_001), { name: 'many.xlsx', path: 'imports/preview' });
    expect(manyX.status).toBe(413);
    expect(manyX.body.message).toBe('The file has more than 100,000 rows');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Catalogue');
    ws.addRow(['part_number']);
    for (let i = 1; i <= 100_000; i++) ws.addRow([`R-${i}`]);
    const atCap = await upload(as.root, Buffer.from(await wb.xlsx.writeBuffer()), {
      name: 'cap.xlsx',
      path: 'imports/preview',
    });
    expect(atCap.status).toBe(200);

    const bomb = zip([
      zipEntry('xl/workbook.xml', '<workbook/>'),
      { name: 'xl/worksheets/sheet1.xml', body: await deflatedZeros(300 * 1024 * 1024), size: 1000 },
    ]);
    const b = await upload(as.root, bomb, { name: 'bomb.xlsx' });
    expect(b.status).toBe(413);
    expect(b.body.message).toMatch(/expands/);
    expect(await fs.readdir(`${filesDir}/imports`)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/\.part$/)]),
    );
  });

  it('applies the product form’s name and part-number rules: bidi, C1 and DEL characters are row errors', async () => {
    const csv = [
      HEADER,
      'Pleated,MERV 8,Evil \u202Egnp.exe,B-1,16x25x1,,1,no,,,,no,5,',
      'Pleated,MERV 8,Next\u0085Line,B-2,16x25x1,,1,no,,,,no,5,',
      'Pleated,MERV 8,Del\u007fete,B-3,16x25x1,,1,no,,,,no,5,',
      'Pleated,MERV 8,Fine name,B-\u202E4,16x25x1,,1,no,,,,no,5,',
    ].join('\n');
    const result = await importFile(csv);
    expect(result.status).toBe('invalid');
    expect(result.errors.map((e: any) => `${e.row}|${e.column}|${e.message}`)).toEqual(
      expect.arrayContaining([
        '2|product|Product name must not contain line breaks, tabs or invisible control characters',
        '3|product|Product name must not contain line breaks, tabs or invisible control characters',
        '4|product|Product name must not contain line breaks, tabs or invisible control characters',
        '5|part_number|Part number must not contain line breaks, tabs or invisible control characters',
      ]),
    );
    expect(await variant('B-1')).toBeUndefined();
  });

  it('refuses a file name with control or bidi characters (400) and two `file` parts (400, saying so)', async () => {
    const csv = `${HEADER}\nPleated,MERV 8,X,F-1,1x1x1,,,no,,,,no,1,\n`;
    for (const name of ['cat\u202Evsc.exe', 'a\u0000b.csv']) {
      const res = await upload(as.root, csv, { name });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('File names must not contain line breaks, tabs or invisible control characters');
    }
    const csrf = await as.root.refreshCsrf();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'one.csv');
    form.append('file', new Blob([csv]), 'two.csv');
    const res = await fetch(`${api.baseUrl}/api/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.root.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Send one file per import (the form has two "file" parts)',
    );
    expect(await fs.readdir(`${filesDir}/imports`)).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/\.part$/)]),
    );
  });

  it('counts bare-CR line breaks at upload: a CSV over the row limit is refused at once (413)', async () => {
    const rows = [HEADER];
    for (let i = 0; i <= 100_000; i++) rows.push(`Pleated,MERV 8,X,R-${i},1x1x1,,,no,,,,no,1,`);
    const res = await upload(as.root, rows.join('\r'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The file has more than 100,000 rows');
  });

  it('an import whose worker died twice while running it ends failed with a reason, and its starter is told', async () => {
    const [{ id: rootId }] = await api.db.query(`SELECT id FROM users WHERE email = 'root@example.com'`);
    const [{ id }] = await api.db.query(
      `INSERT INTO catalogue_imports (id, file_name, format, storage_name, size, mapping, delete_missing, total_rows,
                                      started_by, started_by_name, started_by_email, status)
       VALUES (gen_random_uuid(), 'stalled.csv', 'csv', NULL, 10, NULL, false, 1, $1, 'Root', 'root@example.com', 'validating')
       RETURNING id`,
      [rootId],
    );
    const run = importsProcessor(api.db, filesDir);
    const job = { data: { importId: id, action: 'validate' }, stalledCounter: IMPORT_MAX_STALLS } as Job<
      JobMap['imports']
    >;
    expect(await run(job)).toBe('failed');
    const [row] = await api.db.query(`SELECT status, message FROM catalogue_imports WHERE id = $1`, [id]);
    expect(row).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^Checking the file was interrupted more than once/),
    });
    const [event] = await api.db.query(
      `SELECT payload FROM outbox WHERE type = 'catalogue.import_finished' AND payload->>'importId' = $1`,
      [id],
    );
    expect(event.payload).toMatchObject({ status: 'failed', phase: 'dry_run', actor: { email: 'root@example.com' } });
    // Once more (a third pick-up): nothing changes, no second event.
    expect(await run(job)).toBe('skipped');
  });

  it('answers 404 for unknown imports', async () => {
    expect((await as.root.request('GET', 'catalogue/imports/not-a-uuid')).status).toBe(404);
    expect((await as.root.request('GET', `catalogue/imports/${p1}`)).status).toBe(404);
    expect((await as.root.request('POST', `catalogue/imports/${p1}/apply`)).status).toBe(404);
  });

  it('merv and efficiency_class: exported, a round trip keeps them, a change is planned and applied, MERV 17 is a row error', async () => {
    // Whichever variant the earlier tests left (they rename, move and delete some).
    const [{ part_number: pn }] = await api.db.query(
      `SELECT part_number FROM variants WHERE part_number ~ '^[A-Z]-[0-9]+$' ORDER BY part_number LIMIT 1`,
    );
    await api.db.query(`UPDATE variants SET merv = 8, efficiency_class = 'ePM10 50%' WHERE part_number = $1`, [pn]);
    const csv = (await download('csv')).body.toString('utf8');
    const p2 = csv.split('\n').find((l) => l.includes(`,${pn},`))!;
    expect(p2.trim().endsWith(',8,ePM10 50%')).toBe(true);
    const same = await importFile(csv);
    expect(same.counts).toMatchObject({ update: 0, errors: 0 });
    expect((await variant(pn)).merv).toBe(8);

    const xlsx = await download('xlsx');
    const back = await importFile(xlsx.body, { name: 'catalogue.xlsx' });
    expect(back.counts).toMatchObject({ update: 0, errors: 0 });

    const eleven = await importFile(csv.replace(',8,ePM10 50%', ',11,ePM10 55%'));
    expect(eleven.changes).toEqual([
      {
        row: expect.any(Number),
        part_number: pn,
        kind: 'update',
        fields: { merv: { from: '8', to: '11' }, efficiency_class: { from: 'ePM10 50%', to: 'ePM10 55%' } },
      },
    ]);
    expect((await as.root.request('POST', `catalogue/imports/${eleven._id}/apply`)).status).toBe(202);
    expect((await settled(eleven._id)).status).toBe('applied');
    expect(await variant(pn)).toMatchObject({ merv: 11, efficiency_class: 'ePM10 55%' });

    const bad = await importFile(csv.replace(',8,ePM10 50%', ',17,ePM10 50%'));
    expect(bad.status).toBe('invalid');
    expect(bad.errors).toEqual([
      { row: expect.any(Number), column: 'merv', message: 'MERV must be a whole number from 1 to 16' },
    ]);
    expect((await variant(pn)).merv).toBe(11);
  });
});
