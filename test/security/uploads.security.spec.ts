/**
 * Uploads: profile and company images, catalogue resources. Content is judged by
 * magic bytes (HTML / SVG with script renamed .png or .pdf → 415), oversized → 413 with nothing left
 * on disk, path-traversal names never escape FILES_DIR, foreign / random / traversal ids → 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  HTML_PAYLOAD,
  MINIMAL_PDF,
  SVG_PAYLOAD,
  fingerprint,
  fingerprintDiff,
  form,
  listFiles,
  pngBytes,
  seedWorld,
  startSecurityApi,
  uuid,
  type SecurityApi,
  type World,
} from './harness';
import { ACCOUNT_MSG } from '@portal/domain';
import { routeFixtures } from './routes';

jest.setTimeout(120_000);

const IMAGE_LIMIT = 5 * 1024 * 1024;
const CATALOGUE_LIMIT = 20 * 1024 * 1024;

describe('security: uploads', () => {
  let api: SecurityApi;
  let w: World;
  let productId: string;

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api, { catalogue: true });
    productId = (await routeFixtures(w)).cat.productId;
  });
  afterAll(() => api?.close());

  const targets = () => [
    { label: 'user/upload', client: w.actors.employeeA.client, path: 'user/upload', field: 'file' },
    { label: 'company/upload', client: w.actors.adminA.client, path: `company/upload/${w.ids.A}`, field: 'file' },
    {
      label: 'catalogue upload',
      client: w.actors.superadmin.client,
      path: `catalogue/upload/file/${productId}`,
      field: 'files',
    },
  ];

  it('disguised files (HTML, SVG with script, renamed .png / .pdf / .webp) are refused and leave nothing behind', async () => {
    const disguises = [
      { name: 'cat.png', data: HTML_PAYLOAD, type: 'image/png' },
      { name: 'cat.pdf', data: HTML_PAYLOAD, type: 'application/pdf' },
      { name: 'logo.png', data: SVG_PAYLOAD, type: 'image/png' },
      { name: 'logo.pdf', data: SVG_PAYLOAD, type: 'application/pdf' },
      { name: 'logo.svg', data: SVG_PAYLOAD, type: 'image/svg+xml' },
      {
        name: 'x.webp',
        data: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBX'), HTML_PAYLOAD]),
        type: 'image/webp',
      },
    ];
    const filesBefore = listFiles(api.filesDir);
    const failures: string[] = [];
    for (const t of targets()) {
      for (const d of disguises) {
        const before = await fingerprint(api.db);
        const res = await t.client.send('PATCH', t.path, { form: form(t.field, [d]) });
        const label = `${t.label} ${d.name} (${d.data.subarray(0, 12).toString('latin1')}…): ${res.status} ${res.text.slice(0, 120)}`;
        if (![400, 415].includes(res.status)) failures.push(`accepted or odd status — ${label}`);
        if (fingerprintDiff(before, await fingerprint(api.db)).length) failures.push(`state changed — ${label}`);
      }
    }
    expect(failures).toEqual([]);
    expect(listFiles(api.filesDir)).toEqual(filesBefore);
  });

  it('a polyglot (PNG magic, then HTML) is never served as active content', async () => {
    const poly = {
      name: 'poly.png',
      data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML_PAYLOAD]),
      type: 'image/png',
    };
    // Profile / company images are decoded and re-encoded: PNG magic that does not decode is an
    // unreadable image (400 saying so), and nothing is stored.
    for (const t of targets().filter((x) => x.field === 'file')) {
      const res = await t.client.send('PATCH', t.path, { form: form(t.field, [poly]) });
      expect({ target: t.label, status: res.status, message: res.body.message }).toEqual({
        target: t.label,
        status: 400,
        message: ACCOUNT_MSG.upload.unreadable,
      });
    }
    // Catalogue resources are stored as 'processing' until the worker decodes them (it rejects
    // undecodable files); meanwhile only the superadmin can fetch it, as an inert image.
    const res = await w.actors.superadmin.client.send('PATCH', `catalogue/upload/file/${productId}`, {
      form: form('files', [poly]),
    });
    expect(res.status).toBe(200);
    const id = res.body.data[0]._id;
    expect(res.body.data[0].status).toBe('processing');
    for (const a of [w.actors.employeeA, w.actors.adminB])
      expect((await a.client.send('GET', `catalogue/file/${id}`)).status).toBe(404);
    const served = await w.actors.superadmin.client.send('GET', `catalogue/file/${id}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect((await w.actors.superadmin.client.send('PATCH', `catalogue/deletefile/${id}`)).status).toBe(200);
  });

  it('oversized uploads → 413 and nothing left on disk', async () => {
    const filesBefore = listFiles(api.filesDir);
    const png = await pngBytes();
    const pad = (limit: number) => Buffer.concat([png, Buffer.alloc(limit + 1024 - png.length, 0)]);
    for (const t of targets()) {
      const limit = t.field === 'files' ? CATALOGUE_LIMIT : IMAGE_LIMIT;
      const before = await fingerprint(api.db);
      const res = await t.client.send('PATCH', t.path, {
        form: form(t.field, [{ name: 'big.png', data: pad(limit), type: 'image/png' }]),
      });
      expect({ target: t.label, status: res.status }).toEqual({ target: t.label, status: 413 });
      expect(fingerprintDiff(before, await fingerprint(api.db))).toEqual([]);
      expect(listFiles(api.filesDir)).toEqual(filesBefore);
    }
    // A request body over the JSON limit is a 413 too, not a 500.
    const big = await w.actors.employeeA.client.send('PATCH', 'user', {
      body: { username: 'x'.repeat(2 * 1024 * 1024), email: 'emp@alpha.example' },
    });
    expect(big.status).toBe(413);
  });

  it('path-traversal file names never escape FILES_DIR; stored names are generated', async () => {
    const outside = path.resolve(api.filesDir, '..', `escaped-${uuid()}`);
    const names = [
      `../../${path.basename(outside)}.pdf`,
      `..\\..\\${path.basename(outside)}.pdf`,
      `/${path.basename(outside)}.pdf`,
      `%2e%2e%2f${path.basename(outside)}.pdf`,
      `....//....//${path.basename(outside)}.pdf`,
      '"><img src=x onerror=alert(1)>.pdf',
    ];
    // A name with control characters (NUL, bidi override) is refused outright, with nothing stored.
    for (const bad of ['a\u0000b.pdf', `\u202e${path.basename(outside)}fdp.exe`]) {
      const refused = await w.actors.superadmin.client.send('PATCH', `catalogue/upload/file/${productId}`, {
        form: form('files', [{ name: bad, data: MINIMAL_PDF, type: 'application/pdf' }]),
      });
      expect(refused.status).toBe(400);
    }
    const res = await w.actors.superadmin.client.send('PATCH', `catalogue/upload/file/${productId}`, {
      form: form(
        'files',
        names.map((name) => ({ name, data: MINIMAL_PDF, type: 'application/pdf' })),
      ),
    });
    expect(res.status).toBe(200);
    for (const f of res.body.data) {
      expect(f.name).not.toMatch(/[\\/<>"]/);
      expect(f.name.includes(String.fromCharCode(0))).toBe(false);
      expect(f.path).toBe(`/api/catalogue/file/${f._id}`);
    }
    const img = await w.actors.employeeA.client.send('PATCH', 'user/upload', {
      form: form('file', [{ name: `../../${path.basename(outside)}.png`, data: await pngBytes(), type: 'image/png' }]),
    });
    expect(img.status).toBe(200);
    expect(img.body.data.picture).toMatch(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/);
    // Nothing was written next to FILES_DIR; everything inside has a generated name.
    const parent = fs.readdirSync(path.dirname(api.filesDir));
    expect(parent.filter((n) => n.includes(path.basename(outside)))).toEqual([]);
    for (const f of listFiles(api.filesDir)) {
      expect(f).toMatch(
        /^(images\/[0-9a-f-]{36}\.webp|catalogue\/[0-9a-f-]{36}(\.pdf|\.png|\.jpeg|\.webp|\.thumb\.webp))$/,
      );
    }
    // Served with a safe disposition and nosniff.
    const served = await w.actors.employeeB.client.send('GET', `catalogue/file/${res.body.data[5]._id}`);
    // (processing until the worker checks it: customers get 404, the superadmin gets the file)
    expect(served.status).toBe(404);
    const mine = await w.actors.superadmin.client.send('GET', `catalogue/file/${res.body.data[5]._id}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('content-disposition')).toMatch(/^inline; filename="[^"<>]*"; filename\*=UTF-8''/);
  });

  it('foreign, random and traversal file ids → 404', async () => {
    const { images } = await routeFixtures(w);
    const c = w.actors.employeeA.client;
    const cases = [
      `files/images/${images.B}`, // company B's logo
      `files/images/${uuid()}.webp`,
      'files/images/..%2F..%2F..%2Fetc%2Fpasswd',
      'files/images/%2e%2e%2fcatalogue%2f' + uuid() + '.pdf',
      `catalogue/file/${uuid()}`,
      `catalogue/file/${uuid()}/thumbnail`,
      `catalogue/file/${w.ids.B}`,
      'catalogue/file/..%2F..%2Fetc%2Fpasswd',
      `catalogue/product/${uuid()}/files`,
    ];
    for (const p of cases) {
      const res = await c.send('GET', p);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(res.text).not.toMatch(/root:|RIFF|%PDF/);
    }
    for (const p of [`catalogue/deletefile/${uuid()}`, `catalogue/upload/file/${uuid()}`]) {
      const res = await w.actors.superadmin.client.send('PATCH', p, {
        form: form('files', [{ name: 'a.pdf', data: MINIMAL_PDF }]),
      });
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
    }
    // Someone else's company logo upload: 404 for an admin, 403 for an employee; nothing stored.
    const before = listFiles(api.filesDir);
    expect(
      (
        await w.actors.adminA.client.send('PATCH', `company/upload/${w.ids.B}`, {
          form: form('file', [{ name: 'a.png', data: await pngBytes() }]),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await w.actors.employeeA.client.send('PATCH', `company/upload/${w.ids.A}`, {
          form: form('file', [{ name: 'a.png', data: await pngBytes() }]),
        })
      ).status,
    ).toBe(403);
    expect(listFiles(api.filesDir)).toEqual(before);
  });
});
