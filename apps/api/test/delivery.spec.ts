/**
 * Production delivery of the built web app and the API: compression by Accept-Encoding,
 * precompressed assets, caching headers, the shell's Content-Security-Policy (nonce per response),
 * no public source maps, HSTS behind https, and Origin checks only where they protect something.
 * The web app is built with the real Vite config into a temporary directory.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../..');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body is NOT decoded (fetch would hide Content-Encoding). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(r: Raw): Buffer {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.body);
  if (enc === 'gzip') return gunzipSync(r.body);
  return r.body;
}

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

describe('production delivery', () => {
  let dist: string;
  let api: TestApi;
  let js: string;
  let css: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        dist,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      // Jest sets NODE_ENV=test, which would build React's development bundle: build what production serves.
      { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production', WEB_SOURCEMAP: '' } },
    );
    const built = files(dist);
    const jsFiles = built.filter((f) => /^assets\/index-.*\.js$/.test(f));
    js = `/${jsFiles[0]}`;
    css = `/${built.find((f) => /^assets\/.*\.css$/.test(f))!}`;
    api = await startTestApi({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await api?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('build output', () => {
    it('contains no source maps and no reference to one', () => {
      const built = files(dist);
      expect(built.filter((f) => f.endsWith('.map'))).toEqual([]);
      for (const f of built.filter((x) => /\.(js|css)$/.test(x))) {
        expect({ f, ref: fs.readFileSync(path.join(dist, f), 'utf8').includes('sourceMappingURL') }).toEqual({
          f,
          ref: false,
        });
      }
    });

    it('has a .br and a .gz next to every script and stylesheet, decoding to the same bytes', () => {
      const assets = files(dist).filter((f) => /^assets\/.*\.(js|css)$/.test(f));
      expect(assets.length).toBeGreaterThan(2);
      for (const f of assets) {
        const orig = fs.readFileSync(path.join(dist, f));
        if (orig.length < 1024) continue;
        expect(brotliDecompressSync(fs.readFileSync(path.join(dist, `${f}.br`))).equals(orig)).toBe(true);
        expect(gunzipSync(fs.readFileSync(path.join(dist, `${f}.gz`))).equals(orig)).toBe(true);
      }
    });
  });

  describe('static assets', () => {
    it('are sent precompressed in br or gzip by Accept-Encoding, identity otherwise, cached for a year', async () => {
      const orig = fs.readFileSync(path.join(dist, js));
      const br = await raw(api.baseUrl + js, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      // Served as built (byte-identical to the build's .br), not recompressed per request.
      expect(br.body.equals(fs.readFileSync(path.join(dist, `${js}.br`)))).toBe(true);
      expect(decode(br).equals(orig)).toBe(true);
      expect(br.body.length).toBeLessThan(orig.length / 2);

      const gz = await raw(api.baseUrl + js, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(decode(gz).equals(orig)).toBe(true);

      const plain = await raw(api.baseUrl + js);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(orig)).toBe(true);

      const style = await raw(api.baseUrl + css, { 'accept-encoding': 'br' });
      expect(style.headers['content-encoding']).toBe('br');
      expect(style.headers['content-type']).toMatch(/text\/css/);
    });

    it('never serves a source map (not even by guessing its name) nor the shell template as a file', async () => {
      for (const p of [`${js}.map`, `${css}.map`, '/assets/missing.js']) {
        const res = await raw(api.baseUrl + p, { accept: '*/*' });
        expect({ p, status: res.status }).toEqual({ p, status: 404 });
        expect(res.body.toString()).not.toMatch(/<html|"mappings"/);
      }
      const index = await raw(`${api.baseUrl}/index.html`, { accept: 'text/html' });
      expect(index.headers['content-security-policy']).toBeDefined();
    });

    it('are served whatever the Origin header says (module scripts send one)', async () => {
      for (const origin of ['http://127.0.0.1:3999', 'http://192.168.1.20:3999', 'null']) {
        const res = await raw(api.baseUrl + js, { origin });
        expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
        const page = await raw(`${api.baseUrl}/employee/catalog`, { origin, accept: 'text/html' });
        expect({ origin, status: page.status }).toEqual({ origin, status: 200 });
      }
    });
  });

  describe('the shell (index.html and client routes)', () => {
    it('is no-cache with a CSP whose style nonce is fresh per response and matches the page', async () => {
      const a = await raw(`${api.baseUrl}/`, { accept: 'text/html' });
      const b = await raw(`${api.baseUrl}/superadmin/companies`, { accept: 'text/html' });
      for (const res of [a, b]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        const csp = String(res.headers['content-security-policy']);
        const directives = new Map(
          csp.split(';').map((d) => {
            const [name, ...values] = d.trim().split(/\s+/);
            return [name, values] as const;
          }),
        );
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('base-uri')).toEqual(["'none'"]);
        expect(directives.get('form-action')).toEqual(["'self'"]);
        expect(directives.get('connect-src')).toEqual(
          expect.arrayContaining(["'self'", 'http://localhost:3999', 'ws://localhost:3999']),
        );
        expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
        const nonce = /'nonce-([^']+)'/.exec(String(directives.get('style-src')))![1];
        expect(directives.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
        const html = res.body.toString();
        expect(html).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
        expect(html).toContain('<meta name="portal-public-url" content="http://localhost:3999" />');
        expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      expect(/nonce-([^']+)/.exec(String(a.headers['content-security-policy']))![1]).not.toBe(
        /nonce-([^']+)/.exec(String(b.headers['content-security-policy']))![1],
      );
    });

    it('is compressed when the client accepts it', async () => {
      const res = await raw(`${api.baseUrl}/`, { accept: 'text/html', 'accept-encoding': 'gzip' });
      // The shell is small; either sent as is or gzip — never a made-up encoding.
      expect([undefined, 'gzip']).toContain(res.headers['content-encoding']);
      expect(decode(res).toString()).toContain('<div id="root"></div>');
    });
  });

  describe('API', () => {
    let emp: ApiClient;
    let node: string;

    beforeAll(async () => {
      node = (await seedTestCatalogue(api.db)).ids['merv-10-1in'];
      const companyId = await createCompany(api.db, 'Delivery Co');
      await createUser(api.db, { email: 'emp@delivery.test', role: 'employee', companyId });
      emp = new ApiClient(api);
      expect((await emp.login('emp@delivery.test', 'Passw0rd!23')).status).toBe(200);
    });

    const auth = () => ({ authorization: `Bearer ${emp.token}` });

    it('compresses JSON above the threshold by Accept-Encoding and keeps it no-store', async () => {
      const res = await raw(`${api.baseUrl}/api/user/me`, { ...auth(), 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(decode(res).toString()).data.email).toBe('emp@delivery.test');
      const big = await raw(`${api.baseUrl}/api/docs-json`, { 'accept-encoding': 'br, gzip' });
      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      const gz = await raw(`${api.baseUrl}/api/docs-json`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decode(gz).toString())).toEqual(JSON.parse(decode(big).toString()));
      expect(big.body.length * 4).toBeLessThan(decode(big).length);
      const csrf = await raw(`${api.baseUrl}/api/csrf-token`, { 'accept-encoding': 'gzip' });
      // Below the threshold: sent as is.
      expect(csrf.headers['content-encoding']).toBeUndefined();
      expect(csrf.headers['cache-control']).toBe('no-store');
    });

    it('sends a company-priced catalogue page compressed (gzip spliced for the company, else br), revalidated by ETag, never stored by shared caches', async () => {
      const plain = await raw(`${api.baseUrl}/api/catalogue/product/${node}`, auth());
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const body = JSON.parse(plain.body.toString());
      expect(body.data.productDetails.length).toBeGreaterThan(0);

      // gzip first: spliced from pieces compressed once for every company, no compression per company.
      const gz = await raw(`${api.baseUrl}/api/catalogue/product/${node}`, {
        ...auth(),
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toBe('private, no-cache');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(gz).equals(plain.body)).toBe(true);
      expect(gz.body.length * 5).toBeLessThan(plain.body.length);

      const br = await raw(`${api.baseUrl}/api/catalogue/product/${node}`, {
        ...auth(),
        'accept-encoding': 'br, gzip;q=0',
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(decode(br).equals(plain.body)).toBe(true);

      const etag = String(br.headers.etag);
      const again = await raw(`${api.baseUrl}/api/catalogue/product/${node}`, { ...auth(), 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      // A catalogue change moves the version: the old copy is no longer current.
      await api.db.query(
        `UPDATE variants SET list_price_cents = list_price_cents + 1 WHERE product_id IN (
        SELECT id FROM products WHERE subcategory_id = $1 OR category_id = $1)`,
        [node],
      );
      const changed = await raw(`${api.baseUrl}/api/catalogue/product/${node}`, { ...auth(), 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      // Without a session the cached page is not reachable.
      expect((await raw(`${api.baseUrl}/api/catalogue/product/${node}`, { 'if-none-match': etag })).status).toBe(401);
    });

    it('still refuses API calls from a foreign Origin (reads and mutations)', async () => {
      for (const method of ['GET', 'POST']) {
        const res = await raw(
          `${api.baseUrl}/api/login`,
          { origin: 'http://127.0.0.1:3999', 'content-type': 'application/json' },
          method,
        );
        expect({ method, status: res.status }).toEqual({ method, status: 403 });
      }
    });
  });
});

describe('production delivery behind https', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ PUBLIC_URL: 'https://portal.example' });
  });
  afterAll(() => api?.close());

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await raw(`${api.baseUrl}/api/csrf-token`);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
