import { FIND_MSG, OPS_MSG, QUERY_MSG } from '../../../libs/domain/src';
import { startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import { seedTwoCompanies, type TwoCompanyUsers } from './support';

jest.setTimeout(120_000);

const CONTROL = (label: string) => `${label} must not contain line breaks, tabs or invisible control characters`;
const MULTILINE = (label: string) => `${label} must not contain invisible control characters`;
/** Bidi override, NEL (C1) and ESC (C0): what the probe stored. */
const HIDDEN = ['\u202e', '\u0085', '\u001b'];

/**
 * The probe's requests, as regression tests: no bad input answers 500 (repeated parameters,
 * impossible dates), no text carries hidden controls (aliases, brands, demand keys, quote requests),
 * and a search parameter's LIKE wildcards match literally. Every refusal is a 400 naming the field
 * and writes nothing.
 */
describe('bad input is a 400 naming the field, never a 500', () => {
  let api: TestApi;
  let as: TwoCompanyUsers;
  let subcategory: string;
  let variantId: string;
  let partNumber: string;

  const count = async (table: string) => (await api.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  beforeAll(async () => {
    api = await startTestApi();
    await seedTestCatalogue(api.db);
    ({ as } = await seedTwoCompanies(api));
    [{ id: subcategory }] = await api.db.query(
      `SELECT subcategory_id AS id FROM products WHERE subcategory_id IS NOT NULL LIMIT 1`,
    );
    [{ id: variantId, part_number: partNumber }] = await api.db.query(
      `SELECT id, part_number FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`,
    );
  });
  afterAll(() => api?.close());

  it('a repeated query parameter is a 400 naming it (the probe: find, productNumber, part-aliases)', async () => {
    const cases: [typeof as.empA, string, string][] = [
      [as.empA, 'catalogue/find?q=a&q=b', 'q'],
      [as.empA, `catalogue/productNumber/${subcategory}?partNumber=a&partNumber=b`, 'partNumber'],
      [as.root, 'part-aliases?q=a&q=b', 'q'],
      [as.root, 'demand/parts?from=2026-01-01&from=2026-01-02', 'from'],
      [as.root, 'quote-requests?status=submitted&status=quoted', 'status'],
      [as.empA, 'notification?page=1&page=2', 'page'],
    ];
    for (const [who, path, name] of cases) {
      const res = await who.request('GET', path);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { status: 400, message: QUERY_MSG.repeated(name), errors: { [name]: QUERY_MSG.repeated(name) } },
      });
    }
    // One value of each still works; a list travels as one comma-separated value.
    expect((await as.empA.request('GET', 'catalogue/find?q=a')).status).toBe(200);
    expect((await as.root.request('GET', 'quote-requests?status=submitted,quoted')).status).toBe(200);
  });

  it('an impossible date is a 400 naming the field (demand, ops usage, audit)', async () => {
    const cases: [string, string, string][] = [
      ['demand/parts?from=2026-02-30', 'from', FIND_MSG.fromInvalid],
      ['demand/sizes?to=2026-02-31', 'to', FIND_MSG.toInvalid],
      ['ops/usage?from=2026-02-30', 'from', OPS_MSG.fromInvalid],
      ['ops/usage?to=2025-02-29', 'to', OPS_MSG.toInvalid],
      ['audit?from=2026-02-30', 'from', 'Dates must be YYYY-MM-DD or an ISO date-time'],
      ['audit/export?to=2026-02-30T12:00:00Z', 'to', 'Dates must be YYYY-MM-DD or an ISO date-time'],
    ];
    for (const [path, field, message] of cases) {
      const res = await as.root.request('GET', path);
      expect({ path, status: res.status, message: res.body?.message, errors: res.body?.errors?.[field] }).toEqual({
        path,
        status: 400,
        message,
        errors: message,
      });
    }
    expect((await as.root.request('GET', 'demand/parts?from=2024-02-29&to=2024-03-01')).status).toBe(200);
    expect((await as.root.request('GET', 'ops/usage?from=2024-02-29')).status).toBe(200);
  });

  it('aliases, brands and demand keys take printable text only; nothing is written', async () => {
    const before = await count('part_aliases');
    for (const c of HIDDEN) {
      const alias = await as.root.request('POST', 'part-aliases', { alias: `EVIL${c}1`, variantId, source: 'oem' });
      expect(alias).toMatchObject({
        status: 400,
        body: { message: CONTROL('alias'), errors: { alias: CONTROL('alias') } },
      });
      const brand = await as.root.request('POST', 'part-aliases', {
        alias: 'EVIL-2',
        variantId,
        source: 'oem',
        brand: `Brand${c}`,
      });
      expect(brand).toMatchObject({ status: 400, body: { errors: { brand: CONTROL('brand') } } });
      const key = await as.root.request('POST', 'demand/parts/resolve', {
        key: `EVIL${c}3`,
        variantId,
        source: 'customer',
      });
      expect(key).toMatchObject({ status: 400, body: { errors: { key: CONTROL('key') } } });
      // A customer's search with hidden characters never becomes a demand key.
      const search = await as.empA.request('GET', `catalogue/find?q=${encodeURIComponent(`EVIL${c}4`)}`);
      expect(search).toMatchObject({ status: 400, body: { errors: { q: CONTROL('q') } } });
    }
    expect(await count('part_aliases')).toBe(before);
    // The catalogue's part-number search answers (nothing matches) but never logs such text as demand.
    for (const c of HIDDEN) {
      const pn = await as.empA.request(
        'GET',
        `catalogue/productNumber/${subcategory}?partNumber=${encodeURIComponent(`EVIL${c}5`)}`,
      );
      expect(pn.status).toBe(404);
    }
    await new Promise((r) => setTimeout(r, 1500));
    const logged = await api.db.query(`SELECT raw FROM search_log WHERE raw LIKE 'EVIL%'`);
    expect(logged).toEqual([]);
  });

  it('quote requests: one-line fields printable, multi-line fields keep line breaks and tabs; nothing written on refusal', async () => {
    const before = await count('quote_requests');
    const line = { kind: 'unlisted', part_number: 'ASK-1', quantity: 2 };
    for (const c of HIDDEN) {
      const pn = await as.empA.request('POST', 'quote-requests', { lines: [{ ...line, part_number: `ASK${c}1` }] });
      expect(pn).toMatchObject({ status: 400, body: { message: CONTROL('Part number') } });
      const ref = await as.empA.request('POST', 'quote-requests', { lines: [line], customer_reference: `PO${c}1` });
      expect(ref).toMatchObject({ status: 400, body: { errors: { customer_reference: CONTROL('Your reference') } } });
      const note = await as.empA.request('POST', 'quote-requests', { lines: [line], note: `see${c}below` });
      expect(note).toMatchObject({ status: 400, body: { errors: { note: MULTILINE('The note') } } });
    }
    expect(await count('quote_requests')).toBe(before);

    const ok = await as.empA.request('POST', 'quote-requests', {
      lines: [line],
      customer_reference: 'PO 1',
      note: 'First line\r\n\tindented second line',
    });
    expect(ok.status).toBe(201);
    const id = ok.body.data._id as string;
    const [stored] = await api.db.query(`SELECT note FROM quote_requests WHERE id = $1`, [id]);
    expect(stored.note).toBe('First line\n\tindented second line');

    const messages = await count('quote_request_messages');
    for (const c of HIDDEN) {
      const msg = await as.empA.request('POST', `quote-requests/${id}/messages`, { body: `Hello${c}there` });
      expect(msg).toMatchObject({ status: 400, body: { errors: { body: MULTILINE('A message') } } });
    }
    expect(await count('quote_request_messages')).toBe(messages);
    const fine = await as.empA.request('POST', `quote-requests/${id}/messages`, { body: 'Hello\n\tthere' });
    expect(fine.status).toBeLessThan(300);
  });

  it('LIKE wildcards in a search parameter match literally (part-aliases?q=%)', async () => {
    expect((await as.root.request('POST', 'part-aliases', { alias: 'WILD-1', variantId, source: 'oem' })).status).toBe(
      201,
    );
    for (const q of ['%', '_', '\\', '%25']) {
      const res = await as.root.request('GET', `part-aliases?q=${encodeURIComponent(q)}`);
      expect({ q, status: res.status, total: res.body.data.total }).toEqual({ q, status: 200, total: 0 });
    }
    const real = await as.root.request('GET', 'part-aliases?q=wild');
    expect(real.body.data.total).toBe(1);
    expect(partNumber).toBeTruthy();
  });
});
