import { gunzipSync, gzipSync } from 'node:zlib';
import { huffmanLengths } from './deflate-splice';
import { linePercentages, PricedTemplate } from './priced-template';

/** A deterministic pseudo-random sequence (the same fixture every run). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const hex = (rnd: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
const uuid = (rnd: () => number) => `${hex(rnd, 8)}-${hex(rnd, 4)}-${hex(rnd, 4)}-${hex(rnd, 4)}-${hex(rnd, 12)}`;

/**
 * Template-mode JSON shaped like a product page: products (ids shared by the page, repeated far back)
 * with variants, each priced `[listCents, line]`; `longText` adds a field longer than the window.
 */
function page(
  seed: number,
  products: number,
  variants: number,
  lists: (rnd: () => number) => number,
  longText = 0,
): string {
  const rnd = random(seed);
  const category = uuid(rnd);
  const lines = ['null', '"rigidflow"', '"minipro"', '"polyroll"'];
  const body = Array.from({ length: products }, (_, p) => {
    const vs = Array.from({ length: variants }, (_, v) => {
      const line = lines[Math.floor(rnd() * lines.length)];
      return `{"_id" : "${uuid(rnd)}", "part_number" : "BF${p}-${v}${hex(rnd, 2)}", "size" : "${12 + v}x24x1", "out_of_stock" : false, "display_order" : ${v}, "customer_price" : [${lists(rnd)}, ${line}]}`;
    });
    const note = longText ? `, "note" : "${hex(rnd, longText)}"` : '';
    return `{"_id" : "${uuid(rnd)}", "name" : "Product \\"${p}\\" ü", "catalogue_id" : "${category}"${note}, "variants" : [${vs.join(', ')}]}`;
  });
  return `{"status":200,"data":{"productDetails":[${body.join(', ')}]}}`;
}

const pct = (units: number) => `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
const company = (discount: string, rigidflow: string | null = null) =>
  linePercentages({
    discount_percentage: discount,
    rigidflow_percentage: rigidflow,
    minipro_percentage: '47.5',
    polyroll_percentage: null,
  });

describe('gzip spliced from pieces compressed once for every company', () => {
  const templates = {
    'typical page (40 products × 25 variants, list prices up to $1,000)': PricedTemplate.parse(
      page(1, 40, 25, (rnd) => Math.floor(rnd() * 100000)),
    ),
    'every price length (0 to $99,999,999.99)': PricedTemplate.parse(
      page(2, 12, 30, (rnd) => Math.floor(10 ** (rnd() * 10))),
    ),
    'a field longer than the window between prices': PricedTemplate.parse(
      page(3, 6, 4, (rnd) => Math.floor(rnd() * 5000), 40000),
    ),
    'no prices at all': PricedTemplate.parse('{"status":200,"data":{"productDetails":[]}}'),
  };

  it.each(Object.entries(templates))('decompresses to the rendered body for a spread of percentages: %s', (_, t) => {
    const rnd = random(7);
    const units = [
      0,
      1,
      49,
      50,
      51,
      3333,
      4555,
      5000,
      9999,
      10000,
      ...Array.from({ length: 40 }, () => Math.floor(rnd() * 10001)),
    ];
    for (const u of units) {
      const pcts = company(pct(u), pct(10000 - u));
      const spliced = t.gzip(pcts);
      expect(spliced).not.toBeNull();
      // gunzip checks the CRC-32 and the length in the trailer too.
      expect(gunzipSync(spliced!).equals(t.render(pcts))).toBe(true);
    }
  });

  it('compresses about as well as gzip of the whole body, reaching far back only for long runs', () => {
    const t = templates['typical page (40 products × 25 variants, list prices up to $1,000)'];
    const pcts = company('45.55', '52.00');
    const whole = gzipSync(t.render(pcts), { level: 6 }).length;
    const spliced = t.gzip(pcts)!.length;
    expect(spliced).toBeLessThan(whole * 1.25);
    // Product headers and same-size variants repeat far back: far matches exist, a couple a price at most.
    const splice = t.compressOnce();
    expect(splice.farMatches).toBeGreaterThan(0);
    expect(splice.farMatches).toBeLessThan(2 * t.slots);
  });

  it('gives up (the caller compresses the body itself) when a price is longer than its list price', () => {
    const t = templates['typical page (40 products × 25 variants, list prices up to $1,000)'];
    // 1,000 % of a list price has more digits than the list price: no piece was coded for it.
    expect(t.gzip(company('1000', '1000'))).toBeNull();
  });

  it('counts the pieces in the template size once built', () => {
    const t = PricedTemplate.parse(page(4, 3, 5, (rnd) => Math.floor(rnd() * 9999)));
    const before = t.size;
    t.compressOnce();
    expect(t.size).toBeGreaterThan(before);
  });

  it('builds the same pieces in turns of the event loop as at once', async () => {
    const json = page(5, 30, 20, (rnd) => Math.floor(rnd() * 99999));
    const atOnce = PricedTemplate.parse(json);
    const inTurns = PricedTemplate.parse(json);
    await inTurns.compressInTurns();
    const pcts = company('12.34');
    expect(inTurns.gzip(pcts)!.equals(atOnce.gzip(pcts)!)).toBe(true);
  });
});

describe('huffmanLengths', () => {
  it('gives a complete code no longer than the limit, however skewed the frequencies', () => {
    const freq = Array.from({ length: 286 }, (_, i) => (i < 30 ? 2 ** Math.min(i, 30) : 1));
    const lengths = huffmanLengths(freq, 15);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(15);
    // Kraft: a complete prefix code (inflaters refuse incomplete literal/length codes).
    expect(lengths.reduce((sum, l) => sum + 2 ** -l, 0)).toBeCloseTo(1, 12);
  });
});
