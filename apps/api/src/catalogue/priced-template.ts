import type { ProductLine } from '@portal/contracts';
import { customerPriceCents, PRODUCT_LINES, type CompanyPercentages } from '@portal/domain';
import { DeflateSplice } from './deflate-splice';

/**
 * Where a template holds a price: the SQL writes `"customer_price" : [listCents, productLine]` in
 * place of the customer price (catalogue.repository.ts, template mode). The pattern can only be a
 * key: inside a JSON string every `"` is escaped, and a string value is never followed by ` : `.
 */
const MARK = Buffer.from('"customer_price" : [');
const KEY = Buffer.from('"customer_price" : ');
const COMMA = 0x2c;
const CLOSE = 0x5d;

/** Product line index of a slot: 0 = the general discount, then PRODUCT_LINES in order. */
const LINE_INDEX = new Map<string, number>(PRODUCT_LINES.map((line, i) => [`"${line}"`, i + 1]));
export const LINE_COUNT = PRODUCT_LINES.length + 1;

/**
 * A company's percentage for each product line (index as above), as exact decimal text, and the same
 * in whole 0.01 % units (-1 where the text is not such a percentage: priced through customerPriceCents).
 */
export interface LinePercentages {
  texts: readonly string[];
  units: Int32Array;
}

/** The percentages a company pays per product line (a line without its own falls back to the discount). */
export function linePercentages(company: CompanyPercentages): LinePercentages {
  const discount = company.discount_percentage;
  const texts = [null, ...PRODUCT_LINES].map((line: ProductLine | null) => {
    const own = line ? company[`${line}_percentage`] : discount;
    const value = own === null || own === undefined || own === '' ? discount : own;
    // No percentage at all: '' fails in customerPriceCents, as percentageForProductLine would.
    return value === null || value === undefined ? '' : String(value);
  });
  return { texts, units: Int32Array.from(texts, percentUnits) };
}

