import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, signInAll, startTestWorker, waitFor } from './support';

const filesDir = `/tmp/portal-catalogue-files-${process.pid}`;
const catalogueDir = path.join(filesDir, 'catalogue');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe('product resources, live updates and presence', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let category: string;
  let product: string;
  const as: Record<'root' | 'root2' | 'emp', ApiClient> = {} as never;
  const sockets: Socket[] = [];

  async function upload(
    who: ApiClient,
    id: string,
    files: { data: Buffer; name: string; type?: string }[],
    field = 'files',
  ) {
    const csrf = await who.refreshCsrf();
    const form = new FormData();
    for (const f of files)
      form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/pdf' }), f.name);
    const res = await fetch(`${api.baseUrl}/api/catalogue/upload/file/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${who.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const onDisk = async () => (await fs.readdir(catalogueDir).catch(() => [] as string[])).sort();
  const connect = (who: ApiClient): Promise<Socket> => connectSocket(api, who.token, { track: sockets });

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    const company = await createCompany(api.db);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin', username: 'Root' });
    await createUser(api.db, { email: 'root2@example.com', role: 'superadmin', username: 'Second' });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: company });
    Object.assign(
      as,
      await signInAll(api, { root: 'root@example.com', root2: 'root2@example.com', emp: 'emp@acme.com' }),
    );
    [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('Carbon') RETURNING id`);
    [{ id: product }] = await api.db.query(
      `INSERT INTO products (category_id, name) VALUES ($1, 'Carbon 1"') RETURNING id`,
      [category],
    );
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, size, depth, list_price_cents) VALUES ($1, 'C-1', '16x25x1', 1, 1234)`,
      [product],
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await api.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it('uploads several files (PDF + image), processes them in the worker (thumbnail), serves them safely', async () => {
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#228844' } })
      .png()
      .toBuffer();
    const res = await upload(as.root, product, [
      { data: PDF, name: 'Spec sheet v2.pdf' },
      { data: image, name: '../../photo.png', type: 'image/png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Files Upload Successfully');
    const [pdf, png] = res.body.data;
    expect(pdf).toMatchObject({
      name: 'Spec sheet v2.pdf',
      mime: 'application/pdf',
      status: 'processing',
      path: `/api/catalogue/file/${pdf._id}`,
    });
    expect(png).toMatchObject({ name: 'photo.png', mime: 'image/png', status: 'processing' });
    // generated names only
    for (const name of await onDisk()) expect(name).toMatch(/^[0-9a-f-]{36}\.(pdf|png|thumb\.webp)$/);

    const ready = await waitFor(async () => {
      const list = await as.root.request('GET', `catalogue/product/${product}/files`);
      return list.body.data.every((f: { status: string }) => f.status === 'ready') && list.body.data;
    });
    expect(ready).toHaveLength(2);
    const readyPng = ready.find((f: { _id: string }) => f._id === png._id);
    expect(readyPng.thumbnail).toBe(`/api/catalogue/file/${png._id}/thumbnail`);

    const get = await fetch(`${api.baseUrl}${pdf.path}`, { headers: { authorization: `Bearer ${as.emp.token}` } });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('application/pdf');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(get.headers.get('content-disposition')).toBe(
      `inline; filename="Spec sheet v2.pdf"; filename*=UTF-8''Spec%20sheet%20v2.pdf`,
    );
    expect(Buffer.from(await get.arrayBuffer()).equals(PDF)).toBe(true);
    const thumb = await fetch(`${api.baseUrl}${readyPng.thumbnail}`, {
      headers: { authorization: `Bearer ${as.emp.token}` },
    });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(320);
    expect((await fetch(`${api.baseUrl}${pdf.path}`)).status).toBe(401);

    // a notification record for the upload
    await waitFor(async () => {
      const n: { description: string }[] = await api.db.query(`SELECT description FROM notifications`);
      return n.find((x) => x.description.startsWith('Uploaded 2 files to "Carbon 1""'));
    });
  });

  it('rejects an HTML file renamed .pdf (and SVG) with 415, leaving nothing on disk', async () => {
    const before = await onDisk();
    const rows = await api.db.query(`SELECT count(*)::int AS n FROM files`);
    for (const bad of [
      { data: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'datasheet.pdf' },
      {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'logo.png',
        type: 'image/png',
      },
    ]) {
      const res = await upload(as.root, product, [{ data: PDF, name: 'ok.pdf' }, bad]);
      expect(res.status).toBe(415);
      const reason = `"${bad.name}" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.`;
      expect(res.body.message).toBe(reason);
      expect(res.body.errors).toEqual({ [bad.name]: reason });
    }
    expect(await onDisk()).toEqual(before);
    expect(await api.db.query(`SELECT count(*)::int AS n FROM files`)).toEqual(rows);
  });

  it('names every refused file with its reason; one refused file keeps none of the upload (disk, rows, events)', async () => {
    const before = await onDisk();
    const rows = await api.db.query(`SELECT count(*)::int AS n FROM files`);
    const events = await api.db.query(`SELECT count(*)::int AS n FROM outbox`);
    const res = await upload(as.root, product, [
      { data: PDF, name: 'good.pdf' },
      { data: Buffer.from('MZ\x90\x00 not a document'), name: 'setup.exe', type: 'application/octet-stream' },
      { data: Buffer.alloc(0), name: 'empty.pdf' },
      { data: PDF, name: 'also-good.pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.errors).toEqual({
      'setup.exe': '"setup.exe" is not a supported file type. Upload PDF spec sheets or PNG, JPEG or WebP images.',
      'empty.pdf': '"empty.pdf" is empty',
    });
    expect(res.body.message).toBe(`${res.body.errors['setup.exe']} ${res.body.errors['empty.pdf']}`);
    // Only empty files: 400.
    const empty = await upload(as.root, product, [{ data: Buffer.alloc(0), name: 'blank.pdf' }]);
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ 'blank.pdf': '"blank.pdf" is empty' });
    expect(await onDisk()).toEqual(before);
    expect(await api.db.query(`SELECT count(*)::int AS n FROM files`)).toEqual(rows);
    expect(await api.db.query(`SELECT count(*)::int AS n FROM outbox`)).toEqual(events);
  });

  it('an oversized upload gets 413 and leaves nothing behind', async () => {
    const before = await onDisk();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(as.root, product, [
      { data: PDF, name: 'small.pdf' },
      { data: big, name: 'big.pdf' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('"big.pdf" is too large. Each file must be at most 20 MB');
    expect(res.body.errors).toEqual({ 'big.pdf': '"big.pdf" is too large. Each file must be at most 20 MB' });
    expect(await onDisk()).toEqual(before);
  });

  it('the worker rejects a PDF that is not complete, with a reason; rejected files are not served', async () => {
    const res = await upload(as.root, category, [{ data: Buffer.from('%PDF-1.4\nno end'), name: 'broken.pdf' }]);
    expect(res.status).toBe(200);
    const id = res.body.data[0]._id;
    const row = await waitFor(async () => {
      const list = await as.root.request('GET', `catalogue/product/${category}/files`);
      return list.body.data.find((f: { _id: string; status: string }) => f._id === id && f.status === 'rejected');
    });
    expect(row.reason).toBe('The PDF is incomplete or damaged');
    expect((await as.root.request('GET', `catalogue/file/${id}`)).status).toBe(404);
  });

  it('foreign or random file ids → 404; delete works once', async () => {
    expect((await as.root.request('GET', `catalogue/file/${randomUUID()}`)).status).toBe(404);
    expect((await as.root.request('GET', `catalogue/file/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await as.root.request('PATCH', `catalogue/deletefile/${randomUUID()}`)).status).toBe(404);
    expect((await as.root.request('PATCH', `catalogue/deletefile/${product}`)).status).toBe(404);
    expect((await upload(as.root, randomUUID(), [{ data: PDF, name: 'x.pdf' }])).status).toBe(404);
    const list = await as.root.request('GET', `catalogue/product/${product}/files`);
    const victim = list.body.data[0];
    expect((await onDisk()).some((n) => n.startsWith(victim._id))).toBe(true);
    const del = await as.root.request('PATCH', `catalogue/deletefile/${victim._id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('File Delete Successfully');
    expect((await onDisk()).some((n) => n.startsWith(victim._id))).toBe(false);
    expect((await as.root.request('PATCH', `catalogue/deletefile/${victim._id}`)).status).toBe(404);
    expect((await as.root.request('GET', `catalogue/file/${victim._id}`)).status).toBe(404);
  });

  it('a price save pushes catalogue.changed kind prices (no prices) to employees after commit; presence is shared between superadmins', async () => {
    const emp = await connect(as.emp);
    const a = await connect(as.root);
    const b = await connect(as.root2);
    const changed = new Promise<Record<string, unknown>>((resolve) => emp.once('catalogue.changed', resolve));
    const variants: Record<string, unknown>[] = (await as.root.request('GET', `catalogue/product/${category}`)).body
      .data.productDetails[0].variants;
    const res = await as.root.request('PUT', `catalogue/product/${product}/variants`, {
      variants: variants.map((v) => ({ ...v, list_price: 77.77 })),
    });
    expect(res.status).toBe(200);
    const event = await changed;
    // A list price moved: every company's catalogue refetches its prices (no prices in the push).
    expect(event).toEqual({ categoryId: category, productId: product, kind: 'prices' });

    const seen = new Promise<{ productId: string; editors: { username: string }[] }>((resolve) =>
      b.on('presence.changed', (e) => e.editors.length === 1 && resolve(e)),
    );
    const ack = await a.emitWithAck('presence.join', { productId: product });
    expect(ack.editors).toEqual([expect.objectContaining({ username: 'Root' })]);
    expect((await seen).productId).toBe(product);
    const both = await b.emitWithAck('presence.join', { productId: product });
    expect(both.editors.map((e: { username: string }) => e.username)).toEqual(['Root', 'Second']);
    const left = new Promise<{ editors: { username: string }[] }>((resolve) =>
      b.on('presence.changed', (e) => e.editors.length === 1 && e.editors[0].username === 'Second' && resolve(e)),
    );
    a.close();
    await left;
    // employees may not announce presence
    expect(await emp.emitWithAck('presence.join', { productId: product })).toEqual({
      error: 'You are not authorized to perform this action.',
    });
  });
});
