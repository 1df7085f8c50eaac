import fs from 'node:fs/promises';
import type { Socket } from 'socket.io-client';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, signInAll, startTestWorker, waitFor } from './support';

const filesDir = `/tmp/portal-prices-follow-${process.pid}`;

/**
 * Prices follow the change: every change that moves a customer's price reaches the open
 * screens of the users it affects — `catalogue.changed` kind `prices`, never a price — and nobody else.
 */
describe('prices follow the change', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let companyA: string;
  let category: string;
  let product: string;
  const as: Record<'root' | 'empA' | 'empB' | 'adminB', ApiClient> = {} as never;
  const heard: Record<'empA' | 'empB' | 'adminB', { event: string; data: any; at: number }[]> = {
    empA: [],
    empB: [],
    adminB: [],
  };
  const sockets: Socket[] = [];
  const clear = () => Object.values(heard).forEach((list) => (list.length = 0));
  const prices = (who: keyof typeof heard) =>
    heard[who].filter((e) => e.event === 'catalogue.changed' && e.data.kind === 'prices');

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    companyA = await createCompany(api.db, 'Acme Air');
    const companyB = await createCompany(api.db, 'Globex');
    const accounts = {
      root: ['root@example.com', 'superadmin', null],
      empA: ['emp@acme.com', 'employee', companyA],
      empB: ['emp@globex.com', 'employee', companyB],
      adminB: ['admin@globex.com', 'admin', companyB],
    } as const;
    for (const [email, role, companyId] of Object.values(accounts))
      await createUser(api.db, { email, role, companyId });
    const emails = Object.fromEntries(Object.entries(accounts).map(([who, [email]]) => [who, email]));
    Object.assign(as, await signInAll(api, emails as Record<keyof typeof as, string>));
    [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('Pleated') RETURNING id`);
    [{ id: product }] = await api.db.query(
      `INSERT INTO products (category_id, name) VALUES ($1, 'Pleated 1"') RETURNING id`,
      [category],
    );
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, size, depth, list_price_cents, display_order)
       VALUES ($1, 'PF-1', '16x25x1', 1, 1000, 1)`,
      [product],
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir });
    for (const who of Object.keys(heard) as (keyof typeof heard)[]) {
      await connectSocket(api, as[who].token, {
        track: sockets,
        setup: (s) =>
          s.onAny((event: string, data: unknown) => {
            if (event !== 'batch') heard[who].push({ event, data, at: Date.now() });
          }),
      });
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await api?.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it("a company's multiplier reaches that company's employees within 2 s, and no socket of another company", async () => {
    clear();
    const sent = Date.now();
    const res = await as.root.request('PATCH', `company/${companyA}`, { discount_percentage: 40 });
    expect(res.status).toBe(200);
    const [push] = await waitFor(() => (prices('empA').length ? prices('empA') : null), 2000);
    expect(push.data).toEqual({ categoryId: null, productId: null, kind: 'prices' });
    expect(push.at - sent).toBeLessThan(2000);
    // What the employee refetches is priced at the new multiplier: 10.00 × 0.40.
    const page = await as.empA.request('GET', `catalogue/product/${category}`);
    expect(page.body.data.productDetails[0].variants[0]).toMatchObject({ customer_price: 4 });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard.empB).toEqual([]);
    expect(heard.adminB).toEqual([]);
  });

  it('a rename of the company moves no price: no catalogue refresh', async () => {
    clear();
    expect((await as.root.request('PATCH', `company/${companyA}`, { name: 'Acme Air Ltd' })).status).toBe(200);
    await waitFor(() => heard.empA.some((e) => e.event === 'org.changed'), 2000);
    await new Promise((r) => setTimeout(r, 300));
    expect(prices('empA')).toEqual([]);
  });

  it('a list-price save in the grid reaches every company', async () => {
    clear();
    const variants: Record<string, unknown>[] = (await as.root.request('GET', `catalogue/product/${category}`)).body
      .data.productDetails[0].variants;
    const res = await as.root.request('PUT', `catalogue/product/${product}/variants`, {
      variants: variants.map((v) => ({ ...v, list_price: 12 })),
    });
    expect(res.status).toBe(200);
    for (const who of ['empA', 'empB', 'adminB'] as const) {
      const [push] = await waitFor(() => (prices(who).length ? prices(who) : null), 2000);
      expect(push.data).toEqual({ categoryId: category, productId: product, kind: 'prices' });
    }
  });

  it('an applied import reaches every company', async () => {
    const exported = await fetch(`${api.baseUrl}/api/catalogue/export?format=csv`, {
      headers: { authorization: `Bearer ${as.root.token}` },
    });
    const csv = (await exported.text()).replace(',12.00,', ',13.50,');
    expect(csv).toContain(',13.50,');
    const csrf = await as.root.refreshCsrf();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'catalogue.csv');
    const up = await fetch(`${api.baseUrl}/api/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.root.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    expect(up.status).toBe(202);
    const id: string = (await up.json()).data._id;
    const status = async () => (await as.root.request('GET', `catalogue/imports/${id}`)).body.data.status as string;
    expect(await waitFor(async () => ((await status()) === 'ready' ? 'ready' : null))).toBe('ready');
    clear();
    expect((await as.root.request('POST', `catalogue/imports/${id}/apply`)).status).toBe(202);
    for (const who of ['empA', 'empB', 'adminB'] as const) {
      const [push] = await waitFor(() => (prices(who).length ? prices(who) : null), 10_000);
      expect(push.data).toEqual({ categoryId: null, productId: null, kind: 'prices' });
    }
    const page = await as.empB.request('GET', `catalogue/product/${category}`);
    expect(page.body.data.productDetails[0].variants[0]).toMatchObject({ customer_price: 6.14 }); // 13.50 × 0.455
  });
});
