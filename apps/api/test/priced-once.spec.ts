/**
 * A priced page cached once for every company: the body PricedTemplate renders for a percentage is
 * byte-identical to the body Postgres prices with customerPriceSql — for every one of the 10,001
 * percentages 0.00–100.00 on a 1,000-variant page. The SQL side is one set-based query (every
 * percentage × every variant, hashed per percentage); full bodies are compared at a spread of
 * percentages (the rest of the body does not depend on the percentage).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { DataSource } from 'typeorm';
import { createDataSource, customerPriceSql } from '../../../libs/db/src';
import { customerPriceCents } from '../../../libs/domain/src';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { productPageJson, productPageTemplate } from '../src/catalogue/catalogue.repository';
import {
  centsText,
  linePercentages,
  percentUnits,
  PricedTemplate,
  unitPriceCents,
} from '../src/catalogue/priced-template';

jest.setTimeout(300_000);

/** List prices that sit on every rounding edge, then pseudo-random ones up to $100,000,000. */
const EDGES = [
  0, 1, 49, 50, 51, 99, 100, 101, 149, 150, 151, 9999, 10000, 12345, 99999, 1234567, 999999999, 9999999999,
];

const pctText = (u: number) => `${Math.floor(u / 100)}.${String(u % 100).padStart(2, '0')}`;
/** A company paying `pct` for rigidflow (the page's line) and something else for everything else. */
const company = (pct: string) =>
  linePercentages({
    discount_percentage: '12.34',
    rigidflow_percentage: pct,
    minipro_percentage: '1',
    polyroll_percentage: null,
  });

