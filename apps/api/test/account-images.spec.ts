import fs from 'node:fs/promises';
import sharp from 'sharp';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { signInAll } from './support';

const PASSWORD = 'Passw0rd!23';

async function png(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

describe('profile and company images (PATCH user/upload, PATCH company/upload/{id})', () => {
  let api: TestApi;
  let acme: string;
  let other: string;
  const clients: Record<string, ApiClient> = {};

  async function upload(who: string, path: string, file: Buffer | null, filename = 'photo.png', type = 'image/png') {
    const client = clients[who];
    const csrf = await client.refreshCsrf();
    const form = new FormData();
    if (file) form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
    else form.append('note', 'no file here');
    const res = await fetch(`${api.baseUrl}/api/${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${client.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    acme = await createCompany(api.db, 'Acme Air');
    other = await createCompany(api.db, 'Other Co');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: acme });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: acme });
    Object.assign(
      clients,
      await signInAll(api, { root: 'root@example.com', admin: 'admin@acme.com', emp: 'emp@acme.com' }, PASSWORD),
    );
  });
  const filesDir = `/tmp/portal-test-files-${process.pid}`;
  afterAll(async () => {
    await api.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it('stores a re-encoded, resized, metadata-free profile image and serves it to signed-in users only', async () => {
    const withExif = await sharp(await png(1200, 900))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS-SECRET-123' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload('emp', 'user/upload', withExif, 'me.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Profile Image Updated',
      data: { picture: expect.stringMatching(/^\/api\/files\/images\/[0-9a-f-]{36}\.webp$/) },
    });

    const me = await clients.emp.request('GET', 'user/me');
    expect(me.body.data.picture).toBe(res.body.data.picture);

    const url = `${api.baseUrl}${res.body.data.picture}`;
    expect((await fetch(url)).status).toBe(401);
    const img = await fetch(url, { headers: { authorization: `Bearer ${clients.admin.token}` } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    const bytes = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('GPS-SECRET-123');

    const events: unknown[] = await api.db.query(`SELECT 1 FROM outbox WHERE type = 'account.profile_image_changed'`);
    expect(events).toHaveLength(1);
    // Path tricks never reach the disk.
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'nope.webp']) {
      const r = await fetch(`${api.baseUrl}/api/files/images/${bad}`, {
        headers: { authorization: `Bearer ${clients.admin.token}` },
      });
      expect(r.status).toBe(404);
    }
  });

  it('refuses files by content, not by name or declared type', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not really a png'),
    ]);
    for (const file of [gif, html]) {
      const res = await upload('emp', 'user/upload', file, 'photo.png', 'image/png');
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('Only PNG, JPEG or WebP images are allowed.');
    }
    // PNG by its first bytes, but no image inside: unreadable, said as such.
    const broken = await upload('emp', 'user/upload', fakePng, 'photo.png', 'image/png');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(
      'The image could not be read. The file may be damaged; please choose another one.',
    );
    const none = await upload('emp', 'user/upload', null);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose an image file to upload.');
    // A JSON body is not an upload.
    expect((await clients.emp.request('PATCH', 'user/upload', { file: 'x' })).status).toBe(400);
  });

  it('answers 413 above 5 MB', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload('emp', 'user/upload', big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is too large. The maximum size is 5 MB.');
  });

  it('lets admins change only their own company image; superadmins any; employees none', async () => {
    const img = await png();
    const own = await upload('admin', `company/upload/${acme}`, img);
    expect(own.status).toBe(200);
    expect(own.body.message).toBe('Company Image Updated');
    const rows: { picture: string }[] = await api.db.query(`SELECT picture FROM companies WHERE id = $1`, [acme]);
    expect(rows[0].picture).toBe(own.body.data.picture);

    expect((await upload('admin', `company/upload/${other}`, img)).status).toBe(404);
    expect((await upload('emp', `company/upload/${acme}`, img)).status).toBe(403);
    expect((await upload('root', `company/upload/${other}`, img)).status).toBe(200);
    expect((await upload('root', `company/upload/00000000-0000-4000-8000-000000000000`, img)).status).toBe(404);
    expect((await upload('root', `company/upload/not-a-uuid`, img)).status).toBe(404);
    const otherRow: { picture: string | null }[] = await api.db.query(`SELECT picture FROM companies WHERE id = $1`, [
      other,
    ]);
    expect(otherRow[0].picture).toMatch(/^\/api\/files\/images\//);
  });

  it('leaves JSON routes working', async () => {
    const res = await clients.emp.request('PATCH', 'user', { username: 'Emp', email: 'emp@acme.com' });
    expect(res.status).toBe(200);
  });
});
