import { randomUUID } from 'node:crypto';
import { addDays, ROUTES, todayIn, type RouteEntry } from '../../../libs/domain/src';
import { type ApiClient, startTestApi, type TestApi } from '../../../test/api';
import { addSite, addSlot, addUnit, catalogueSlot, seedProgrammeCompanies } from './support/programme';

/*
 * The cross-company matrix, read from the route table: every route whose path names a thing is bound
 * here to one of company A's things, or listed as not owned by a company with the reason. Company B's
 * admin and employee call every such route with A's id, with a body the route accepts, and must get
 * 403 or 404 — the same status and message as for an id that does not exist, so an answer tells
 * nothing about another company — and no answer may carry A's ids. A route added to the table fails
 * here until it is classified.
 */

const TZ = 'America/New_York';
type Who = 'root' | 'adminA' | 'empA' | 'adminB' | 'empB';
const WHO: Who[] = ['root', 'adminA', 'empA', 'adminB', 'empB'];

/** The kinds of company-owned things a path can name. */
type Thing =
  | 'company'
  | 'user'
  | 'agreedItem'
  | 'orderRequest'
  | 'quoteRequest'
  | 'pricelist'
  | 'priceChange'
  | 'site'
  | 'siteImport'
  | 'unit'
  | 'slot';

/** Path prefix (up to the first parameter) → the thing its parameter names. */
const OWNED: Record<string, Thing> = {
  'company/:id': 'company',
  'company/upload/:companyId': 'company',
  'company/user/:companyId': 'company',
  'user/:id': 'user',
  'user/resend/:id': 'user',
  'agreed-items/:id': 'agreedItem',
  'order-requests/:id': 'orderRequest',
  'quote-requests/:id': 'quoteRequest',
  'pricelists/:id': 'pricelist',
  'price-changes/:id': 'priceChange',
  'sites/:id': 'site',
  'sites/import/:id': 'siteImport',
  'units/:id': 'unit',
  'slots/:id': 'slot',
};

/** Paths with a parameter that names nothing a company owns, and why. */
const NOT_OWNED: Record<string, string> = {
  'catalogue/': 'the catalogue (categories, products, variants, their files) is shared by every company',
  'files/images/:name': 'public images by content name',
  'ops/': "the supplier's operations screen (superadmins only)",
  'part-aliases/:id': "the supplier's part aliases (superadmins only)",
};

