import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { createMailer, type Mailer } from '@portal/platform';
import { startOfDayIn } from '@portal/domain';
import { startSmtpCatcher, type CaughtMessage, type SmtpCatcher } from '../../../scripts/src/smtp-catcher';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, expectSuperadminOnly, signInAll, startTestWorker, waitFor } from './support';

const filesDir = `/tmp/portal-price-changes-${process.pid}`;

/** A Thursday, 00:00 in the office's time zone (the default America/New_York). */
const NEW_YEAR = startOfDayIn('2032-01-01', 'America/New_York');
const DAY = 86_400_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

/**
 * Scheduled price changes: every state and refusal, the notice and the apply on a controlled clock, two
 * workers, a worker that was down, and who may see what.
 */
describe('price changes on a date', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let companyA: string;
  let companyB: string;
  let category: string;
  let rigid: string;
  const clock = { current: new Date(), now: () => clock.current };
  // Notice emails go over SMTP to a catcher, and are read back from its inbox with their attachments.
  let catcher: SmtpCatcher;
  let mailer: Mailer;
  const as: Record<'root' | 'adminA' | 'empA' | 'empB', ApiClient> = {} as never;
  const heardA: { event: string; data: any }[] = [];
  const heardB: { event: string; data: any }[] = [];
  const heardAdminA: { event: string; data: any }[] = [];
  const events = (heard: { event: string; data: any }[]) =>
    heard.flatMap((e) => (e.event === 'batch' ? e.data.events : [e])) as { event: string; data: any }[];
  const sockets: Socket[] = [];

  const schedule = (body: Record<string, unknown>) => as.root.request('POST', 'price-changes', body);
  const multiplierChange = (over: Record<string, unknown> = {}) =>
    schedule({
      kind: 'company_multipliers',
      company_id: companyA,
      percentages: { discount: 48 },
      effective_at: NEW_YEAR.toISOString(),
      ...over,
    });
  const detail = async (id: string) => (await as.root.request('GET', `price-changes/${id}`)).body.data;
  const price = async (who: ApiClient, categoryId: string) =>
    (await who.request('GET', `catalogue/product/${categoryId}`)).body.data.productDetails[0].variants[0]
      .customer_price as number;
  /** The price list attached to a caught email, read back from the catcher's inbox: part number → price. */
  async function attachedPrices(mail: CaughtMessage): Promise<Map<string, number>> {
    const res = await fetch(`${catcher.inboxUrl}/api/messages/${mail.id}/attachments/0`);
    expect(res.status).toBe(200);
    return sheetPrices(Buffer.from(await res.arrayBuffer()));
  }
  async function sheetPrices(bytes: Buffer): Promise<Map<string, number>> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(6).values as unknown[]).map(String);
    const part = header.indexOf('part_number');
    const priceCol = header.indexOf('price');
    const out = new Map<string, number>();
    for (let r = 7; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r).values as unknown[];
      if (row[part]) out.set(String(row[part]), Number(row[priceCol]));
    }
    return out;
  }
  const noticeMails = () => catcher.messages().filter((m) => m.subject.startsWith('Prices change'));
  const audits = async (action: string, id: string) =>
    (
      await api.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND entity_id = $2`, [action, id])
    )[0].n as number;

  async function upload(csv: string): Promise<string> {
    const csrf = await as.root.refreshCsrf();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'prices.csv');
    const up = await fetch(`${api.baseUrl}/api/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.root.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    expect(up.status).toBe(202);
    const id: string = (await up.json()).data._id;
    await waitFor(
      async () => (await as.root.request('GET', `catalogue/imports/${id}`)).body.data.status === 'ready',
      20_000,
    );
    return id;
  }

  async function exportCsv(): Promise<string> {
    const res = await fetch(`${api.baseUrl}/api/catalogue/export?format=csv`, {
      headers: { authorization: `Bearer ${as.root.token}` },
    });
    return res.text();
  }

  beforeAll(async () => {
    catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0 });
    mailer = createMailer(catcher.smtpUrl, 'portal@example.com');
    api = await startTestApi({ FILES_DIR: filesDir });
    companyA = await createCompany(api.db, 'Acme Air');
    companyB = await createCompany(api.db, 'Globex');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@acme.com', role: 'admin', companyId: companyA, username: 'Ada' });
    // An admin whose address is suppressed (it complained): the list and its notification, no email.
    await createUser(api.db, { email: 'quiet@acme.com', role: 'admin', companyId: companyA, username: 'Quentin' });
    await api.db.query(`INSERT INTO email_suppressions (address, reason) VALUES ('quiet@acme.com', 'complaint')`);
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: companyA });
    await createUser(api.db, { email: 'emp@globex.com', role: 'employee', companyId: companyB });
    Object.assign(
      as,
      await signInAll(api, {
        root: 'root@example.com',
        adminA: 'admin@acme.com',
        empA: 'emp@acme.com',
        empB: 'emp@globex.com',
      }),
    );
    [{ id: category }] = await api.db.query(`INSERT INTO categories (name) VALUES ('Pleated') RETURNING id`);
    [{ id: rigid }] = await api.db.query(
      `INSERT INTO categories (name, product_line) VALUES ('Rigid Flow', 'rigidflow') RETURNING id`,
    );
    const [{ id: product }] = await api.db.query(
      `INSERT INTO products (category_id, name) VALUES ($1, 'Pleated 1"') RETURNING id`,
      [category],
    );
    const [{ id: rigidProduct }] = await api.db.query(
      `INSERT INTO products (category_id, name) VALUES ($1, 'Rigid 12"') RETURNING id`,
      [rigid],
    );
    await api.db.query(
      `INSERT INTO variants (product_id, part_number, size, depth, list_price_cents, display_order)
       VALUES ($1, 'PC-1', '16x25x1', 1, 1000, 1), ($1, 'PC-2', '20x25x1', 1, 2001, 2), ($2, 'RF-1', '24x24x12', 12, 5000, 1)`,
      [product, rigidProduct],
    );
    worker = await startTestWorker(api, { FILES_DIR: filesDir }, { clock, mailer });
    await connectSocket(api, as.empA.token, {
      track: sockets,
      setup: (s) => s.onAny((event: string, data: unknown) => heardA.push({ event, data })),
    });
    await connectSocket(api, as.adminA.token, {
      track: sockets,
      setup: (s) => s.onAny((event: string, data: unknown) => heardAdminA.push({ event, data })),
    });
    await connectSocket(api, as.empB.token, {
      track: sockets,
      setup: (s) => s.onAny((event: string, data: unknown) => heardB.push({ event, data })),
    });
  });
  // Each notice has its lists built one after another at the lowest CPU priority: lists a test left
  // unbuilt are removed, so the next test's lists are not queued behind them.
  afterEach(async () => {
    await api.db.query(`DELETE FROM pricelists WHERE status IN ('queued', 'running')`);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await worker?.stop(2000);
    await api?.close();
    mailer?.close();
    await catcher?.stop();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it('is the superadmin’s alone; a company’s people read only their own banner', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await expectSuperadminOnly(
      api,
      [as.adminA, as.empA],
      [
        ['POST', 'price-changes', { kind: 'list_prices', import_id: id, effective_at: NEW_YEAR.toISOString() }],
        ['GET', 'price-changes'],
        ['GET', `price-changes/${id}`],
        ['PATCH', `price-changes/${id}`, { version: 1, notice_days: 3 }],
        ['POST', `price-changes/${id}/cancel`],
      ],
    );
    expect((await as.root.request('GET', 'price-changes/notices')).status).toBe(403);
    expect((await as.empA.request('GET', 'price-changes/notices')).body).toEqual({ status: 200, data: { list: [] } });
    expect((await as.root.request('GET', `price-changes/${id}`)).status).toBe(404);
    expect((await as.root.request('GET', 'price-changes/not-a-uuid')).status).toBe(400);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'everything' }, 'kind'],
      [
        { kind: 'company_multipliers', company_id: companyA, percentages: {}, effective_at: NEW_YEAR.toISOString() },
        'percentages',
      ],
      [
        {
          kind: 'company_multipliers',
          company_id: companyA,
          percentages: { discount: 101 },
          effective_at: NEW_YEAR.toISOString(),
        },
        'percentages.discount',
      ],
      [
        { kind: 'company_multipliers', company_id: companyA, percentages: { discount: 48 }, effective_at: 'soon' },
        'effective_at',
      ],
      [
        {
          kind: 'company_multipliers',
          company_id: companyA,
          percentages: { discount: 48 },
          effective_at: NEW_YEAR.toISOString(),
          notice_days: 91,
        },
        'notice_days',
      ],
      [
        {
          kind: 'company_multipliers',
          company_id: 'x',
          percentages: { discount: 48 },
          effective_at: NEW_YEAR.toISOString(),
        },
        'company_id',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await schedule(body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    const past = await multiplierChange({ effective_at: new Date(Date.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ effective_at: 'effective_at must be in the future' });
    const unknown = await multiplierChange({ company_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(await api.db.query(`SELECT count(*)::int AS n FROM price_changes`)).toEqual([{ n: 0 }]);
  });

  it('schedules, previews, refuses a clash, moves with its version and cancels (state table)', async () => {
    const created = await multiplierChange({ percentages: { discount: 48, rigidflow: 50 }, notice_days: 10 });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      _id: expect.any(String),
      status: 'scheduled',
      effective_at: NEW_YEAR.toISOString(),
    });
    const id: string = created.body.data._id;
    expect(await audits('price_change.scheduled', id)).toBe(1);

    const d = await detail(id);
    expect(d).toMatchObject({
      status: 'scheduled',
      company_name: 'Acme Air',
      version: 1,
      notice_days: 10,
      notice_at: at(NEW_YEAR, -10 * DAY).toISOString(),
      notice_sent_at: null,
      allowed_actions: ['edit', 'cancel'],
      multipliers: [
        { line: 'discount', from: '45.50', to: '48.00' },
        { line: 'rigidflow', from: '100.00', to: '50.00' },
      ],
    });
    // 10.00 × 0.455 = 4.55 → × 0.48 = 4.80; 20.01 × 0.455 = 9.10 (9.10455) → 9.60 (9.6048); 50.00 × 1 → × 0.5.
    expect(d.preview).toMatchObject({ companies: 1, variants: 3, prices: 3 });
    expect(d.preview.rows).toEqual([
      expect.objectContaining({ part_number: 'PC-1', old_cents: 455, new_cents: 480, change_percent: 5.49 }),
      expect.objectContaining({ part_number: 'PC-2', old_cents: 910, new_cents: 960, change_percent: 5.49 }),
      expect.objectContaining({ part_number: 'RF-1', old_cents: 5000, new_cents: 2500, change_percent: -50 }),
    ]);

    // Same company, same line, same instant: 409. Another line, or another instant: fine.
    const clash = await multiplierChange({ percentages: { discount: 47 } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/Price Multiplier.*same instant/);
    const other = await multiplierChange({ percentages: { polyroll: 47 } });
    expect(other.status).toBe(201);
    const later = await multiplierChange({
      percentages: { discount: 47 },
      effective_at: at(NEW_YEAR, DAY).toISOString(),
    });
    expect(later.status).toBe(201);
    const otherCompany = await multiplierChange({ company_id: companyB });
    expect(otherCompany.status).toBe(201);

    // PATCH: the version read, only while scheduled; moving onto another's instant is a clash too.
    const stale = await as.root.request('PATCH', `price-changes/${id}`, { version: 7, notice_days: 5 });
    expect(stale.status).toBe(409);
    const onto = await as.root.request('PATCH', `price-changes/${later.body.data._id}`, {
      version: 1,
      effective_at: NEW_YEAR.toISOString(),
    });
    expect(onto.status).toBe(409);
    expect((await as.root.request('PATCH', `price-changes/${id}`, { version: 1 })).status).toBe(400);
    const moved = await as.root.request('PATCH', `price-changes/${id}`, { version: 1, notice_days: 5 });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      version: 2,
      notice_days: 5,
      notice_at: at(NEW_YEAR, -5 * DAY).toISOString(),
    });
    expect(await audits('price_change.updated', id)).toBe(1);

    // Cancelled frees the instant; nothing leaves `cancelled`.
    for (const c of [later, otherCompany, other]) {
      expect((await as.root.request('POST', `price-changes/${c.body.data._id}/cancel`)).status).toBe(200);
    }
    const cancelled = await detail(later.body.data._id);
    expect(cancelled).toMatchObject({ status: 'cancelled', allowed_actions: [] });
    expect((await as.root.request('POST', `price-changes/${later.body.data._id}/cancel`)).status).toBe(409);
    const edit = await as.root.request('PATCH', `price-changes/${later.body.data._id}`, { version: 2, notice_days: 1 });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('This price change is cancelled: only a scheduled change can be changed');

    const list = await as.root.request('GET', `price-changes?status=scheduled&companyId=${companyA}`);
    expect(list.body.data).toEqual({ list: [expect.objectContaining({ _id: id })], total: 1 });
    expect((await as.root.request('GET', 'price-changes?status=maybe')).status).toBe(400);
  });

  it('sends the notice at effective_at − notice_days, once, and applies at effective_at, once', async () => {
    const [{ id }] = await api.db.query(`SELECT id FROM price_changes WHERE status = 'scheduled' AND company_id = $1`, [
      companyA,
    ]);
    const noticeAt = at(NEW_YEAR, -5 * DAY);
    expect(await worker.priceChanges.runDue(at(noticeAt, -1))).toEqual({ noticed: 0, applied: 0, failed: 0 });
    expect(await worker.priceChanges.runDue(noticeAt)).toEqual({ noticed: 1, applied: 0, failed: 0 });
    expect(await worker.priceChanges.runDue(at(noticeAt, 1000))).toEqual({ noticed: 0, applied: 0, failed: 0 });
    expect((await detail(id)).notice_sent_at).toBe(noticeAt.toISOString());

    // Each of the company's admins gets a price list at the new prices (the existing builder) — their
    // notification — and, once it is built, the email naming the day with that list attached; the suppressed
    // address gets no email. The banner for A's people, nothing for B's.
    const lists: { id: string; email: string }[] = await api.db.query(
      `SELECT l.id, u.email FROM pricelists l JOIN users u ON u.id = l.requested_by
        WHERE l.price_change_id = $1 ORDER BY u.email`,
      [id],
    );
    expect(lists.map((l) => l.email)).toEqual(['admin@acme.com', 'quiet@acme.com']);
    const [mail] = await waitFor(() => (noticeMails().length ? noticeMails() : null), 90_000);
    expect([mail.to, mail.subject]).toEqual(['admin@acme.com', 'Prices change on Thu 1 January']);
    expect(mail.text).toContain('A price list of the whole catalogue at the new prices is attached');
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: expect.stringMatching(/^price-list-acme-air-\d{4}-\d{2}-\d{2}\.xlsx$/),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ]);
    const attached = await attachedPrices(mail);
    expect(attached.get('PC-1')).toBe(4.8);
    expect(attached.get('RF-1')).toBe(25);
    const quiet = await waitFor(async () => {
      const rows = await api.db.query(
        `SELECT status FROM sent_emails WHERE recipient = 'quiet@acme.com' AND template = 'price_change_notice'`,
      );
      return rows.length ? rows : null;
    }, 90_000);
    expect(quiet).toEqual([{ status: 'suppressed' }]);
    expect(noticeMails()).toHaveLength(1);
    // The admin's own price lists hear that theirs is ready; the employee's screens only that the banner moved.
    const adminList = lists.find((l) => l.email === 'admin@acme.com')!;
    await waitFor(() => events(heardAdminA).find((e) => e.event === 'pricelist.ready' && e.data._id === adminList.id));
    expect(events(heardA).map((e) => e.event)).not.toContain('pricelist.ready');
    const quietList = lists.find((l) => l.email === 'quiet@acme.com')!;
    expect((await as.root.request('GET', `pricelists/${quietList.id}`)).body.data.status).toBe('ready');
    expect((await as.empA.request('GET', 'price-changes/notices')).body.data.list).toEqual([
      { _id: id, effective_at: NEW_YEAR.toISOString(), list_ready: true },
    ]);
    expect((await as.empB.request('GET', 'price-changes/notices')).body.data.list).toEqual([]);

    // The banner's link: the list at the new prices, for any of the company's people (an employee too),
    // while the catalogue keeps today's; another company's people get 404, like an unknown change.
    const banner = await fetch(`${api.baseUrl}/api/price-changes/${id}/pricelist`, {
      headers: { authorization: `Bearer ${as.empA.token}` },
    });
    expect(banner.status).toBe(200);
    expect(banner.headers.get('content-disposition')).toMatch(/^attachment; filename="price-list-acme-air-/);
    const fromBanner = await sheetPrices(Buffer.from(await banner.arrayBuffer()));
    expect(fromBanner.get('PC-1')).toBe(4.8);
    expect(fromBanner.get('PC-2')).toBe(attached.get('PC-2'));
    const other = await as.empB.request('GET', `price-changes/${id}/pricelist`);
    expect(other.status).toBe(404);
    expect((await as.empA.request('GET', `price-changes/${lists[0].id}/pricelist`)).status).toBe(404);
    expect((await as.root.request('GET', `price-changes/${id}/pricelist`)).status).toBe(403);

    // Until the instant the old prices hold; at it, every read has the new ones.
    expect(await price(as.empA, category)).toBe(4.55);
    expect(await worker.priceChanges.runDue(at(NEW_YEAR, -1))).toMatchObject({ applied: 0 });
    heardA.length = 0;
    heardB.length = 0;
    expect(await worker.priceChanges.runDue(NEW_YEAR)).toEqual({ noticed: 0, applied: 1, failed: 0 });
    expect(await price(as.empA, category)).toBe(4.8);
    expect(await price(as.empA, rigid)).toBe(25);
    expect(await price(as.empB, category)).toBe(4.55);
    const applied = await detail(id);
    expect(applied).toMatchObject({
      status: 'applied',
      applied_at: NEW_YEAR.toISOString(),
      allowed_actions: [],
      multipliers: [
        { line: 'discount', from: '45.50', to: '48.00' },
        { line: 'rigidflow', from: '100.00', to: '50.00' },
      ],
    });
    expect(await audits('price_change.applied', id)).toBe(1);
    const [entry] = await api.db.query(
      `SELECT before, after FROM audit_log WHERE action = 'company.updated' AND entity_id = $1`,
      [companyA],
    );
    expect(entry).toEqual({
      before: { discount_percentage: 45.5, rigidflow_percentage: 100 },
      after: { discount_percentage: 48, rigidflow_percentage: 50 },
    });
    const push = await waitFor(() =>
      heardA.flatMap((e) => (e.event === 'batch' ? e.data.events : [e])).find((e) => e.event === 'catalogue.changed'),
    );
    expect(push.data).toEqual({ categoryId: null, productId: null, kind: 'prices' });
    const changed = await waitFor(() =>
      heardA
        .flatMap((e) => (e.event === 'batch' ? e.data.events : [e]))
        .find((e) => e.event === 'price_change.changed'),
    );
    expect(changed.data).toEqual({ _id: id, status: 'applied', companyId: companyA });
    // Another company hears nothing of it (and no push ever carries a price).
    await new Promise((r) => setTimeout(r, 300));
    expect(heardB.flatMap((e) => (e.event === 'batch' ? e.data.events : [e])).map((e) => e.event)).not.toEqual(
      expect.arrayContaining(['catalogue.changed']),
    );
    expect(heardB.flatMap((e) => (e.event === 'batch' ? e.data.events : [e])).map((e) => e.event)).not.toEqual(
      expect.arrayContaining(['price_change.changed']),
    );
    expect(JSON.stringify(heardA)).not.toMatch(/cents|price":|percentage/);
    expect(await worker.priceChanges.runDue(at(NEW_YEAR, 60_000))).toEqual({ noticed: 0, applied: 0, failed: 0 });
    expect((await as.root.request('POST', `price-changes/${id}/cancel`)).status).toBe(409);
    expect((await as.empA.request('GET', 'price-changes/notices')).body.data.list).toEqual([]);
  }, 240_000);

  it('a change whose notice date has passed is announced at once, without waiting for a sweep', async () => {
    const soon = new Date(Date.now() + 3 * DAY);
    clock.current = new Date();
    const res = await multiplierChange({ company_id: companyB, effective_at: soon.toISOString(), notice_days: 30 });
    // The worker hears the new change and sends its notice now (the minute's sweep is not due yet).
    const list = await waitFor(async () => {
      const l = (await as.empB.request('GET', 'price-changes/notices')).body.data.list;
      return l.length ? l : null;
    }, 5000);
    expect(list).toEqual([{ _id: res.body.data._id, effective_at: soon.toISOString(), list_ready: false }]);
    expect(await audits('price_change.noticed', res.body.data._id)).toBe(1);
    expect(await worker.priceChanges.runDue()).toEqual({ noticed: 0, applied: 0, failed: 0 });
    expect((await as.root.request('POST', `price-changes/${res.body.data._id}/cancel`)).status).toBe(200);
    expect((await as.empB.request('GET', 'price-changes/notices')).body.data.list).toEqual([]);
  });

  it('quotes keep their prices when a multiplier change applies', async () => {
    const [{ id: variant }] = await api.db.query(`SELECT id FROM variants WHERE part_number = 'PC-1'`);
    const today = await price(as.empA, category);
    const submitted = await as.empA.request('POST', 'quote-requests', {
      lines: [{ kind: 'catalogue', variant_id: variant, quantity: 2 }],
    });
    expect(submitted.status).toBe(201);
    const id: string = submitted.body.data._id;
    const before = (await as.root.request('GET', `quote-requests/${id}`)).body.data;
    const validUntil = new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10);
    const sent = await as.root.request('POST', `quote-requests/${id}/send-quote`, {
      version: before.version,
      valid_until: validUntil,
      lines: [{ _id: before.lines[0]._id, line_status: 'quoted', quoted_price: '3.33', lead_time_days: 5 }],
    });
    expect(sent.status).toBe(200);
    const when = at(NEW_YEAR, 5 * DAY);
    await multiplierChange({ percentages: { discount: 20 }, effective_at: when.toISOString(), notice_days: 0 });
    expect(await worker.priceChanges.runDue(when)).toMatchObject({ applied: 1 });
    expect(await price(as.empA, category)).toBe(2);
    const after = (await as.empA.request('GET', `quote-requests/${id}`)).body.data;
    expect(after.lines[0]).toMatchObject({
      snapshot_price: before.lines[0].snapshot_price,
      quoted_price: 3.33,
    });
    expect(after.lines[0].snapshot_price).toBe(today);
    // Back to 0.48 for the tests below.
    const back = at(NEW_YEAR, 6 * DAY);
    await multiplierChange({ percentages: { discount: 48 }, effective_at: back.toISOString(), notice_days: 0 });
    expect(await worker.priceChanges.runDue(back)).toMatchObject({ applied: 1 });
  });

  it('two workers apply a change exactly once', async () => {
    const when = at(NEW_YEAR, 2 * DAY);
    const res = await multiplierChange({
      percentages: { discount: 50 },
      effective_at: when.toISOString(),
      notice_days: 0,
    });
    // Its own sweeps read today; only the two calls below read the change's instant.
    const second = await startTestWorker(api, { FILES_DIR: filesDir }, { clock: { now: () => new Date() } });
    try {
      const [a, b] = await Promise.all([worker.priceChanges.runDue(when), second.priceChanges.runDue(when)]);
      expect(a.applied + b.applied).toBe(1);
      expect(a.noticed + b.noticed).toBe(1);
    } finally {
      await second.stop(2000);
    }
    expect(await audits('price_change.applied', res.body.data._id)).toBe(1);
    expect(await audits('price_change.noticed', res.body.data._id)).toBe(1);
    expect(await price(as.empA, category)).toBe(5);
  });

  it('a change that fell due while no worker ran applies when one starts', async () => {
    const when = at(NEW_YEAR, 3 * DAY);
    const res = await multiplierChange({ percentages: { discount: 51 }, effective_at: when.toISOString() });
    await worker.stop(2000);
    const started = Date.now();
    worker = await startTestWorker(
      api,
      { FILES_DIR: filesDir },
      { clock: { now: () => at(when, 5 * 60_000) }, mailer },
    );
    await waitFor(async () => (await detail(res.body.data._id)).status === 'applied', 60_000, 100);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await price(as.empA, category)).toBe(5.1);
  });

  it('list prices: "Apply on…" holds the dry run, refuses a stale one, and applies it with history at the instant', async () => {
    const when = at(NEW_YEAR, 10 * DAY);
    const importId = await upload((await exportCsv()).replace(',10.00,', ',12.00,'));
    const res = await schedule({
      kind: 'list_prices',
      import_id: importId,
      effective_at: when.toISOString(),
      notice_days: 1,
    });
    expect(res.status).toBe(201);
    expect((await as.root.request('GET', `catalogue/imports/${importId}`)).body.data.status).toBe('scheduled');
    expect((await as.root.request('POST', `catalogue/imports/${importId}/apply`)).status).toBe(409);
    const again = await schedule({ kind: 'list_prices', import_id: importId, effective_at: at(when, 1).toISOString() });
    expect(again.status).toBe(409);

    const d = await detail(res.body.data._id);
    expect(d.preview).toMatchObject({ companies: 2, variants: 1, prices: 2 });
    expect(d.preview.rows).toEqual([
      expect.objectContaining({ company_name: 'Acme Air', part_number: 'PC-1', old_cents: 510, new_cents: 612 }),
      expect.objectContaining({ company_name: 'Globex', part_number: 'PC-1', old_cents: 455, new_cents: 546 }),
    ]);

    // Another dry run, then the catalogue moves under it: "run the dry run again".
    const staleImport = await upload((await exportCsv()).replace(',20.01,', ',21.00,'));
    await api.db.query(`UPDATE variants SET version = version + 1 WHERE part_number = 'PC-2'`);
    const refused = await schedule({
      kind: 'list_prices',
      import_id: staleImport,
      effective_at: at(when, DAY).toISOString(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The catalogue changed after this dry run: run the dry run again');

    // A day ahead the admins are told, with a list at the new list prices (Acme: 0.51 × 12.00), while the
    // catalogue still shows today's (0.51 × 10.00).
    catcher.clear();
    expect(await worker.priceChanges.runDue(at(when, -DAY))).toMatchObject({ noticed: 1, applied: 0 });
    const [list] = await api.db.query(
      `SELECT l.id FROM pricelists l JOIN users u ON u.id = l.requested_by
        WHERE l.price_change_id = $1 AND u.email = 'admin@acme.com'`,
      [res.body.data._id],
    );
    await waitFor(
      async () => (await as.adminA.request('GET', `pricelists/${list.id}`)).body.data?.status === 'ready',
      90_000,
    );
    const file = await fetch(`${api.baseUrl}/api/pricelists/${list.id}/download`, {
      headers: { authorization: `Bearer ${as.adminA.token}` },
    });
    const listed = await sheetPrices(Buffer.from(await file.arrayBuffer()));
    expect(listed.get('PC-1')).toBe(6.12);
    expect(listed.get('PC-2')).toBe(10.21);
    const [mail] = await waitFor(() => (noticeMails().length ? noticeMails() : null), 90_000);
    expect((await attachedPrices(mail)).get('PC-1')).toBe(6.12);
    expect(await price(as.empA, category)).toBe(5.1);
    expect(await price(as.empB, category)).toBe(4.55);

    // The page is cached once for both companies: at the instant both read it at the new list prices.
    expect(await worker.priceChanges.runDue(when)).toMatchObject({ applied: 1, failed: 0 });
    expect(await price(as.empA, category)).toBe(6.12);
    expect(await price(as.empB, category)).toBe(5.46);
    expect((await as.root.request('GET', `catalogue/imports/${importId}`)).body.data.status).toBe('applied');
    const history = await api.db.query(
      `SELECT old_price_cents::int AS old, new_price_cents::int AS new, changed_at FROM price_history h
         JOIN variants v ON v.id = h.variant_id WHERE v.part_number = 'PC-1'`,
    );
    expect(history).toEqual([{ old: 1000, new: 1200, changed_at: when }]);
  }, 240_000);

  it('a list-price change whose dry run went stale by its date fails, and says why', async () => {
    const when = at(NEW_YEAR, 20 * DAY);
    const importId = await upload((await exportCsv()).replace(',50.00,', ',55.00,'));
    const res = await schedule({
      kind: 'list_prices',
      import_id: importId,
      effective_at: when.toISOString(),
      notice_days: 0,
    });
    expect(res.status).toBe(201);
    await api.db.query(`UPDATE variants SET version = version + 1 WHERE part_number = 'RF-1'`);
    expect(await worker.priceChanges.runDue(when)).toMatchObject({ applied: 0, failed: 1 });
    const d = await detail(res.body.data._id);
    expect(d).toMatchObject({ status: 'failed', allowed_actions: [] });
    expect(d.message).toContain('run the dry run again');
    expect((await as.root.request('GET', `catalogue/imports/${importId}`)).body.data.status).toBe('conflict');
    expect(await price(as.empA, rigid)).toBe(25);
  });
});
