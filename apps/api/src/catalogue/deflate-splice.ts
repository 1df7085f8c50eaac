import { crc32 } from 'node:zlib';

/**
 * A gzip body for one company's priced page, assembled from pieces compressed once for every company.
 *
 * A priced page is static text with a price written in at each slot (PricedTemplate). Compressing the
 * whole body for each company costs milliseconds a request; here the static text is compressed once,
 * as one dynamic-Huffman deflate block whose code table covers every symbol, and a company's body is
 * that block's pieces with the prices' characters coded in between — bit concatenation, no matching.
 *
 * What keeps the pieces valid for every company: a back-reference in deflate is a distance in the
 * output, so one that reaches across a price depends on that price's length. The static text between
 * two prices (a segment) may refer back only into itself and into the segment before it, never into
 * the price bytes; each segment is coded once for each length the price before it can have (a price
 * is at most the list price: 0.00 to the list price's length), and the company's price length picks
 * the piece. The previous segment is almost always the previous variant, so little is lost to the
 * shorter reach.
 */

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** Order in which the code-length code's lengths are sent (RFC 1951 3.2.7). */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const LITLEN_SYMBOLS = 286;
const DIST_SYMBOLS = 30;
const END_OF_BLOCK = 256;
const MIN_MATCH = 3;
const MAX_MATCH = 258;
const WINDOW = 32768;
/** How many earlier positions a match search tries. */
const CHAIN = 48;
const HASH_BITS = 15;
const NOT_CODED = 0xffffffff;
/** Segments between two turns of the event loop while building in turns (a few milliseconds of work). */
const TURN = 256;
/** Shortest price text ("0.00"). */
const MIN_PRICE = 4;

const LENGTH_CODE = new Uint8Array(MAX_MATCH + 1);
for (let code = 0; code < LENGTH_BASE.length; code++) {
  const top = code + 1 < LENGTH_BASE.length ? LENGTH_BASE[code + 1] : MAX_MATCH + 1;
  for (let len = LENGTH_BASE[code]; len < top && len <= MAX_MATCH; len++) LENGTH_CODE[len] = code;
}
LENGTH_CODE[MAX_MATCH] = 28;

function distCode(dist: number): number {
  let code = DIST_SYMBOLS - 1;
  while (DIST_BASE[code] > dist) code--;
  return code;
}

/** Code lengths of a Huffman code for `freq` (every entry > 0), none longer than `limit`. */
export function huffmanLengths(freq: readonly number[], limit: number): Uint8Array {
  let weights = freq.slice();
  for (;;) {
    const n = weights.length;
    const lengths = new Uint8Array(n);
    if (n === 1) {
      lengths[0] = 1;
      return lengths;
    }
    // Two-queue construction over leaves sorted by weight: nodes 0..n-1 leaves, n.. internal.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => weights[a] - weights[b] || a - b);
    const weight = new Float64Array(2 * n);
    const parent = new Int32Array(2 * n).fill(-1);
    order.forEach((sym, i) => (weight[i] = weights[sym]));
    let leaf = 0;
    let inner = n;
    let next = n;
    const take = () => (leaf < n && (inner >= next || weight[leaf] <= weight[inner]) ? leaf++ : inner++);
    while (next < 2 * n - 1) {
      const a = take();
      const b = take();
      weight[next] = weight[a] + weight[b];
      parent[a] = parent[b] = next;
      next++;
    }
    const depth = new Uint8Array(2 * n);
    for (let node = 2 * n - 3; node >= 0; node--) depth[node] = depth[parent[node]] + 1;
    let longest = 0;
    order.forEach((sym, i) => {
      lengths[sym] = depth[i];
      longest = Math.max(longest, depth[i]);
    });
    if (longest <= limit) return lengths;
    weights = weights.map((w) => Math.floor(w / 2) + 1);
  }
}

/** Canonical codes for `lengths`, bit-reversed for deflate's least-significant-bit-first order. */
function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) if (l) count[l]++;
  const next = new Uint16Array(16);
  let code = 0;
  for (let bits = 1; bits < 16; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  lengths.forEach((len, sym) => {
    if (!len) return;
    let c = next[len]++;
    let reversed = 0;
    for (let b = 0; b < len; b++) {
      reversed = (reversed << 1) | (c & 1);
      c >>= 1;
    }
    codes[sym] = reversed;
  });
  return codes;
}