const ownerOf = (path: string): Thing | null => {
  const prefix = Object.keys(OWNED)
    .filter((p) => path === p || path.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? OWNED[prefix] : null;
};
const isNotOwned = (path: string) => Object.keys(NOT_OWNED).some((p) => path.startsWith(p));
const hasParam = (entry: RouteEntry) => entry.spec.path.includes(':');

describe('tenancy matrix from the route table: another company’s things', () => {
  let api: TestApi;
  let companyA: string;
  let as: Record<Who, ApiClient>;
  let ids: Record<Who, string>;
  const things = {} as Record<Thing, string>;
  let variantId: string;
  let categoryId: string;
  const today = () => todayIn(TZ);

  /** A body the route would accept from A's people, so B's call reaches the ownership check. */
  const bodyFor = (entry: RouteEntry): unknown => {
    const { method, path } = entry.spec;
    if (method === 'GET' || method === 'DELETE') return undefined;
    const tail = path.split('/').pop();
    if (path.startsWith('order-requests/:id/') || path.startsWith('quote-requests/:id/'))
      return { version: 1, reason: 'Not needed', note: 'Note', message: 'A question', body: 'A question' };
    if (path === 'slots/:id/changes') return { changed_on: today(), quantity: 2 };
    if (path === 'slots/:id/skip') return {};
    if (path === 'units/:id/slots')
      return {
        stage: 'final',
        fitted: { kind: 'catalogue', variant_id: variantId },
        quantity: 2,
        interval_unit: 'month',
        interval_count: 3,
        anchor_date: today(),
      };
    if (path === 'sites/:id/units') return { label: 'AHU-9', kind: 'ahu' };
    if (path === 'sites/:id') return { version: 1, name: 'Renamed' };
    if (path === 'units/:id') return { version: 1, label: 'AHU-10' };
    if (path === 'slots/:id') return { version: 1, quantity: 3 };
    if (path === 'agreed-items/:id') return { customer_part_no: 'MINE-1' };
    if (path === 'company/:id/ordering') return { approval_threshold: 100 };
    if (path.startsWith('price-changes/')) return { version: 1 };
    if (path.startsWith('user/')) return { status: false, firstName: 'X', lastName: 'Y' };
    if (tail === 'cancel') return { version: 1 };
    return {};
  };
  const urlFor = (entry: RouteEntry, id = things[ownerOf(entry.spec.path)!]) =>
    entry.spec.path.replace(/:[A-Za-z]+/, id);

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    let variants: { id: string }[];
    ({ companyA, as, ids, variants, categoryId } = await seedProgrammeCompanies(api, WHO));
    [{ id: variantId }] = variants;
    things.company = companyA;
    things.user = ids.empA;

    // A custom size quoted and accepted: A's quote and A's agreed item.
    const q = await as.empA.request('POST', 'quote-requests', {
      lines: [
        {
          kind: 'custom_size',
          catalogue_id: categoryId,
          width: '16 3/8',
          height: '20 1/4',
          depth: 1,
          measure: 'exact',
          quantity: 5,
        },
      ],
    });
    expect(q.status).toBe(201);
    things.quoteRequest = q.body.data._id;
    const qd = (await as.root.request('GET', `quote-requests/${things.quoteRequest}`)).body.data;
    const sent = await as.root.request('POST', `quote-requests/${things.quoteRequest}/send-quote`, {
      version: qd.version,
      valid_until: addDays(today(), 14),
      lines: qd.lines.map((l: { _id: string }) => ({ _id: l._id, line_status: 'quoted', quoted_price: '12.50' })),
    });
    expect(sent.status).toBe(200);
    const qd2 = (await as.empA.request('GET', `quote-requests/${things.quoteRequest}`)).body.data;
    const accepted = await as.empA.request('POST', `quote-requests/${things.quoteRequest}/accept`, {
      version: qd2.version,
      made_to_order: true,
    });
    expect(accepted.status).toBe(200);
    things.agreedItem = (await as.empA.request('GET', 'agreed-items')).body.data.list[0]._id;

    const order = await as.empA.request('POST', 'order-requests', {
      lines: [{ kind: 'catalogue', variant_id: variantId, quantity: 2 }],
    });
    expect(order.status).toBe(201);
    things.orderRequest = order.body.data._id;

    const list = await as.empA.request('POST', 'pricelists', { format: 'csv' });
    expect(list.status).toBe(202);
    things.pricelist = list.body.data._id;

    const change = await as.root.request('POST', 'price-changes', {
      kind: 'company_multipliers',
      company_id: companyA,
      percentages: { discount: 40 },
      effective_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(change.status).toBe(201);
    things.priceChange = change.body.data._id;

    things.site = (await addSite(as.adminA, { name: 'Building A', code: 'BA', contacts: [ids.empA] }))._id;
    things.unit = (await addUnit(as.adminA, things.site, { label: 'AHU-1', kind: 'ahu' }))._id;
    things.slot = (await addSlot(as.adminA, things.unit, catalogueSlot(variantId, today())))._id;

    // A programme file uploaded by A's admin (its dry run is queued; no worker runs here).
    const form = new FormData();
    form.append(
      'file',
      new Blob(['site code,site name,unit label,stage,part number or size,quantity,interval,last changed\n']),
      'programme.csv',
    );
    const uploaded = await fetch(`${api.baseUrl}/api/sites/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.adminA.token}`, 'x-xsrf-token': await as.adminA.refreshCsrf() },
      body: form,
    });
    expect(uploaded.status).toBe(202);
    things.siteImport = ((await uploaded.json()) as { data: { _id: string } }).data._id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('every route that names a thing is classified: owned by a company, or not with a reason', () => {
    const unclassified = ROUTES.filter(hasParam)
      .filter((e) => !ownerOf(e.spec.path) && !isNotOwned(e.spec.path))
      .map((e) => `${e.spec.method} ${e.spec.path}`);
    expect(unclassified).toEqual([]);
    // Every kind of thing is named by at least one route (a rename in the table shows up here).
    const named = new Set(ROUTES.filter(hasParam).map((e) => ownerOf(e.spec.path)));
    expect(Object.values(OWNED).filter((t) => !named.has(t))).toEqual([]);
  });

  it('company B’s admin and employee get for company A’s thing exactly what they get for an id that does not exist', async () => {
    const owned = ROUTES.filter((e) => hasParam(e) && ownerOf(e.spec.path));
    expect(owned.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const who of ['adminB', 'empB'] as const) {
      for (const entry of owned) {
        const { method, path } = entry.spec;
        const res = await as[who].request(method, urlFor(entry), bodyFor(entry));
        const unknown = await as[who].request(method, urlFor(entry, randomUUID()), bodyFor(entry));
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
        const leaked = Object.values(things).some((id) => text.includes(id));
        const answer = (r: typeof res) => `${r.status} ${(r.body as { message?: string } | null)?.message ?? ''}`;
        if (![403, 404].includes(res.status) || leaked || answer(res) !== answer(unknown)) {
          wrong.push(
            `${who} ${method} ${path} → ${answer(res)}${leaked ? ' (names A)' : ''}; unknown id → ${answer(unknown)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('A’s own people still reach the same things (the ids above are real)', async () => {
    const reads: [ApiClient, string][] = [
      [as.empA, `order-requests/${things.orderRequest}`],
      [as.empA, `quote-requests/${things.quoteRequest}`],
      [as.adminA, `sites/${things.site}`],
      [as.adminA, `sites/${things.site}/units`],
      [as.adminA, `sites/import/${things.siteImport}`],
      [as.empA, `pricelists/${things.pricelist}`],
      [as.root, `price-changes/${things.priceChange}`],
      [as.root, `company/${companyA}`],
      [as.adminA, `user/${ids.empA}`],
    ];
    for (const [who, url] of reads) {
      const res = await who.request('GET', url);
      expect([url, res.status]).toEqual([url, 200]);
    }
  });
});