describe('priced once: spliced bodies equal SQL-priced bodies', () => {
  let database: TestDatabase;
  let db: DataSource;
  let category: string;
  let template: PricedTemplate;
  const wrap = (details: string) => `{"status":200,"data":{"name":"Priced \\"Once\\" ü","productDetails":${details}}}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDataSource({ url: database.url, poolSize: 2 });
    await db.initialize();
    [{ id: category }] = await db.query(
      `INSERT INTO categories (name, product_line) VALUES ('Priced "Once" ü', 'rigidflow') RETURNING id`,
    );
    await db.query(
      `INSERT INTO products (category_id, name, display_order)
       SELECT $1, 'Product "' || g || '" — ü', g % 7 FROM generate_series(1, 50) g`,
      [category],
    );
    // 1,000 customer-visible variants (plus odd sizes, which customers never see); one part number
    // spells the template's price mark inside a string.
    await db.query(
      `WITH rows AS (
         SELECT p.id AS product_id, k, row_number() OVER (ORDER BY p.name, k) AS n
           FROM products p, generate_series(1, 21) k WHERE p.category_id = $1)
       INSERT INTO variants (product_id, part_number, size, list_price_cents, display_order, odd_size)
       SELECT product_id,
              CASE WHEN n = 1 THEN 'customer_price" : [1, null]' ELSE 'PO-' || n END,
              k || ' x ' || k, CASE WHEN n <= $2 THEN ($3::bigint[])[n] ELSE abs(hashtext(n::text)) % 10000000000 END,
              k % 5, k = 21
         FROM rows`,
      [category, EDGES.length, EDGES],
    );
    template = PricedTemplate.parse(wrap(await productPageTemplate(db, 'category', category)));
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('holds one slot per customer-visible variant, and no list price in the text around them', async () => {
    expect(template.slots).toBe(1000);
    const body = template.render(company('100.00')).toString();
    const ids = (JSON.parse(body) as { data: { productDetails: { variants: { _id: string }[] }[] } }).data
      .productDetails;
    expect(ids.flatMap((p) => p.variants)).toHaveLength(1000);
    expect(body).not.toContain('list_price');
    expect(body).not.toContain('"customer_price" : [');
  });

  it('renders the bytes Postgres prices, at a spread of percentages', async () => {
    const spread = [0, 1, 49, 50, 51, 99, 100, 3333, 4555, 4999, 5000, 6667, 9999, 10000];
    for (let i = 0; i < 12; i++) spread.push(Math.floor(Math.random() * 10001));
    for (const u of spread) {
      const sql = wrap(await productPageJson(db, 'category', false, category, pctText(u)));
      expect({ u, same: template.render(company(pctText(u))).toString() === sql }).toEqual({ u, same: true });
    }
  });

  it('sends, gzip-compressed, exactly the bytes Postgres prices: spliced gzip bodies decompress to the SQL body', async () => {
    const spread = [0, 1, 50, 4555, 9999, 10000];
    for (let i = 0; i < 6; i++) spread.push(Math.floor(Math.random() * 10001));
    for (const u of spread) {
      const sql = wrap(await productPageJson(db, 'category', false, category, pctText(u)));
      const spliced = template.gzip(company(pctText(u)));
      expect({ u, same: spliced !== null && gunzipSync(spliced).toString() === sql }).toEqual({ u, same: true });
    }
    // And the same as rendered for every 37th percentage in between.
    for (let u = 0; u <= 10000; u += 37) {
      const pcts = company(pctText(u));
      expect({ u, same: gunzipSync(template.gzip(pcts)!).equals(template.render(pcts)) }).toEqual({ u, same: true });
    }
  });

  it('prices every variant as customerPriceSql does, for all 10,001 percentages (one set-based query)', async () => {
    const body = JSON.parse(template.render(company('100')).toString()) as {
      data: { productDetails: { variants: { _id: string }[] }[] };
    };
    const ids = body.data.productDetails.flatMap((p) => p.variants.map((v) => v._id));
    const rows: { u: number; h: string }[] = await db.query(
      `SELECT g.u, md5(string_agg(${customerPriceSql('(g.u / 100.0)::numeric(5,2)', 'x.cents')}::text, ',' ORDER BY x.ord)) AS h
         FROM generate_series(0, 10000) g(u)
        CROSS JOIN (SELECT v.list_price_cents AS cents, t.ord
                      FROM unnest($1::uuid[]) WITH ORDINALITY t(id, ord) JOIN variants v ON v.id = t.id) x
        GROUP BY g.u ORDER BY g.u`,
      [ids],
    );
    expect(rows).toHaveLength(10001);
    const wrong: number[] = [];
    for (const { u, h } of rows) {
      const mine = createHash('md5')
        .update(template.prices(company(pctText(u))).join(','))
        .digest('hex');
      if (mine !== h) wrong.push(u);
    }
    expect(wrong).toEqual([]);
  });

  it('the unit rule equals customerPriceCents, also past 2^53 and for percentages it cannot read', () => {
    for (const list of [...EDGES, 2 ** 53 - 1, 123456789012345]) {
      for (const u of [0, 1, 50, 4555, 9999, 10000]) {
        expect(centsText(unitPriceCents(list, u))).toBe(centsText(customerPriceCents(list, pctText(u))));
      }
    }
    expect(percentUnits('45.5')).toBe(4550);
    expect(percentUnits('100')).toBe(10000);
    expect(percentUnits('45.555')).toBe(-1);
    // A percentage the unit rule cannot read still prices exactly (customerPriceCents).
    const odd = linePercentages({ discount_percentage: '45.555', rigidflow_percentage: '4.5555e1' });
    expect(odd.units[1]).toBe(-1);
    const small = PricedTemplate.parse('[{"customer_price" : [12345, "rigidflow"]}, {"customer_price" : [999, null]}]');
    expect(small.prices(odd)).toEqual([
      centsText(customerPriceCents(12345, '4.5555e1')),
      centsText(customerPriceCents(999, '45.555')),
    ]);
    expect(small.render(odd).toString()).toBe('[{"customer_price" : 56.24}, {"customer_price" : 4.55}]');
    // render writes digits straight into the body: the same text as the prices, at every width.
    const widths = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 9999, 10000, 123456, 99999999, 4294967295, 9007199254740];
    const wide = PricedTemplate.parse(
      `[${widths.map((c) => `{"é" : 1, "customer_price" : [${c}, null]}`).join(', ')}]`,
    );
    for (let u = 0; u <= 10000; u += 7) {
      const p = linePercentages({ discount_percentage: pctText(u) });
      const want = `[${wide
        .prices(p)
        .map((x) => `{"é" : 1, "customer_price" : ${x}}`)
        .join(', ')}]`;
      expect(wide.render(p).toString()).toBe(want);
    }
    expect(centsText(5)).toBe('0.05');
    expect(centsText(12340)).toBe('123.40');
  });
});
