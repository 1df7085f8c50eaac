import { PROGRAMME_MSG as M, addMonthsClamped, monthName, todayIn } from '../../../libs/domain/src';
import { type ApiClient, startTestApi, type TestApi } from '../../../test/api';
import { addSite, addSlot, addUnit, seedProgrammeCompanies } from './support/programme';

const TZ = 'America/New_York';
type Who = 'root' | 'adminA' | 'contactA' | 'empA' | 'adminB';
const WHO: Who[] = ['root', 'adminA', 'contactA', 'empA', 'adminB'];

describe('POST programme/requests (request the month)', () => {
  let api: TestApi;
  let companyA: string;
  let as: Record<Who, ApiClient>;
  let ids: Record<Who, string>;
  let variant: { id: string; part_number: string };
  let categoryId: string;
  let seq = 0;

  const today = () => todayIn(TZ);
  const nextMonth = () => addMonthsClamped(`${today().slice(0, 7)}-01`, 1).slice(0, 7);

  /** A site of company A (contact: contactA) with one unit, and its slots due on the 1st of next month. */
  async function siteWith(slots: ('catalogue' | 'custom')[]) {
    seq++;
    const site = await addSite(as.adminA, { name: `Building ${seq}`, code: `R${seq}`, contacts: [ids.contactA] });
    const unit = await addUnit(as.adminA, site._id, { label: 'AHU-1', kind: 'ahu' });
    for (const kind of slots) {
      await addSlot(as.adminA, unit._id, {
        stage: 'final',
        fitted:
          kind === 'catalogue'
            ? { kind: 'catalogue', variant_id: variant.id }
            : { kind: 'custom_size', catalogue_id: categoryId, width: 20, height: 25, depth: 1 },
        quantity: kind === 'catalogue' ? 6 : 2,
        interval_unit: 'month',
        interval_count: 1,
        anchor_date: `${today().slice(0, 7)}-01`,
      });
    }
    return site as { _id: string; name: string };
  }

  const counts = async () =>
    (
      await api.db.query(
        `SELECT (SELECT count(*) FROM order_requests)::int AS orders, (SELECT count(*) FROM quote_requests)::int AS quotes,
                (SELECT count(*) FROM programme_requests)::int AS requests`,
      )
    )[0] as { orders: number; quotes: number; requests: number };

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    let variants: { id: string; part_number: string }[];
    ({ companyA, as, ids, variants, categoryId } = await seedProgrammeCompanies(api, WHO));
    [variant] = variants;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a site contact requests the month: one order request for the priced lines and one quote for the custom sizes, naming the site and month; audited; the desks hear of them', async () => {
    const site = await siteWith(['catalogue', 'custom']);
    const month = nextMonth();
    const res = await as.contactA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.requested(site.name, monthName(month)));
    const { order_request: order, quote_request: quote } = res.body.data;
    expect(order.number).toMatch(/\S/);
    expect(quote.number).toMatch(/^Q-/);

    const [o] = await api.db.query(
      `SELECT o.site_id, o.note, o.requested_by, o.company_id,
              (SELECT json_agg(json_build_object('variant_id', l.variant_id, 'quantity', l.quantity)) FROM order_request_lines l WHERE l.order_request_id = o.id) AS lines
         FROM order_requests o WHERE o.id = $1`,
      [order._id],
    );
    expect(o).toMatchObject({
      site_id: site._id,
      note: M.requestNote(site.name, monthName(month)),
      requested_by: ids.contactA,
      company_id: companyA,
      lines: [{ variant_id: variant.id, quantity: 6 }],
    });
    const [q] = await api.db.query(
      `SELECT q.note, q.requested_by, q.made_to_order,
              (SELECT json_agg(json_build_object('kind', l.kind, 'quantity', l.quantity, 'width', l.width::float)) FROM quote_request_lines l WHERE l.quote_request_id = q.id) AS lines
         FROM quote_requests q WHERE q.id = $1`,
      [quote._id],
    );
    expect(q).toMatchObject({
      note: M.requestNote(site.name, monthName(month)),
      requested_by: ids.contactA,
      made_to_order: true,
      lines: [{ kind: 'custom_size', quantity: 2, width: 20 }],
    });

    const events = await api.db.query(
      `SELECT type FROM outbox WHERE payload->>'orderId' = $1 OR payload->>'quoteId' = $2 ORDER BY seq`,
      [order._id, quote._id],
    );
    expect(events.map((e: { type: string }) => e.type).sort()).toEqual(['order.submitted', 'quote.submitted']);
    const audit = await api.db.query(
      `SELECT action, after FROM audit_log WHERE entity_id = $1 AND action = 'site.month_requested'`,
      [site._id],
    );
    expect(audit).toEqual([
      {
        action: 'site.month_requested',
        after: { month, order_request: order.number, quote_request: quote.number, lines: 2 },
      },
    ]);

    // The due answer now says what was requested.
    const due = await as.contactA.request('GET', `programme/due?from=${month}&to=${month}&siteId=${site._id}`);
    expect(due.body.data.months[0].sites[0]).toMatchObject({
      can_request: true,
      requested: { order_request: order, quote_request: quote },
    });
  });

  it('a repeat for the same site and month answers with the same two and creates nothing', async () => {
    const site = await siteWith(['catalogue', 'custom']);
    const month = nextMonth();
    const first = await as.adminA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(first.status).toBe(201);
    const before = await counts();
    const again = await as.contactA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(again.body.message).toBe(M.alreadyRequested(site.name, monthName(month)));
    expect(await counts()).toEqual(before);
  });

  it('two calls at the same moment create one order request and one quote request', async () => {
    const site = await siteWith(['catalogue', 'custom']);
    const month = nextMonth();
    const before = await counts();
    const [a, b] = await Promise.all([
      as.adminA.request('POST', 'programme/requests', { site_id: site._id, month }),
      as.contactA.request('POST', 'programme/requests', { site_id: site._id, month }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data).toEqual(b.body.data);
    expect(a.body.data.order_request).not.toBeNull();
    expect(await counts()).toEqual({
      orders: before.orders + 1,
      quotes: before.quotes + 1,
      requests: before.requests + 1,
    });
  });

  it('custom sizes only: a quote request and no order request', async () => {
    const site = await siteWith(['custom']);
    const res = await as.adminA.request('POST', 'programme/requests', { site_id: site._id, month: nextMonth() });
    expect(res.status).toBe(201);
    expect(res.body.data.order_request).toBeNull();
    expect(res.body.data.quote_request.number).toMatch(/^Q-/);
  });

  it('a month with nothing due is a 400 saying so, and writes nothing (no claim left behind)', async () => {
    const quiet = await siteWith([]);
    const month = nextMonth();
    const before = await counts();
    const res = await as.adminA.request('POST', 'programme/requests', { site_id: quiet._id, month });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.nothingDue(quiet.name, monthName(month)));
    expect(res.body.errors).toEqual({ month: M.nothingDue(quiet.name, monthName(month)) });
    expect(await counts()).toEqual(before);
  });

  it('who: another company’s site is 404; a plain employee and a superadmin 403; bad input 400 naming the field', async () => {
    const site = await siteWith(['catalogue']);
    const month = nextMonth();
    const before = await counts();
    const other = await as.adminB.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(M.siteNotFound);
    const plain = await as.empA.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(plain.status).toBe(403);
    expect(plain.body.message).toBe(M.requestForbidden);
    const root = await as.root.request('POST', 'programme/requests', { site_id: site._id, month });
    expect(root.status).toBe(403);
    const unknown = await as.adminA.request('POST', 'programme/requests', {
      site_id: '00000000-0000-4000-8000-000000000000',
      month,
    });
    expect(unknown.status).toBe(404);
    const badMonth = await as.adminA.request('POST', 'programme/requests', { site_id: site._id, month: '2027-13' });
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.errors).toEqual({ month: M.monthInvalid });
    const badSite = await as.adminA.request('POST', 'programme/requests', { site_id: 'nope', month });
    expect(badSite.status).toBe(400);
    expect(Object.keys(badSite.body.errors)).toEqual(['site_id']);
    expect(await counts()).toEqual(before);
    // The plain employee sees the site's month without the offer to request it.
    const due = await as.empA.request('GET', `programme/due?from=${month}&to=${month}&siteId=${site._id}`);
    expect(due.body.data.months[0].sites[0]).toMatchObject({ can_request: false, requested: null });
  });
});