/** '45.5' → 4550 (0.01 % units); -1 when the text is not a plain non-negative decimal of ≤ 2 places. */
export function percentUnits(text: string): number {
  const m = /^(\d{1,6})(?:\.(\d{0,2}))?$/.exec(text);
  if (!m) return -1;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Customer price in cents for list cents × units (0.01 %): `(list × units + 5000) div 10000`, the
 * half-up rule of customerPriceCents / customerPriceSql (list prices are never negative).
 */
export function unitPriceCents(list: number, units: number): number {
  const a = list * units + 5000;
  if (a <= Number.MAX_SAFE_INTEGER) return (a - (a % 10000)) / 10000;
  return Number((BigInt(list) * BigInt(units) + 5000n) / 10000n);
}

/** Cents as Postgres prints numeric(20,2): '0.05', '123.40'. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const c = Math.abs(cents);
  const rest = c % 100;
  return `${sign}${(c - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}

/** Length of centsText(cents). */
function centsLength(cents: number): number {
  if (cents < 0 || cents > Number.MAX_SAFE_INTEGER) return centsText(cents).length;
  let digits = 1;
  for (let whole = Math.floor(cents / 100); whole >= 10; whole = Math.floor(whole / 10)) digits++;
  return digits + 3;
}

const ZERO = 0x30;
const DOT = 0x2e;

/** Writes centsText(cents) at `at` without making a string; returns the end. */
function writeCents(out: Uint8Array, at: number, cents: number): number {
  if (cents < 0 || cents > Number.MAX_SAFE_INTEGER)
    return at + Buffer.from(out.buffer, out.byteOffset).write(centsText(cents), at, 'latin1');
  const end = at + centsLength(cents);
  const rest = cents % 100;
  out[end - 1] = ZERO + (rest % 10);
  out[end - 2] = ZERO + (rest - (rest % 10)) / 10;
  out[end - 3] = DOT;
  let whole = (cents - rest) / 100;
  let i = end - 4;
  do {
    const d = whole % 10;
    out[i--] = ZERO + d;
    whole = (whole - d) / 10;
  } while (whole > 0);
  return end;
}

/**
 * A priced catalogue body cached once for every company: the JSON with each customer price cut out,
 * and per cut its list price (integer cents) and product line. Never sent as it is: `render` writes
 * one company's prices into it.
 */
export class PricedTemplate {
  private constructor(
    /** The body without its prices. */
    private readonly text: Buffer,
    /** Where each price goes in `text`. */
    private readonly at: Uint32Array,
    private readonly cents: Uint32Array | Float64Array,
    private readonly lines: Uint8Array,
    /** Which product lines the body prices (bit per line index). */
    readonly usedLines: number,
  ) {}

  /** The static text compressed once for every company (built on the first gzip request). */
  private splice: DeflateSplice | null = null;

  /** Bytes this template keeps in memory, the compressed pieces included once built. */
  get size(): number {
    return (
      this.text.length +
      this.at.byteLength +
      this.cents.byteLength +
      this.lines.byteLength +
      64 +
      (this.splice?.size ?? 0)
    );
  }

  /** Whether the compressed pieces are built (their bytes count in `size` from then on). */
  get spliced(): boolean {
    return this.splice !== null;
  }

  /** Number of prices in the body. */
  get slots(): number {
    return this.at.length;
  }

  /** Parses the template-mode JSON text of a body. */
  static parse(json: string): PricedTemplate {
    const src = Buffer.from(json);
    const parts: Buffer[] = [];
    const at: number[] = [];
    const cents: number[] = [];
    const lines: number[] = [];
    let used = 0;
    let from = 0;
    let kept = 0;
    for (let i = src.indexOf(MARK); i !== -1; i = src.indexOf(MARK, from)) {
      const valueStart = i + MARK.length;
      const comma = src.indexOf(COMMA, valueStart);
      const close = src.indexOf(CLOSE, comma);
      if (comma === -1 || close === -1) throw new Error('priced template: unterminated price slot');
      const listText = src.toString('latin1', valueStart, comma);
      if (!/^\d{1,15}$/.test(listText)) throw new Error(`priced template: list price out of range ${listText}`);
      const lineText = src.toString('latin1', comma + 1, close).trim();
      const line = lineText === 'null' ? 0 : LINE_INDEX.get(lineText);
      if (line === undefined) throw new Error(`priced template: unknown product line ${lineText}`);
      const head = src.subarray(from, i + KEY.length);
      parts.push(head);
      kept += head.length;
      at.push(kept);
      cents.push(Number(listText));
      lines.push(line);
      used |= 1 << line;
      from = close + 1;
    }
    parts.push(src.subarray(from));
    return new PricedTemplate(
      Buffer.concat(parts),
      Uint32Array.from(at),
      // Four bytes a price unless one is $42,949,672.95 or more.
      cents.every((c) => c < 2 ** 32) ? Uint32Array.from(cents) : Float64Array.from(cents),
      Uint8Array.from(lines),
      used,
    );
  }

  /** What distinguishes one company's rendering from another's: the percentages of the lines used. */
  tag(pcts: LinePercentages): string {
    let tag = '';
    for (let line = 0; line < LINE_COUNT; line++) {
      if (this.usedLines & (1 << line))
        tag += `${tag ? '.' : ''}${pcts.units[line] >= 0 ? pcts.units[line] : pcts.texts[line]}`;
    }
    return tag;
  }

  /** Each slot's customer price in cents, in body order. */
  private priceCents(pcts: LinePercentages): Float64Array {
    const n = this.at.length;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const line = this.lines[i];
      const units = pcts.units[line];
      out[i] = units >= 0 ? unitPriceCents(this.cents[i], units) : customerPriceCents(this.cents[i], pcts.texts[line]);
    }
    return out;
  }

  /** Each slot's customer price as the body shows it, in body order. */
  prices(pcts: LinePercentages): string[] {
    return Array.from(this.priceCents(pcts), centsText);
  }

  /** The body with the company's prices written in: the bytes Postgres would have priced. */
  render(pcts: LinePercentages): Buffer {
    return this.renderCents(this.priceCents(pcts));
  }

  /**
   * The body for the company gzip-compressed, spliced from pieces compressed once for every company
   * (DeflateSplice); null when a price is longer than its list price (a percentage over 100).
   */
  gzip(pcts: LinePercentages): Buffer | null {
    return this.compressOnce().gzip(this.priceCents(pcts));
  }

  /** Compresses the static text once for every company (see DeflateSplice); its bytes count in `size`. */
  compressOnce(): DeflateSplice {
    this.splice ??= DeflateSplice.build(this.text, this.at, this.maxPriceLengths());
    return this.splice;
  }

  /** `compressOnce` in turns of the event loop. */
  async compressInTurns(): Promise<void> {
    if (this.splice) return;
    const splice = await DeflateSplice.buildInTurns(this.text, this.at, this.maxPriceLengths());
    this.splice ??= splice;
  }

  /** The longest text each price can have: its list price's (a company pays at most 100 %). */
  private maxPriceLengths(): Uint8Array {
    return Uint8Array.from(this.cents, (c) => centsLength(c));
  }

  private renderCents(cents: Float64Array): Buffer {
    const n = this.at.length;
    let extra = 0;
    for (let i = 0; i < n; i++) extra += centsLength(cents[i]);
    const out = Buffer.allocUnsafe(this.text.length + extra);
    let src = 0;
    let dst = 0;
    for (let i = 0; i < n; i++) {
      const end = this.at[i];
      dst += this.text.copy(out, dst, src, end);
      src = end;
      dst = writeCents(out, dst, cents[i]);
    }
    this.text.copy(out, dst, src);
    return out;
  }
}
