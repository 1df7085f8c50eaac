import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import {
  ORDER_MSG,
  addDays,
  customerPriceCents,
  decideOrderAction,
  percentageForProductLine,
  todayIn,
  type OrderParty,
} from '../../../libs/domain/src';
import type { OrderAction, OrderStatus } from '../../../libs/contracts/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, fakeMailer, signInAll, startTestWorker, waitFor } from './support';

const TZ = 'America/New_York';
type Who = 'root' | 'adminA' | 'adminA2' | 'empA' | 'empA2' | 'adminB' | 'empB';
const WHO: Who[] = ['root', 'adminA', 'adminA2', 'empA', 'empA2', 'adminB', 'empB'];
const PCT_A = {
  discount_percentage: 45.55,
  rigidflow_percentage: 52.35,
  minipro_percentage: 48.75,
  polyroll_percentage: 33.33,
};

interface Variant {
  id: string;
  part_number: string;
  list_price_cents: string;
  product_line: string | null;
}

describe('order requests and agreed items', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  const mailer = fakeMailer();
  let companyA: string;
  let companyB: string;
  const as: Record<Who, ApiClient> = {} as never;
  const ids: Record<Who, string> = {} as never;
  const sockets: Socket[] = [];
  let v1: Variant;
  let v2: Variant;
  let categoryId: string;
  /** Company A's agreed items from an accepted quote: the custom size and the unlisted part. */
  let agreedCustom: string;
  let agreedUnlisted: string;
  let acceptedQuote: string;

  const today = () => todayIn(TZ);
  const priceA = (v: Variant) =>
    customerPriceCents(v.list_price_cents, percentageForProductLine(v.product_line as never, PCT_A));

  /** Earlier requests leave the hourly window (the limit is tested on its own). */
  const freshWindow = () =>
    api.db.query(
      `UPDATE order_requests SET created_at = created_at - interval '1 hour' WHERE created_at > now() - interval '1 hour'`,
    );
  const submit = (who: ApiClient, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    who.request('POST', 'order-requests', body, headers);
  const act = (who: ApiClient, id: string, action: string, body: unknown = {}) =>
    who.request('POST', `order-requests/${id}/${action}`, body);
  const detail = async (who: ApiClient, id: string) => (await who.request('GET', `order-requests/${id}`)).body.data;
  const statusOf = async (id: string): Promise<OrderStatus> =>
    (await api.db.query(`SELECT status FROM order_requests WHERE id = $1`, [id]))[0].status;
  const counts = async () =>
    (
      await api.db.query(
        `SELECT (SELECT count(*) FROM order_requests)::int AS requests, (SELECT count(*) FROM order_request_lines)::int AS lines,
                (SELECT count(*) FROM order_request_history)::int AS history,
                (SELECT count(*) FROM outbox WHERE type LIKE 'order.%')::int AS events,
                (SELECT count(*) FROM audit_log WHERE entity = 'order_request')::int AS audit`,
      )
    )[0];

  /** A submitted request (by empA unless `who`) with two catalogue lines and the custom agreed item. */
  async function newRequest(who: ApiClient = as.empA, extra: Record<string, unknown> = {}) {
    await freshWindow();
    const res = await submit(who, {
      lines: [
        { kind: 'catalogue', variant_id: v1.id, quantity: 2 },
        { kind: 'catalogue', variant_id: v2.id, quantity: 1 },
        { kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: 3 },
      ],
      po_number: 'PO-1001',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; number: string; status: OrderStatus; total: number };
  }

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    await seedTestCatalogue(api.db);
    companyA = await createCompany(api.db, 'Acme Air');
    companyB = await createCompany(api.db, 'Beta Cooling');
    await api.db.query(
      `UPDATE companies SET discount_percentage = $2, rigidflow_percentage = $3, minipro_percentage = $4, polyroll_percentage = $5 WHERE id = $1`,
      [
        companyA,
        PCT_A.discount_percentage,
        PCT_A.rigidflow_percentage,
        PCT_A.minipro_percentage,
        PCT_A.polyroll_percentage,
      ],
    );
    const users: Record<Who, Parameters<typeof createUser>[1]> = {
      root: { email: 'root@example.com', role: 'superadmin' },
      adminA: { email: 'admin@acme.com', role: 'admin', companyId: companyA },
      adminA2: { email: 'admin2@acme.com', role: 'admin', companyId: companyA },
      empA: { email: 'emp@acme.com', role: 'employee', companyId: companyA },
      empA2: { email: 'emp2@acme.com', role: 'employee', companyId: companyA },
      adminB: { email: 'admin@beta.com', role: 'admin', companyId: companyB },
      empB: { email: 'emp@beta.com', role: 'employee', companyId: companyB },
    };
    for (const w of WHO) ids[w] = (await createUser(api.db, users[w])).id;
    Object.assign(
      as,
      await signInAll(api, Object.fromEntries(WHO.map((w) => [w, users[w].email])) as Record<Who, string>),
    );
    [v1, v2] = await api.db.query(
      `SELECT v.id, v.part_number, v.list_price_cents::text AS list_price_cents, k.product_line
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
        WHERE NOT v.odd_size AND k.product_line IS NOT NULL ORDER BY v.part_number LIMIT 2`,
    );
    [{ id: categoryId }] = await api.db.query(`SELECT id FROM categories ORDER BY display_order LIMIT 1`);
    worker = await startTestWorker(api, {}, { mailer });

    // A custom size and an unlisted part, quoted and accepted: the company's agreed items.
    const q = await as.empA.request('POST', 'quote-requests', {
      lines: [
        { kind: 'catalogue', variant_id: v1.id, quantity: 4 },
        {
          kind: 'custom_size',
          catalogue_id: categoryId,
          width: '16 3/8',
          height: '20 1/4',
          depth: 1,
          measure: 'exact',
          quantity: 5,
        },
        { kind: 'unlisted', part_number: 'XYZ-123', quantity: 2 },
      ],
    });
    expect(q.status).toBe(201);
    acceptedQuote = q.body.data._id;
    const qd = (await as.root.request('GET', `quote-requests/${acceptedQuote}`)).body.data;
    const prices: Record<number, string> = { 1: '10.00', 2: '12.50', 3: '7.25' };
    const sent = await as.root.request('POST', `quote-requests/${acceptedQuote}/send-quote`, {
      version: qd.version,
      valid_until: addDays(today(), 14),
      price_held_until: addDays(today(), 200),
      lines: qd.lines.map((l: { _id: string; position: number }) => ({
        _id: l._id,
        line_status: 'quoted',
        quoted_price: prices[l.position],
      })),
    });
    expect(sent.status).toBe(200);
    const qd2 = (await as.empA.request('GET', `quote-requests/${acceptedQuote}`)).body.data;
    expect(
      (
        await as.empA.request('POST', `quote-requests/${acceptedQuote}/accept`, {
          version: qd2.version,
          made_to_order: true,
        })
      ).status,
    ).toBe(200);
    const items = (await as.empA.request('GET', 'agreed-items')).body.data;
    expect(items.total).toBe(2);
    agreedCustom = items.list.find((i: { size_type: string | null; width: number | null }) => i.width === 16.375)._id;
    agreedUnlisted = items.list.find((i: { width: number | null }) => i.width === null)._id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await api?.close();
  });

  describe('agreed items', () => {
    it('an accepted quote’s custom and unlisted lines, at the quoted price, held as sent', async () => {
      const res = await as.adminA.request('GET', 'agreed-items');
      expect(res.status).toBe(200);
      const custom = res.body.data.list.find((i: { _id: string }) => i._id === agreedCustom);
      expect(custom).toMatchObject({
        width: 16.375,
        height: 20.25,
        depth: 1,
        measure: 'exact',
        catalogue_id: categoryId,
        price: 12.5,
        price_held_until: addDays(today(), 200),
        status: 'active',
        customer_part_no: null,
        source_quote: { _id: acceptedQuote, number: expect.stringMatching(/^Q-\d{6}$/) },
      });
      expect(res.body.data.list.find((i: { _id: string }) => i._id === agreedUnlisted)).toMatchObject({
        part_number: 'XYZ-123',
        price: 7.25,
      });
      // the other company sees none; the office filters by company
      expect((await as.adminB.request('GET', 'agreed-items')).body.data.total).toBe(0);
      expect((await as.root.request('GET', `agreed-items?companyId=${companyB}`)).body.data.total).toBe(0);
      expect((await as.root.request('GET', `agreed-items?companyId=${companyA}`)).body.data.total).toBe(2);
      expect((await as.empA.request('GET', 'agreed-items?q=XYZ')).body.data.total).toBe(1);
      expect((await as.empA.request('GET', 'agreed-items?status=expired')).body.data.total).toBe(0);
      // another company's agreed item is 404 everywhere
      expect((await as.empB.request('GET', `agreed-items/${agreedCustom}`)).status).toBe(404);
      expect((await as.adminB.request('PATCH', `agreed-items/${agreedCustom}`, { customer_part_no: 'X' })).status).toBe(
        404,
      );
      // audit of the acceptance names them
      const [audit] = await api.db.query(
        `SELECT after FROM audit_log WHERE action = 'quote_request.accepted' AND entity_id = $1`,
        [acceptedQuote],
      );
      expect(audit.after.agreed_items).toBe(2);
    });

    it('send-quote: price_held_until defaults to validity + 365 days, at most 3 years', async () => {
      const q = await as.empA2.request('POST', 'quote-requests', {
        lines: [{ kind: 'unlisted', part_number: 'DEF-1', quantity: 1 }],
      });
      const d = (await as.root.request('GET', `quote-requests/${q.body.data._id}`)).body.data;
      const body = (held?: string) => ({
        version: d.version,
        valid_until: addDays(today(), 10),
        ...(held ? { price_held_until: held } : {}),
        lines: [{ _id: d.lines[0]._id, line_status: 'quoted', quoted_price: 3 }],
      });
      const far = await as.root.request('POST', `quote-requests/${d._id}/send-quote`, body(addDays(today(), 1200)));
      expect(far.status).toBe(400);
      expect(far.body.errors).toEqual({ price_held_until: ORDER_MSG.priceHeldUntilRange });
      expect((await as.root.request('POST', `quote-requests/${d._id}/send-quote`, body())).status).toBe(200);
      const d2 = (await as.empA2.request('GET', `quote-requests/${d._id}`)).body.data;
      expect((await as.empA2.request('POST', `quote-requests/${d._id}/accept`, { version: d2.version })).status).toBe(
        200,
      );
      const [item] = await api.db.query(
        `SELECT id, price_held_until::text AS held, price_cents::int AS cents FROM agreed_items WHERE source_quote_id = $1`,
        [d._id],
      );
      expect(item).toMatchObject({ held: addDays(addDays(today(), 10), 365), cents: 300 });
      await api.db.query(`DELETE FROM agreed_items WHERE id = $1`, [item.id]);
    });

    it('the office renews, reprices and ends; a company admin names it; history and audit kept', async () => {
      // company admin: own part number only, unique per company
      const named = await as.adminA.request('PATCH', `agreed-items/${agreedUnlisted}`, {
        customer_part_no: ' ACME-77 ',
      });
      expect(named.status).toBe(200);
      expect(named.body.data.customer_part_no).toBe('ACME-77');
      const taken = await as.adminA.request('PATCH', `agreed-items/${agreedCustom}`, { customer_part_no: 'acme-77' });
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ customer_part_no: ORDER_MSG.customerPartNoTaken });
      const long = await as.adminA.request('PATCH', `agreed-items/${agreedCustom}`, {
        customer_part_no: 'x'.repeat(41),
      });
      expect(long.status).toBe(400);
      expect(long.body.errors).toHaveProperty('customer_part_no');
      expect((await as.adminA.request('PATCH', `agreed-items/${agreedCustom}`, { price: 1 })).status).toBe(403);
      expect((await as.empA.request('PATCH', `agreed-items/${agreedCustom}`, { customer_part_no: 'E' })).status).toBe(
        403,
      );
      expect((await as.empA.request('GET', 'agreed-items?q=acme-77')).body.data.total).toBe(1);

      // the office: a new price, then ended at once (a date before today), then renewed
      const repriced = await as.root.request('PATCH', `agreed-items/${agreedUnlisted}`, { price: '8.10' });
      expect(repriced.body.data.price).toBe(8.1);
      const ended = await as.root.request('PATCH', `agreed-items/${agreedUnlisted}`, {
        price_held_until: addDays(today(), -1),
      });
      expect(ended.body.data.status).toBe('expired');
      await freshWindow();
      const refused = await submit(as.empA, {
        lines: [{ kind: 'agreed_item', agreed_item_id: agreedUnlisted, quantity: 1 }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        'lines.0.agreed_item_id': ORDER_MSG.agreedItemExpired(1, addDays(today(), -1)),
      });
      expect(refused.body.message).toMatch(/ask the office to renew/);
      const noDate = await as.root.request('PATCH', `agreed-items/${agreedUnlisted}`, { status: 'active' });
      expect(noDate.status).toBe(400);
      const renewed = await as.root.request('PATCH', `agreed-items/${agreedUnlisted}`, {
        status: 'active',
        price_held_until: addDays(today(), 365),
      });
      expect(renewed.body.data).toMatchObject({ status: 'active', price: 8.1 });
      const d = (await as.empA.request('GET', `agreed-items/${agreedUnlisted}`)).body.data;
      expect(d.price_history.map((h: { price: number }) => h.price)).toEqual([7.25, 8.1, 8.1, 8.1]);
      const audit = await api.db.query(
        `SELECT before, after FROM audit_log WHERE entity = 'agreed_item' AND entity_id = $1 ORDER BY created_at, id`,
        [agreedUnlisted],
      );
      expect(audit.map((a: { after: Record<string, unknown> }) => a.after)).toEqual([
        { customer_part_no: 'ACME-77' },
        { price: 8.1 },
        { price_held_until: addDays(today(), -1), status: 'expired' },
        { price_held_until: addDays(today(), 365), status: 'active' },
      ]);
    });
  });

  describe('agreed items in find', () => {
    it('the company’s own part number finds its agreed item first (matched_via agreed_item); nobody else’s', async () => {
      const res = await as.empA.request('GET', 'catalogue/find?q=acme77');
      expect(res.status).toBe(200);
      expect(res.body.data.list[0]).toMatchObject({
        agreed_item_id: agreedUnlisted,
        part_number: 'ACME-77',
        matched_via: 'agreed_item',
        price: 8.1,
        category: { name: 'Your items' },
      });
      expect(res.body.data.total).toBeGreaterThanOrEqual(1);
      for (const w of ['empB', 'adminB', 'root'] as Who[]) {
        const other = await as[w].request('GET', 'catalogue/find?q=ACME-77');
        expect(other.body.data.list.some((r: { matched_via: string }) => r.matched_via === 'agreed_item')).toBe(false);
      }
    });
  });

  describe('agreed items in price lists', () => {
    async function listRows(who: ApiClient): Promise<string[]> {
      const made = await who.request('POST', 'pricelists', { format: 'csv' });
      expect(made.status).toBe(202);
      const id = made.body.data._id;
      await waitFor(async () => (await who.request('GET', `pricelists/${id}`)).body.data.status === 'ready', 30_000);
      const res = await fetch(`${api.baseUrl}/api/pricelists/${id}/download`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      return (await res.text()).split(/\r?\n/);
    }

    it('a whole-catalogue list ends with the company’s active agreed items at the agreed price; no other company’s', async () => {
      const mine = (await listRows(as.empA)).filter((r) => r.startsWith('Your items,'));
      expect(mine).toHaveLength(2);
      expect(mine.find((r) => r.includes(',ACME-77,'))).toMatch(/,8\.10$/);
      expect(mine.some((r) => r.endsWith(',12.50'))).toBe(true);
      expect((await listRows(as.empB)).some((r) => r.startsWith('Your items,'))).toBe(false);
    }, 60_000);
  });

  describe('submitting', () => {
    it('prices on the server in integer cents, numbers R-000123, snapshots the lines, starts the history', async () => {
      const expected = priceA(v1) * 2 + priceA(v2) + 1250 * 3;
      await freshWindow();
      const res = await submit(as.empA, {
        lines: [
          { kind: 'catalogue', variant_id: v1.id, quantity: 2, unit_price: 0.01 },
          { kind: 'catalogue', variant_id: v2.id, quantity: 1 },
          { kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: 3 },
        ],
        po_number: ' PO-77 ',
        needed_by: addDays(today(), 20),
        note: 'Dock 4',
        total: 0.01,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ number: expect.stringMatching(/^R-\d{6}$/), status: 'submitted' });
      expect(res.body.data.total * 100).toBeCloseTo(expected, 6);
      const d = await detail(as.empA, res.body.data._id);
      expect(d).toMatchObject({
        po_number: 'PO-77',
        needed_by: addDays(today(), 20),
        note: 'Dock 4',
        site: null,
        company: { _id: companyA, name: 'Acme Air' },
        requested_by: { _id: ids.empA },
        version: 1,
        allowed_actions: ['cancel'],
      });
      expect(
        d.lines.map((l: { kind: string; quantity: number; unit_price: number }) => [
          l.kind,
          l.quantity,
          Math.round(l.unit_price * 100),
        ]),
      ).toEqual([
        ['catalogue', 2, priceA(v1)],
        ['catalogue', 1, priceA(v2)],
        ['agreed_item', 3, 1250],
      ]);
      expect(d.lines[0]).toMatchObject({ variant_id: v1.id, part_number: v1.part_number, agreed_item_id: null });
      expect(d.lines[2]).toMatchObject({ agreed_item_id: agreedCustom, line_total: 37.5 });
      expect(d.history).toEqual([
        expect.objectContaining({
          action: 'submit',
          from: null,
          to: 'submitted',
          by: expect.objectContaining({ _id: ids.empA }),
        }),
      ]);
      // later price changes never touch the snapshot
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents + 1000 WHERE id = $1`, [v1.id]);
      expect((await detail(as.empA, res.body.data._id)).lines[0].unit_price * 100).toBeCloseTo(priceA(v1), 6);
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents - 1000 WHERE id = $1`, [v1.id]);
      // the office is told; the requester's company admin approved nothing
      const [ev] = await api.db.query(`SELECT type, payload FROM outbox WHERE payload->>'orderId' = $1`, [
        res.body.data._id,
      ]);
      expect(ev.type).toBe('order.submitted');
      expect(JSON.stringify(ev.payload)).not.toMatch(/price|total/i);
    });

    it('preview writes nothing; last_price and price_changed; unknown and foreign read alike', async () => {
      const before = await counts();
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents + 500 WHERE id = $1`, [v2.id]);
      const res = await as.empA.request('POST', 'order-requests/preview', {
        lines: [
          { kind: 'catalogue', variant_id: v1.id, quantity: 1 },
          { kind: 'catalogue', variant_id: v2.id, quantity: 2 },
          { kind: 'catalogue', variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      });
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents - 500 WHERE id = $1`, [v2.id]);
      expect(res.status).toBe(200);
      const [a, b, c] = res.body.data.lines;
      expect(a).toMatchObject({ status: 'ok', part_number: v1.part_number });
      expect(a.last_price).toBe(a.unit_price);
      expect(b.status).toBe('price_changed');
      expect(b.last_price * 100).toBeCloseTo(priceA(v2), 6);
      expect(c).toMatchObject({ status: 'unavailable', unit_price: null, line_total: null });
      expect(res.body.data.total).toBeCloseTo(a.line_total + b.line_total, 6);
      expect(await counts()).toEqual(before);
      // adminB previewing company A's agreed item: as unknown
      const foreign = await as.adminB.request('POST', 'order-requests/preview', {
        lines: [{ kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: 1 }],
      });
      expect(foreign.body.data.lines[0]).toMatchObject({ status: 'unavailable', description: '', part_number: null });
      expect((await as.root.request('POST', 'order-requests/preview', { lines: [] })).status).toBe(403);
    });

    it('a price moved between preview and submit → 409 with the current lines and total, nothing written', async () => {
      await freshWindow();
      const body = { lines: [{ kind: 'catalogue', variant_id: v1.id, quantity: 3 }] };
      const preview = (await as.empA.request('POST', 'order-requests/preview', body)).body.data;
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents + 100 WHERE id = $1`, [v1.id]);
      const before = await counts();
      const res = await submit(as.empA, { ...body, expected_total: preview.total });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ORDER_MSG.totalChanged);
      expect(res.body.data.total).not.toBe(preview.total);
      expect(res.body.data.lines[0]).toMatchObject({ variant_id: v1.id, quantity: 3 });
      expect(await counts()).toEqual(before);
      const ok = await submit(as.empA, { ...body, expected_total: res.body.data.total });
      expect(ok.status).toBe(201);
      await api.db.query(`UPDATE variants SET list_price_cents = list_price_cents - 100 WHERE id = $1`, [v1.id]);
    });

    it('one Idempotency-Key → one request, also when sent twice at once', async () => {
      await freshWindow();
      const body = { lines: [{ kind: 'catalogue', variant_id: v2.id, quantity: 1 }] };
      const [a, b] = await Promise.all([
        submit(as.empA2, body, { 'Idempotency-Key': 'order-key-1' }),
        submit(as.empA2, body, { 'Idempotency-Key': 'order-key-1' }),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body.data._id).toBe(b.body.data._id);
      expect([a.body.data.repeated, b.body.data.repeated].sort()).toEqual([false, true]);
      const c = await submit(as.empA2, body, { 'Idempotency-Key': 'order-key-1' });
      expect(c.body.data).toMatchObject({ _id: a.body.data._id, number: a.body.data.number, repeated: true });
      const [{ n }] = await api.db.query(
        `SELECT count(*)::int AS n FROM order_requests WHERE idempotency_key = 'order-key-1'`,
      );
      expect(n).toBe(1);
      // another user's same key is their own request
      const other = await submit(as.empA, body, { 'Idempotency-Key': 'order-key-1' });
      expect(other.body.data._id).not.toBe(a.body.data._id);
      expect((await submit(as.empA, body, { 'Idempotency-Key': 'bad key' })).status).toBe(400);
    });

    it('bad input → 400 naming the field, nothing written', async () => {
      await freshWindow();
      const before = await counts();
      const line = { kind: 'catalogue', variant_id: v1.id, quantity: 1 };
      const cases: [Record<string, unknown>, string][] = [
        [{ lines: [] }, 'lines'],
        [{}, 'lines'],
        [{ lines: Array(501).fill(line) }, 'lines'],
        [{ lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
        [{ lines: [{ ...line, quantity: 100_001 }] }, 'lines.0.quantity'],
        [{ lines: [line, { ...line, quantity: 100_000 }] }, 'lines.1.quantity'],
        [{ lines: [line], po_number: 'P'.repeat(36) }, 'po_number'],
        [{ lines: [line], po_number: 'PO\n1' }, 'po_number'],
        [{ lines: [line], needed_by: '2026-13-01' }, 'needed_by'],
        [{ lines: [{ kind: 'catalogue', variant_id: 'nope', quantity: 1 }] }, 'lines.0.variant_id'],
        [
          { lines: [line, { kind: 'catalogue', variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
          'lines.1.variant_id',
        ],
        [{ lines: [{ kind: 'box', quantity: 1 }] }, 'lines.0.kind'],
        [{ lines: [line], site_id: '00000000-0000-4000-8000-000000000000' }, 'site_id'],
        [{ lines: [line], expected_total: -1 }, 'expected_total'],
      ];
      for (const [body, field] of cases) {
        const res = await submit(as.empA, body);
        expect({ field, status: res.status }).toEqual({ field, status: 400 });
        expect(Object.keys(res.body.errors ?? {})).toContain(field);
      }
      // another company's agreed item: the same answer as an unknown one
      const foreign = await submit(as.empB, {
        lines: [{ kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: 1 }],
      });
      const unknown = await submit(as.empB, {
        lines: [{ kind: 'agreed_item', agreed_item_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual(unknown.body);
      expect((await submit(as.root, { lines: [line] })).status).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('more than 30 submissions by one user in an hour → 429, nothing written', async () => {
      await freshWindow();
      const body = { lines: [{ kind: 'catalogue', variant_id: v1.id, quantity: 1 }] };
      await api.db.query(
        `INSERT INTO order_requests (company_id, requested_by, requester_name, status, total_cents, line_count)
         SELECT $1, $2, 'x', 'cancelled', 0, 0 FROM generate_series(1, 30)`,
        [companyA, ids.empA2],
      );
      const before = await counts();
      const res = await submit(as.empA2, body);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(ORDER_MSG.tooMany(30));
      expect(await counts()).toEqual(before);
      expect((await submit(as.empA, body)).status).toBe(201); // another user's budget
      await api.db.query(`DELETE FROM order_requests WHERE requested_by = $1 AND line_count = 0`, [ids.empA2]);
    });

    it('orders again from an order request and from an accepted quote, at today’s prices', async () => {
      const first = await newRequest();
      await freshWindow();
      const again = await submit(as.empA, { from: { order_request_id: first._id } });
      expect(again.status).toBe(201);
      const d = await detail(as.empA, again.body.data._id);
      expect(d.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 1, 3]);
      expect(d.history[0].details).toEqual({ from: { order_request_id: first._id } });
      const fromQuote = await as.empA.request('POST', 'order-requests/preview', {
        from: { quote_request_id: acceptedQuote },
      });
      expect(fromQuote.status).toBe(200);
      expect(fromQuote.body.data.lines.map((l: { kind: string; quantity: number }) => [l.kind, l.quantity])).toEqual([
        ['catalogue', 4],
        ['agreed_item', 5],
        ['agreed_item', 2],
      ]);
      // a colleague's order and another company's quote: not found
      expect((await submit(as.empA2, { from: { order_request_id: first._id } })).status).toBe(404);
      expect((await submit(as.empB, { from: { quote_request_id: acceptedQuote } })).status).toBe(404);
      // the admin may order again what their employee ordered
      await freshWindow();
      expect((await submit(as.adminA, { from: { order_request_id: first._id } })).status).toBe(201);
    });
  });

  describe('approvals', () => {
    afterAll(() => api.db.query(`UPDATE companies SET approval_threshold_cents = NULL`));

    it('the threshold: a superadmin or the company’s admin; GET company/{id} shows it', async () => {
      expect((await as.empA.request('PATCH', `company/${companyA}/ordering`, { approval_threshold: 1 })).status).toBe(
        403,
      );
      expect((await as.adminB.request('PATCH', `company/${companyA}/ordering`, { approval_threshold: 1 })).status).toBe(
        404,
      );
      const bad = await as.adminA.request('PATCH', `company/${companyA}/ordering`, { approval_threshold: 'lots' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('approval_threshold');
      expect((await as.adminA.request('PATCH', `company/${companyA}/ordering`, {})).status).toBe(400);
      const ok = await as.adminA.request('PATCH', `company/${companyA}/ordering`, { approval_threshold: '50.00' });
      expect(ok.body.data).toEqual({ _id: companyA, approval_threshold: 50 });
      expect((await as.root.request('GET', `company/${companyA}`)).body.data.approval_threshold).toBe(50);
      expect((await as.adminA.request('GET', `company/${companyA}/ordering`)).body.data).toEqual({
        _id: companyA,
        approval_threshold: 50,
      });
      expect((await as.adminB.request('GET', `company/${companyA}/ordering`)).status).toBe(404);
      expect((await as.empA.request('GET', `company/${companyA}/ordering`)).status).toBe(403);
      const [audit] = await api.db.query(
        `SELECT before, after FROM audit_log WHERE action = 'company.ordering_updated' ORDER BY created_at DESC LIMIT 1`,
      );
      expect(audit).toEqual({ before: { approval_threshold: null }, after: { approval_threshold: 50 } });
    });

    it('an employee over the threshold waits; another admin approves or rejects; never the requester', async () => {
      await api.db.query(`UPDATE companies SET approval_threshold_cents = 4000 WHERE id = $1`, [companyA]);
      const held = await newRequest(); // 37.50 of agreed items and the catalogue lines: over 40.00
      expect(held.status).toBe('pending_approval');
      expect((await detail(as.adminA, held._id)).allowed_actions).toEqual(['approve', 'reject', 'cancel']);
      expect((await detail(as.empA, held._id)).allowed_actions).toEqual(['cancel']);
      expect((await detail(as.root, held._id)).allowed_actions).toEqual([]);
      const [ev] = await api.db.query(`SELECT type, payload FROM outbox WHERE payload->>'orderId' = $1`, [held._id]);
      expect(ev.type).toBe('order.approval_requested');
      expect(ev.payload.recipients.map((r: { email: string }) => r.email).sort()).toEqual([
        'admin2@acme.com',
        'admin@acme.com',
      ]);
      // within the threshold, or by an admin: straight to the office
      await freshWindow();
      const small = await submit(as.empA, {
        lines: [{ kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: 1 }],
      });
      expect(small.body.data.status).toBe('submitted');
      expect((await newRequest(as.adminA)).status).toBe('submitted');
      // the office cannot approve; the employee cannot
      expect((await act(as.root, held._id, 'approve', { version: 1 })).status).toBe(403);
      expect((await act(as.empA, held._id, 'approve', { version: 1 })).status).toBe(403);
      expect((await act(as.adminB, held._id, 'approve', { version: 1 })).status).toBe(404);
      const ok = await act(as.adminA, held._id, 'approve', { version: 1 });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ status: 'submitted', version: 2 });
      const types = await api.db.query(`SELECT type FROM outbox WHERE payload->>'orderId' = $1`, [held._id]);
      expect(types.map((t: { type: string }) => t.type).sort()).toEqual([
        'order.approval_requested',
        'order.approved',
        'order.submitted',
      ]);

      // self-approval: an admin's own request waiting for approval (an employee promoted meanwhile)
      const own = await newRequest(as.empA2);
      expect(own.status).toBe('pending_approval');
      await api.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [ids.empA2]);
      try {
        const self = await act(as.empA2, own._id, 'approve', { version: 1 });
        expect(self.status).toBe(403);
        expect(self.body.message).toBe(ORDER_MSG.selfApproval);
        expect((await act(as.empA2, own._id, 'reject', { version: 1, reason: 'mine' })).status).toBe(403);
        expect(await statusOf(own._id)).toBe('pending_approval');
        const noReason = await act(as.adminA2, own._id, 'reject', { version: 1 });
        expect(noReason.status).toBe(400);
        expect(noReason.body.errors).toHaveProperty('reason');
        const rejected = await act(as.adminA2, own._id, 'reject', { version: 1, reason: 'Over budget' });
        expect(rejected.body.data.status).toBe('rejected');
        expect((await detail(as.adminA2, own._id)).decision_reason).toBe('Over budget');
      } finally {
        await api.db.query(`UPDATE users SET role = 'employee' WHERE id = $1`, [ids.empA2]);
      }
    });
  });

  describe('the whole way, with notifications, emails, audit and live updates', () => {
    it('submitted → acknowledged → confirmed → shipped; refusals on the way', async () => {
      const seen: Record<string, { _id: string; status: string }[]> = {};
      for (const w of WHO) {
        const s = await connectSocket(api, as[w].token, { track: sockets });
        seen[w] = [];
        s.on('order.changed', (m) => seen[w].push(m));
      }
      const o = await newRequest();
      await waitFor(() => seen.root.some((m) => m._id === o._id));
      expect((await act(as.empA, o._id, 'acknowledge', { version: 1 })).status).toBe(403);
      const stale = await act(as.root, o._id, 'acknowledge', { version: 7 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(ORDER_MSG.staleVersion);
      const early = await act(as.root, o._id, 'ship', { version: 1 });
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(ORDER_MSG.actionNotAllowed('ship', 'submitted'));
      expect((await act(as.root, o._id, 'acknowledge', { version: 1 })).status).toBe(200);
      // the customer may no longer cancel once the office acknowledged
      const late = await act(as.empA, o._id, 'cancel', { version: 2 });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(ORDER_MSG.actionNotAllowed('cancel', 'acknowledged'));
      const confirmed = await act(as.root, o._id, 'confirm', {
        version: 2,
        office_ref: 'SO-5531',
        ships_on: addDays(today(), 3),
      });
      expect(confirmed.status).toBe(200);
      expect((await act(as.root, o._id, 'ship', { version: 3, tracking: '1Z999' })).status).toBe(200);
      const d = await detail(as.empA, o._id);
      expect(d).toMatchObject({
        status: 'shipped',
        office_ref: 'SO-5531',
        ships_on: addDays(today(), 3),
        tracking: '1Z999',
      });
      expect(d.allowed_actions).toEqual([]);
      expect(
        d.history.map((h: { action: string; to: string; by: { name: string } }) => [h.action, h.to, h.by.name]),
      ).toEqual([
        ['submit', 'submitted', 'emp'],
        ['acknowledge', 'acknowledged', 'root'],
        ['confirm', 'confirmed', 'root'],
        ['ship', 'shipped', 'root'],
      ]);
      expect((await act(as.root, o._id, 'cancel', { version: 4, reason: 'x' })).status).toBe(409);

      // live: superadmins, the requester and the company's admins; nobody else; no prices
      const statuses = ['submitted', 'acknowledged', 'confirmed', 'shipped'];
      for (const w of ['root', 'empA', 'adminA', 'adminA2'] as Who[]) {
        await waitFor(() => seen[w].filter((m) => m._id === o._id).length === statuses.length);
        expect(seen[w].filter((m) => m._id === o._id).map((m) => m.status)).toEqual(statuses);
        expect(Object.keys(seen[w].find((m) => m._id === o._id)!).sort()).toEqual(['_id', 'number', 'status']);
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const w of ['empA2', 'adminB', 'empB'] as Who[]) expect(seen[w].filter((m) => m._id === o._id)).toEqual([]);

      // every transition audited
      const audit = await api.db.query(
        `SELECT action FROM audit_log WHERE entity = 'order_request' AND entity_id = $1 ORDER BY created_at, id`,
        [o._id],
      );
      expect(audit.map((a: { action: string }) => a.action)).toEqual([
        'order_request.submitted',
        'order_request.acknowledged',
        'order_request.confirmed',
        'order_request.shipped',
      ]);

      // notifications (one per event) and emails to the right people, without prices
      const notes = await waitFor(async () => {
        const rows = await api.db.query(
          `SELECT o.type FROM notifications n JOIN outbox o ON o.id = n.event_id WHERE o.payload->>'orderId' = $1`,
          [o._id],
        );
        return rows.length === 4 && rows;
      });
      expect(notes.map((n: { type: string }) => n.type).sort()).toEqual(
        ['order.acknowledged', 'order.confirmed', 'order.shipped', 'order.submitted'].sort(),
      );
      const to = (subject: RegExp) =>
        mailer.sent
          .filter((m) => subject.test(m.subject) && m.subject.includes(o.number))
          .map((m) => m.to)
          .sort();
      await waitFor(() => to(/has shipped/).length === 3);
      expect(to(/^Order request .* from/)).toEqual(['root@example.com']);
      expect(to(/received by the office/)).toEqual(['admin2@acme.com', 'admin@acme.com', 'emp@acme.com']);
      expect(to(/is confirmed/)).toEqual(['admin2@acme.com', 'admin@acme.com', 'emp@acme.com']);
      const shipped = mailer.sent.find((m) => m.subject.includes(o.number) && /shipped/.test(m.subject))!;
      expect(shipped.text).toMatch(/1Z999/);
      for (const m of mailer.sent.filter((x) => x.subject.includes('Order request'))) {
        expect(m.text).not.toMatch(/\$\d|12\.50|37\.5/);
      }
    });

    it('cancel: the customer before the office acts; the office until shipped, with a reason', async () => {
      const a = await newRequest();
      expect((await act(as.adminA, a._id, 'cancel', { version: 1 })).body.data.status).toBe('cancelled');
      const b = await newRequest();
      expect((await act(as.root, b._id, 'acknowledge', { version: 1 })).status).toBe(200);
      const noReason = await act(as.root, b._id, 'cancel', { version: 2 });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual({ reason: ORDER_MSG.reasonRequired });
      expect((await act(as.root, b._id, 'cancel', { version: 2, reason: 'Discontinued' })).status).toBe(200);
      const [ev] = await api.db.query(
        `SELECT payload FROM outbox WHERE type = 'order.cancelled' AND payload->>'orderId' = $1`,
        [b._id],
      );
      expect(ev.payload.reason).toBe('Discontinued');
    });
  });

  describe('tenancy and lists', () => {
    it('another company’s request, or a colleague’s for an employee → 404; lists scoped; counts for the office', async () => {
      const mine = await newRequest(as.empA, { po_number: 'PO-TEN-1' });
      for (const w of ['empA2', 'adminB', 'empB'] as Who[]) {
        expect((await as[w].request('GET', `order-requests/${mine._id}`)).status).toBe(404);
        expect((await act(as[w], mine._id, 'cancel', { version: 1 })).status).toBe(404);
      }
      expect((await as.adminB.request('POST', `order-requests/${mine._id}/approve`, { version: 1 })).status).toBe(404);
      expect((await as.empA.request('GET', 'order-requests/not-a-uuid')).status).toBe(404);
      const list = async (who: ApiClient, q = '') => (await who.request('GET', `order-requests${q}`)).body.data;
      expect(
        (await list(as.empA2)).list.every((r: { requested_by: { _id: string } }) => r.requested_by._id === ids.empA2),
      ).toBe(true);
      expect((await list(as.adminA)).list.some((r: { _id: string }) => r._id === mine._id)).toBe(true);
      expect((await list(as.adminB)).list.some((r: { _id: string }) => r._id === mine._id)).toBe(false);
      // each row carries the steps the viewer may take now, the same as the request's own allowed_actions
      for (const w of ['empA', 'adminA', 'root'] as Who[]) {
        const row = (await list(as[w])).list.find((r: { _id: string }) => r._id === mine._id);
        const one = (await as[w].request('GET', `order-requests/${mine._id}`)).body.data;
        expect(row.allowed_actions).toEqual(one.allowed_actions);
      }
      expect((await list(as.root)).list.find((r: { _id: string }) => r._id === mine._id).allowed_actions).toEqual([
        'acknowledge',
        'cancel',
      ]);
      expect((await list(as.empA, '?q=po-ten')).list.map((r: { _id: string }) => r._id)).toEqual([mine._id]);
      expect((await list(as.empA, `?q=${mine.number}`)).total).toBe(1);
      expect((await list(as.empA, `?q=${v2.part_number}`)).total).toBeGreaterThan(0);
      const desk = await list(as.root, `?companyId=${companyA}&status=submitted`);
      expect(desk.counts.submitted).toBeGreaterThan(0);
      expect(desk.list.every((r: { status: string }) => r.status === 'submitted')).toBe(true);
      expect((await as.root.request('GET', 'order-requests?status=nope')).status).toBe(400);
      // the company filter is the office's alone
      expect((await list(as.adminB, `?companyId=${companyA}`)).total).toBe((await list(as.adminB)).total);
      // counts and totals (kept by the database at commit) match the rows, after steps and a cancel too
      await act(as.root, mine._id, 'acknowledge', { version: 1 });
      await act(as.root, mine._id, 'cancel', { version: 2, reason: 'Counted' });
      const actual = async (companyId: string | null) =>
        Object.fromEntries(
          (
            await api.db.query(
              `SELECT status, count(*)::int AS n FROM order_requests WHERE ($1::uuid IS NULL OR company_id = $1) GROUP BY status`,
              [companyId],
            )
          ).map((r: { status: string; n: number }) => [r.status, r.n]),
        );
      expect((await list(as.root)).counts).toEqual(await actual(null));
      expect((await list(as.root, `?companyId=${companyA}`)).counts).toEqual(await actual(companyA));
      const a = await actual(companyA);
      const open = (a.submitted ?? 0) + (a.acknowledged ?? 0) + (a.confirmed ?? 0);
      expect((await list(as.adminA, '?status=submitted,acknowledged,confirmed')).total).toBe(open);
      expect((await list(as.root, `?companyId=${companyA}&status=cancelled`)).total).toBe(a.cancelled);
    });
  });

  describe('PDF and export', () => {
    const raw = (who: ApiClient, path: string) =>
      fetch(`${api.baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${who.token}` } });

    it('the acknowledgement PDF: anyone who may see the request; another company’s is 404', async () => {
      const o = await newRequest(as.empA, { po_number: 'PO-PDF-1' });
      for (const w of ['empA', 'adminA', 'root'] as Who[]) {
        const res = await raw(as[w], `order-requests/${o._id}/pdf`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="order-${o.number}.pdf"`);
        expect(
          Buffer.from(await res.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      }
      for (const w of ['empA2', 'adminB', 'empB'] as Who[]) {
        expect((await raw(as[w], `order-requests/${o._id}/pdf`)).status).toBe(404);
      }
    });

    it('export: one row per line between two dates, CSV or XLSX, the office only', async () => {
      const o = await newRequest(as.empA, { po_number: '=HYPERLINK("x")' });
      const range = `from=${addDays(today(), -1)}&to=${addDays(today(), 1)}`;
      const res = await raw(as.root, `order-requests/export?${range}&format=csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const text = await res.text();
      const [header, ...rows] = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header.split(',').slice(0, 3)).toEqual(['order_number', 'submitted_at', 'status']);
      const mine = rows.filter((r) => r.startsWith(o.number + ','));
      expect(mine).toHaveLength(3);
      expect(mine[2]).toContain(',agreed_item,');
      expect(mine[2]).toContain(',3,12.50,37.50,');
      expect(text).toContain(`'=HYPERLINK`);
      const xlsx = await raw(as.root, `order-requests/export?${range}&format=xlsx`);
      expect(xlsx.headers.get('content-type')).toMatch(/spreadsheetml/);
      expect(
        Buffer.from(await xlsx.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      const none = await (await raw(as.root, `order-requests/export?from=2001-01-01&to=2001-01-02`)).text();
      expect(
        none
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/),
      ).toHaveLength(1);
      expect((await raw(as.adminA, `order-requests/export?${range}`)).status).toBe(403);
      const bad = await as.root.request('GET', `order-requests/export?from=${addDays(today(), 1)}&to=${today()}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('from');
    });
  });

  describe('the state table, property-tested over the API', () => {
    const ACTIONS: Exclude<OrderAction, 'submit'>[] = ['approve', 'reject', 'acknowledge', 'confirm', 'ship', 'cancel'];
    const ACTORS: Who[] = ['root', 'adminA', 'empA', 'empA2', 'adminB'];
    const ROUTE: Record<string, Who[]> = {
      approve: ['adminA', 'adminB'],
      reject: ['adminA', 'adminB'],
      acknowledge: ['root'],
      confirm: ['root'],
      ship: ['root'],
      cancel: ACTORS,
    };
    const parties: Partial<Record<Who, OrderParty[]>> = {
      root: ['superadmin'],
      adminA: ['company_admin'],
      empA: ['requester'],
    };

    it('random actions by random roles never leave it', async () => {
      await api.db.query(`UPDATE companies SET approval_threshold_cents = 5000 WHERE id = $1`, [companyA]);
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.boolean(),
            fc.array(fc.tuple(fc.constantFrom(...ACTIONS), fc.constantFrom(...ACTORS)), { minLength: 1, maxLength: 8 }),
            async (big, steps) => {
              await freshWindow();
              const res = await submit(as.empA, {
                lines: [{ kind: 'agreed_item', agreed_item_id: agreedCustom, quantity: big ? 10 : 1 }],
              });
              const o = res.body.data;
              let status: OrderStatus = big ? 'pending_approval' : 'submitted';
              expect(o.status).toBe(status);
              let version = 1;
              for (const [action, who] of steps) {
                const r = await act(as[who], o._id, action, { version, reason: 'r' });
                let expected: number;
                let next: OrderStatus = status;
                if (!ROUTE[action].includes(who)) expected = 403;
                else if (!parties[who]) expected = 404;
                else {
                  const d = decideOrderAction(status, action, parties[who]!);
                  expected = d.ok ? 200 : d.reason === 'forbidden' ? 403 : 409;
                  if (d.ok) next = d.to;
                }
                expect({ action, who, from: status, code: r.status }).toEqual({
                  action,
                  who,
                  from: status,
                  code: expected,
                });
                if (r.status === 200) version += 1;
                status = next;
                expect(await statusOf(o._id)).toBe(status);
              }
            },
          ),
          { numRuns: 15 },
        );
      } finally {
        await api.db.query(`UPDATE companies SET approval_threshold_cents = NULL`);
      }
    });
  });
});