/** Least-significant-bit-first bit writer. */
class BitWriter {
  bytes: Uint8Array;
  /** Whole bytes written. */
  pos = 0;
  private acc = 0;
  private bits = 0;

  constructor(capacity = 256) {
    this.bytes = new Uint8Array(Math.max(16, capacity));
  }

  get bitLength(): number {
    return this.pos * 8 + this.bits;
  }

  write(value: number, count: number): void {
    this.acc |= value << this.bits;
    this.bits += count;
    while (this.bits >= 8) {
      if (this.pos === this.bytes.length) {
        const grown = new Uint8Array(this.bytes.length * 2);
        grown.set(this.bytes);
        this.bytes = grown;
      }
      this.bytes[this.pos++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }

  /** Pads to a whole byte with zeros. */
  align(): void {
    if (this.bits) this.write(0, 8 - this.bits);
  }

  /** The bits written, the last byte padded with zeros. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.pos + (this.bits ? 1 : 0));
    out.set(this.bytes.subarray(0, this.pos));
    if (this.bits) out[this.pos] = this.acc & 0xff;
    return out;
  }
}

/**
 * The tokens of every segment, back to back (segment s: from segmentStart[s]). A token is a literal
 * byte (`dist` 0) or a match of `value` bytes; `from` is the segment its source lies in — this one, the
 * one before (the distance grows by the length of the price between), or an earlier one (a far match:
 * its distance is worked out when a body is assembled).
 */
interface Tokens {
  value: Int32Array;
  dist: Int32Array;
  from: Int32Array;
  segmentStart: Int32Array;
}

/**
 * A far match costs work in every body, so it is taken only when long: at least FAR_MIN bytes and
 * FAR_BONUS more than the best match within reach of the pieces.
 */
const FAR_MIN = 32;
const FAR_BONUS = 16;
/** A 3-byte match this far back costs more bits than three literals (zlib's TOO_FAR). */
const TOO_FAR = 4096;
/** A match this long ends the search. */
const NICE = 128;

/**
 * Greedy LZ77 over `text`. A match's source lies within one segment (never across a price), and its
 * distance stays inside the window however long the prices between (at most `maxLength` each).
 */
function* tokenize(
  text: Uint8Array,
  starts: readonly number[],
  ends: readonly number[],
  maxLength: Uint8Array,
): Generator<void, Tokens> {
  const mask = (1 << HASH_BITS) - 1;
  const head = new Int32Array(1 << HASH_BITS).fill(-1);
  const prev = new Int32Array(text.length);
  // The most the prices before segment i can add to a distance: prefix sums of the longest price texts.
  const grown = new Float64Array(starts.length);
  for (let i = 1; i < starts.length; i++) grown[i] = grown[i - 1] + maxLength[i - 1];
  let capacity = Math.max(1024, text.length >>> 2);
  let value = new Int32Array(capacity);
  let dist = new Int32Array(capacity);
  let from = new Int32Array(capacity);
  const segmentStart = new Int32Array(starts.length + 1);
  let count = 0;
  const push = (v: number, d: number, f: number) => {
    if (count === capacity) {
      capacity *= 2;
      const grow = (a: Int32Array) => {
        const b = new Int32Array(capacity);
        b.set(a);
        return b;
      };
      value = grow(value);
      dist = grow(dist);
      from = grow(from);
    }
    value[count] = v;
    dist[count] = d;
    from[count++] = f;
  };
  let inserted = 0;
  const lastHashable = text.length - 2;
  for (let i = 0; i < starts.length; i++) {
    if (i % TURN === TURN - 1) yield;
    segmentStart[i] = count;
    const start = starts[i];
    const end = ends[i];
    let p = start;
    while (p < end) {
      for (; inserted < p && inserted < lastHashable; inserted++) {
        const h = ((text[inserted] << 10) ^ (text[inserted + 1] << 5) ^ text[inserted + 2]) & mask;
        prev[inserted] = head[h];
        head[h] = inserted;
      }
      let bestLen = 0;
      let bestQ = -1;
      let bestFrom = i;
      const maxLen = Math.min(MAX_MATCH, end - p);
      if (maxLen >= MIN_MATCH) {
        let q = head[((text[p] << 10) ^ (text[p + 1] << 5) ^ text[p + 2]) & mask];
        let source = i;
        for (let tries = 0; q >= 0 && tries < CHAIN; tries++, q = prev[q]) {
          while (source > 0 && q < starts[source]) source--;
          if (p - q + grown[i] - grown[source] > WINDOW) break;
          const limit = source < i ? Math.min(maxLen, ends[source] - q) : maxLen;
          const needed = source < i - 1 ? Math.max(FAR_MIN, bestLen + FAR_BONUS) : bestLen + 1;
          if (limit < needed || text[q + bestLen] !== text[p + bestLen]) continue;
          let len = 0;
          while (len < limit && text[q + len] === text[p + len]) len++;
          if (len >= needed) {
            bestLen = len;
            bestQ = q;
            bestFrom = source;
            if (len === maxLen || len >= NICE) break;
          }
        }
      }
      if (bestLen > MIN_MATCH || (bestLen === MIN_MATCH && p - bestQ <= TOO_FAR)) {
        push(bestLen, p - bestQ, bestFrom);
        p += bestLen;
      } else {
        push(text[p], 0, i);
        p++;
      }
    }
  }
  segmentStart[starts.length] = count;
  return { value, dist, from, segmentStart };
}

/** CRC-32 (the gzip trailer's) as in zlib: the byte table, and x^(8n) multiplication for combining. */
const CRC_POLY = 0xedb88320;
const CRC_TABLE = new Uint32Array(256);
for (let b = 0; b < 256; b++) {
  let c = b;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ CRC_POLY : c >>> 1;
  CRC_TABLE[b] = c >>> 0;
}

/** a × b modulo the CRC polynomial (reflected bit order), as zlib's multmodp. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

const X2N = new Uint32Array(32);
X2N[0] = 1 << 30;
for (let k = 1; k < 32; k++) X2N[k] = multModP(X2N[k - 1], X2N[k - 1]);

/** x^(8 × bytes) modulo the polynomial: what appending `bytes` bytes does to a CRC. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n; n >>>= 1, k++) if (n & 1) p = multModP(X2N[k & 31], p);
  return p;
}

/**
 * The CRC of a body whose static segments' CRCs are known: combining (zlib's crc32_combine) is a
 * multiplication by x^(8 × segment length), linear in the CRC, so it is 8 look-ups in nibble tables
 * built once per segment length.
 */
function combineTables(length: number, into: Uint32Array, at: number): void {
  const shift = shiftFor(length);
  for (let k = 0; k < 8; k++)
    for (let v = 0; v < 16; v++) into[at + k * 16 + v] = multModP(shift, (v << (4 * k)) >>> 0);
}

/** Distance → distance code, for every distance in the window. */
const DIST_CODE = new Uint8Array(WINDOW + 1);
for (let d = 1; d <= WINDOW; d++) DIST_CODE[d] = distCode(d);

/**
 * The coded pieces of one page and the code they share. A segment is one or more runs of tokens,
 * split at its far matches; each run is coded once per length the price before the segment can have.
 */
export class DeflateSplice {
  private constructor(
    /** Every run, coded, packed. */
    private readonly pieces: Uint8Array,
    /** Per run and previous-price length (index run * span + length - MIN_PRICE): offset and bits. */
    private readonly offset: Uint32Array,
    private readonly bits: Uint32Array,
    private readonly span: number,
    /** The runs of segment s: runStart[s] .. runStart[s + 1] - 1. */
    private readonly runStart: Uint32Array,
    /** The far match after each run (-1: none): its length code (bits and count), distance and segment. */
    private readonly runFar: Int32Array,
    private readonly farLength: Uint32Array,
    private readonly farLengthBits: Uint8Array,
    private readonly farDist: Uint32Array,
    private readonly farFrom: Uint32Array,
    /** The block header (BFINAL, BTYPE, the code tables). */
    private readonly header: Uint8Array,
    private readonly headerBits: number,
    private readonly litCodes: Uint16Array,
    private readonly litLengths: Uint8Array,
    private readonly distCodes: Uint16Array,
    private readonly distLengths: Uint8Array,
    /** Largest output any company's prices can give (bytes). */
    private readonly bound: number,
    /** Per segment: its CRC-32, its length, and where its combining tables start in `crcTables`. */
    private readonly segmentCrc: Uint32Array,
    private readonly segmentLength: Uint32Array,
    private readonly segmentTables: Uint32Array,
    private readonly crcTables: Uint32Array,
  ) {
    this.staticBytes = segmentLength.reduce((sum, length) => sum + length, 0);
    this.piecesView = new DataView(pieces.buffer, pieces.byteOffset, pieces.byteLength);
  }

  private readonly piecesView: DataView;

  /** Length of the body without its prices. */
  private readonly staticBytes: number;

  /** Bytes kept. */
  get size(): number {
    return (
      this.pieces.byteLength +
      this.offset.byteLength +
      this.bits.byteLength +
      this.runStart.byteLength +
      this.runFar.byteLength +
      this.farLength.byteLength * 3 +
      this.header.byteLength +
      this.segmentCrc.byteLength * 3 +
      this.crcTables.byteLength +
      2048
    );
  }

  /** How many far matches a body costs (tests, diagnostics). */
  get farMatches(): number {
    return this.farDist.length;
  }

  /**
   * Codes `text` whose price slots sit at `at` (price i goes between text[..at[i]) and text[at[i]..));
   * `maxLength[i]` is the longest text price i can have (its list price's).
   */
  static build(text: Uint8Array, at: Uint32Array, maxLength: Uint8Array): DeflateSplice {
    const steps = DeflateSplice.steps(text, at, maxLength);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** `build` in turns of the event loop, so that other requests go on meanwhile (a large page takes ~100 ms). */
  static async buildInTurns(text: Uint8Array, at: Uint32Array, maxLength: Uint8Array): Promise<DeflateSplice> {
    const steps = DeflateSplice.steps(text, at, maxLength);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private static *steps(text: Uint8Array, at: Uint32Array, maxLength: Uint8Array): Generator<void, DeflateSplice> {
    const n = at.length;
    const starts = [0, ...at];
    const ends = [...at, text.length];
    const tokens = yield* tokenize(text, starts, ends, maxLength);
    const span = Math.max(1, ...Array.from(maxLength, (l) => l - MIN_PRICE + 1));

    // One code for every piece: frequencies as coded with each slot's longest price, every symbol at
    // least once so that any length's piece, any far distance and any price can be coded.
    const litFreq = new Array<number>(LITLEN_SYMBOLS).fill(1);
    const distFreq = new Array<number>(DIST_SYMBOLS).fill(1);
    const grown = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) grown[i] = grown[i - 1] + maxLength[i - 1];
    for (let s = 0; s <= n; s++) {
      for (let k = tokens.segmentStart[s]; k < tokens.segmentStart[s + 1]; k++) {
        if (tokens.dist[k] === 0) litFreq[tokens.value[k]]++;
        else {
          litFreq[257 + LENGTH_CODE[tokens.value[k]]]++;
          distFreq[DIST_CODE[tokens.dist[k] + grown[s] - grown[tokens.from[k]]]]++;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      litFreq[0x2e]++;
      for (let d = 0; d < 10; d++) litFreq[0x30 + d] += (maxLength[i] - 1) / 10;
    }
    litFreq[END_OF_BLOCK]++;
    const litLengths = huffmanLengths(litFreq, 15);
    const distLengths = huffmanLengths(distFreq, 15);
    const litCodes = canonicalCodes(litLengths);
    const distCodes = canonicalCodes(distLengths);

    const head = new BitWriter();
    head.write(1, 1); // the last block
    head.write(2, 2); // dynamic Huffman codes
    writeCodeTables(head, litLengths, distLengths);

    const runStart = new Uint32Array(n + 2);
    const offsets: number[] = [];
    const bitCounts: number[] = [];
    const runFar: number[] = [];
    const far = { length: [] as number[], lengthBits: [] as number[], dist: [] as number[], from: [] as number[] };
    const packed = new BitWriter(text.length >>> 2);
    let bound = GZIP_HEADER.length + head.pos + 1 + 8 + 4;
    let runs = 0;
    for (let s = 0; s <= n; s++) {
      if (s % TURN === TURN - 1) yield;
      runStart[s] = runs;
      const lengths = s > 0 ? maxLength[s - 1] - MIN_PRICE + 1 : 1;
      const last = tokens.segmentStart[s + 1];
      // Runs split at far matches; each run coded once per length of the price before the segment.
      for (let runFrom = tokens.segmentStart[s]; runFrom <= last;) {
        let runTo = runFrom;
        while (runTo < last && !(tokens.dist[runTo] > 0 && tokens.from[runTo] < s - 1)) runTo++;
        let largest = 0;
        for (let v = 0; v < span; v++) {
          if (v >= lengths) {
            offsets.push(0);
            bitCounts.push(NOT_CODED);
            continue;
          }
          const shift = s > 0 ? MIN_PRICE + v : 0;
          const begin = packed.pos;
          for (let k = runFrom; k < runTo; k++) {
            const value = tokens.value[k];
            if (tokens.dist[k] === 0) {
              packed.write(litCodes[value], litLengths[value]);
              continue;
            }
            const lc = LENGTH_CODE[value];
            packed.write(litCodes[257 + lc], litLengths[257 + lc]);
            if (LENGTH_EXTRA[lc]) packed.write(value - LENGTH_BASE[lc], LENGTH_EXTRA[lc]);
            const dist = tokens.dist[k] + (tokens.from[k] < s ? shift : 0);
            const dc = DIST_CODE[dist];
            packed.write(distCodes[dc], distLengths[dc]);
            if (DIST_EXTRA[dc]) packed.write(dist - DIST_BASE[dc], DIST_EXTRA[dc]);
          }
          offsets.push(begin);
          bitCounts.push(packed.bitLength - begin * 8);
          packed.align();
          largest = Math.max(largest, packed.pos - begin);
        }
        bound += largest;
        if (runTo < last) {
          const value = tokens.value[runTo];
          const lc = LENGTH_CODE[value];
          runFar.push(far.dist.length);
          far.length.push(litCodes[257 + lc] | ((value - LENGTH_BASE[lc]) << litLengths[257 + lc]));
          far.lengthBits.push(litLengths[257 + lc] + LENGTH_EXTRA[lc]);
          far.dist.push(tokens.dist[runTo]);
          far.from.push(tokens.from[runTo]);
          bound += 6;
        } else runFar.push(-1);
        runs++;
        runFrom = runTo + 1;
      }
      if (s < n) bound += Math.ceil((maxLength[s] * 15) / 8) + 1;
    }
    runStart[n + 1] = runs;
    const segmentCrc = Uint32Array.from(starts, (start, i) => crc32(text.subarray(start, ends[i])));
    const segmentLength = Uint32Array.from(starts, (start, i) => ends[i] - start);
    const distinct = [...new Set(segmentLength)];
    const crcTables = new Uint32Array(distinct.length * 128);
    distinct.forEach((length, k) => combineTables(length, crcTables, k * 128));
    const tableOf = new Map(distinct.map((length, k) => [length, k * 128]));
    const segmentTables = Uint32Array.from(segmentLength, (length) => tableOf.get(length)!);
    return new DeflateSplice(
      packed.finish(),
      Uint32Array.from(offsets),
      Uint32Array.from(bitCounts),
      span,
      runStart,
      Int32Array.from(runFar),
      Uint32Array.from(far.length),
      Uint8Array.from(far.lengthBits),
      Uint32Array.from(far.dist),
      Uint32Array.from(far.from),
      head.finish(),
      head.bitLength,
      litCodes,
      litLengths,
      distCodes,
      distLengths,
      bound,
      segmentCrc,
      segmentLength,
      segmentTables,
      crcTables,
    );
  }

  /**
   * The gzip body for these prices (integer cents, one per slot), in one pass: the pieces, each price's
   * digits in the shared code, the far matches' distances, and the CRC-32 combined from the segments'
   * CRCs and the prices' bytes (the body itself is never written out). Null when a price is longer
   * than the pieces were coded for (more than its list price: a percentage over 100).
   */
  gzip(cents: Float64Array | Uint32Array): Buffer | null {
    const { pieces, offset, bits, span, runStart, runFar, litCodes, litLengths, distCodes, distLengths } = this;
    const { segmentCrc, segmentLength, segmentTables, crcTables } = this;
    const slots = runStart.length - 2;
    // Assembled in buffers kept for the process (the work is synchronous), then copied out at its size.
    if (assembly.length < this.bound) {
      assembly = Buffer.allocUnsafeSlow(Math.max(this.bound, assembly.length * 2));
      assemblyView = new DataView(assembly.buffer, assembly.byteOffset, assembly.length);
    }
    const outView = assemblyView;
    const piecesView = this.piecesView;
    if (priceEnds.length < slots) priceEnds = new Uint32Array(slots * 2);
    const out = assembly;
    const ends = priceEnds;
    out.set(GZIP_HEADER, 0);
    let pos = GZIP_HEADER.length;
    const headerWhole = this.headerBits >>> 3;
    out.set(this.header.subarray(0, headerWhole), pos);
    pos += headerWhole;
    let nacc = this.headerBits & 7;
    let acc = nacc ? this.header[headerWhole] & ((1 << nacc) - 1) : 0;
    let crc = segmentCrc[0];
    let priceBytes = 0;
    let previousLength = MIN_PRICE;
    for (let s = 0; s <= slots; s++) {
      const v = s > 0 ? previousLength - MIN_PRICE : 0;
      if (v < 0 || v >= span) return null;
      for (let r = runStart[s]; r < runStart[s + 1]; r++) {
        const index = r * span + v;
        const count = bits[index];
        if (count === NOT_CODED) return null;
        const from = offset[index];
        const whole = count >>> 3;
        // Four bytes at a time, then byte by byte; shifted by the bits pending in `acc`.
        const last = from + whole;
        let k = from;
        if (nacc === 0) {
          for (; k + 4 <= last; k += 4, pos += 4) outView.setUint32(pos, piecesView.getUint32(k, true), true);
          for (; k < last; k++) out[pos++] = pieces[k];
        } else {
          const back32 = 32 - nacc;
          for (; k + 4 <= last; k += 4, pos += 4) {
            const word = piecesView.getUint32(k, true);
            outView.setUint32(pos, (acc | (word << nacc)) >>> 0, true);
            acc = word >>> back32;
          }
          const back = 8 - nacc;
          for (; k < last; k++) {
            const byte = pieces[k];
            out[pos++] = (acc | (byte << nacc)) & 0xff;
            acc = byte >>> back;
          }
        }
        const rest = count & 7;
        if (rest) {
          acc |= (pieces[from + whole] & ((1 << rest) - 1)) << nacc;
          nacc += rest;
          if (nacc >= 8) {
            out[pos++] = acc & 0xff;
            acc >>>= 8;
            nacc -= 8;
          }
        }
        const f = runFar[r];
        if (f >= 0) {
          acc |= this.farLength[f] << nacc;
          nacc += this.farLengthBits[f];
          while (nacc >= 8) {
            out[pos++] = acc & 0xff;
            acc >>>= 8;
            nacc -= 8;
          }
          const j = this.farFrom[f];
          // The prices between the source's segment and this one lengthen the distance.
          const dist = this.farDist[f] + (s > 0 ? ends[s - 1] : 0) - (j > 0 ? ends[j - 1] : 0);
          const dc = DIST_CODE[dist];
          acc |= distCodes[dc] << nacc;
          nacc += distLengths[dc];
          while (nacc >= 8) {
            out[pos++] = acc & 0xff;
            acc >>>= 8;
            nacc -= 8;
          }
          acc |= (dist - DIST_BASE[dc]) << nacc;
          nacc += DIST_EXTRA[dc];
          while (nacc >= 8) {
            out[pos++] = acc & 0xff;
            acc >>>= 8;
            nacc -= 8;
          }
        }
      }
      if (s > 0 && segmentLength[s] > 0) {
        const t = segmentTables[s];
        crc =
          crcTables[t + (crc & 15)] ^
          crcTables[t + 16 + ((crc >>> 4) & 15)] ^
          crcTables[t + 32 + ((crc >>> 8) & 15)] ^
          crcTables[t + 48 + ((crc >>> 12) & 15)] ^
          crcTables[t + 64 + ((crc >>> 16) & 15)] ^
          crcTables[t + 80 + ((crc >>> 20) & 15)] ^
          crcTables[t + 96 + ((crc >>> 24) & 15)] ^
          crcTables[t + 112 + (crc >>> 28)] ^
          segmentCrc[s];
      }
      if (s === slots) break;
      // The price's text as Postgres prints numeric(20,2), e.g. 123.40, digits written from the right.
      const price = cents[s];
      if (!(price >= 0 && price <= Number.MAX_SAFE_INTEGER)) return null;
      let n = 0;
      if (price < 0x80000000) {
        // Small-integer arithmetic (a double's % is several times slower).
        let whole = price | 0;
        const cent = whole % 100;
        whole = ((whole - cent) / 100) | 0;
        digits[n++] = ZERO + (cent % 10);
        digits[n++] = ZERO + ((cent / 10) | 0);
        digits[n++] = DOT;
        do {
          const next = (whole / 10) | 0;
          digits[n++] = ZERO + whole - next * 10;
          whole = next;
        } while (whole > 0);
      } else {
        const cent = price % 100;
        let whole = (price - cent) / 100;
        digits[n++] = ZERO + (cent % 10);
        digits[n++] = ZERO + (cent - (cent % 10)) / 10;
        digits[n++] = DOT;
        do {
          const d = whole % 10;
          digits[n++] = ZERO + d;
          whole = (whole - d) / 10;
        } while (whole > 0);
      }
      let c = ~crc;
      for (let k = n - 1; k >= 0; k--) {
        const sym = digits[k];
        c = CRC_TABLE[(c ^ sym) & 0xff] ^ (c >>> 8);
        acc |= litCodes[sym] << nacc;
        nacc += litLengths[sym];
        while (nacc >= 8) {
          out[pos++] = acc & 0xff;
          acc >>>= 8;
          nacc -= 8;
        }
      }
      crc = ~c;
      priceBytes += n;
      ends[s] = priceBytes;
      previousLength = n;
    }
    acc |= litCodes[END_OF_BLOCK] << nacc;
    nacc += litLengths[END_OF_BLOCK];
    while (nacc > 0) {
      out[pos++] = acc & 0xff;
      acc >>>= 8;
      nacc -= 8;
    }
    out.writeUInt32LE(crc >>> 0, pos);
    out.writeUInt32LE((this.staticBytes + priceBytes) >>> 0, pos + 4);
    return Buffer.from(out.subarray(0, pos + 8));
  }
}

const ZERO = 0x30;
const DOT = 0x2e;
const digits = new Uint8Array(24);
/** Where each price ends in the body's price bytes (far matches' distances need them). */
let priceEnds = new Uint32Array(1024);

/** Where bodies are assembled (grows to the largest page's bound). */
let assembly = Buffer.allocUnsafeSlow(64 * 1024);
let assemblyView = new DataView(assembly.buffer, assembly.byteOffset, assembly.length);

/** gzip member header: deflate, no name, no time, OS unknown. */
const GZIP_HEADER = Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The dynamic block's code tables (RFC 1951 3.2.7), run-length coded. */
function writeCodeTables(w: BitWriter, litLengths: Uint8Array, distLengths: Uint8Array): void {
  const all = [...litLengths, ...distLengths];
  const symbols: { sym: number; extra: number; extraBits: number }[] = [];
  for (let i = 0; i < all.length;) {
    const len = all[i];
    let run = 1;
    while (i + run < all.length && all[i + run] === len) run++;
    let left = run;
    if (len === 0) {
      while (left >= 11) {
        const r = Math.min(left, 138);
        symbols.push({ sym: 18, extra: r - 11, extraBits: 7 });
        left -= r;
      }
      if (left >= 3) {
        symbols.push({ sym: 17, extra: left - 3, extraBits: 3 });
        left = 0;
      }
    } else {
      symbols.push({ sym: len, extra: 0, extraBits: 0 });
      left--;
      while (left >= 3) {
        const r = Math.min(left, 6);
        symbols.push({ sym: 16, extra: r - 3, extraBits: 2 });
        left -= r;
      }
    }
    for (; left > 0; left--) symbols.push({ sym: len, extra: 0, extraBits: 0 });
    i += run;
  }
  const clenFreq = new Array<number>(19).fill(0);
  for (const s of symbols) clenFreq[s.sym]++;
  const used = clenFreq.map((f, sym) => ({ f, sym })).filter((x) => x.f > 0);
  const clenLengths = new Uint8Array(19);
  if (used.length === 1) {
    // A lone symbol still needs a complete code: a second, unused symbol takes the other bit.
    clenLengths[used[0].sym] = 1;
    clenLengths[used[0].sym === 0 ? 1 : 0] = 1;
  } else {
    const lengths = huffmanLengths(
      used.map((x) => x.f),
      7,
    );
    used.forEach((x, k) => (clenLengths[x.sym] = lengths[k]));
  }
  const clenCodes = canonicalCodes(clenLengths);
  let hclen = 19;
  while (hclen > 4 && clenLengths[CLEN_ORDER[hclen - 1]] === 0) hclen--;
  w.write(litLengths.length - 257, 5);
  w.write(distLengths.length - 1, 5);
  w.write(hclen - 4, 4);
  for (let k = 0; k < hclen; k++) w.write(clenLengths[CLEN_ORDER[k]], 3);
  for (const s of symbols) {
    w.write(clenCodes[s.sym], clenLengths[s.sym]);
    if (s.extraBits) w.write(s.extra, s.extraBits);
  }
}
