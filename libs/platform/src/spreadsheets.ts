import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInflateRaw } from 'node:zlib';

/**
 * Catalogue import files: where uploads live, what they are by content, and a zip-bomb guard for
 * XLSX that measures the real inflated size (declared sizes in a zip can lie).
 */
export type SpreadsheetKind = 'csv' | 'xlsx';

export function importsDir(filesDir: string): string {
  return path.resolve(filesDir, 'imports');
}

const IMPORT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(csv|xlsx|part)$/;

/** Absolute path of a generated import file name, or null (no traversal possible). */
export function importFilePath(filesDir: string, storageName: string | null | undefined): string | null {
  if (!storageName || !IMPORT_NAME.test(storageName)) return null;
  return path.join(importsDir(filesDir), storageName);
}

/**
 * 'xlsx' for a zip (its workbook part is checked later), 'csv' for UTF-8 text without NUL or other
 * binary control bytes, else null. `head` is the first few KB.
 */
export function sniffSpreadsheet(head: Buffer): SpreadsheetKind | null {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (head.length === 0) return null;
  let text = head;
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
  for (const b of text) {
    // tab, LF, CR and printable bytes only
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  }
  // The head may end inside a multi-byte character: drop up to 3 trailing bytes before decoding.
  for (let cut = 0; cut <= 3 && cut < text.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(text.subarray(0, text.length - cut));
      return 'csv';
    } catch {
      /* try a shorter prefix */
    }
  }
  return null;
}

export class ZipRejected extends Error {
  constructor(
    readonly reason: 'bomb' | 'invalid' | 'text',
    message: string,
  ) {
    super(message);
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  localOffset: number;
}

async function readEntries(file: string): Promise<ZipEntry[]> {
  const fh = await fs.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const tailLen = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipRejected('invalid', 'not a zip archive');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > size) {
      throw new ZipRejected('invalid', 'unsupported zip layout');
    }
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipRejected('invalid', 'broken zip');
      const nameLen = cd.readUInt16LE(p + 28);
      const entry: ZipEntry = {
        method: cd.readUInt16LE(p + 10),
        compressed: cd.readUInt32LE(p + 20),
        declared: cd.readUInt32LE(p + 24),
        name: cd.toString('utf8', p + 46, p + 46 + nameLen),
        localOffset: cd.readUInt32LE(p + 42),
      };
      if (entry.compressed === 0xffffffff || entry.declared === 0xffffffff || entry.localOffset === 0xffffffff) {
        throw new ZipRejected('invalid', 'unsupported zip layout');
      }
      entries.push(entry);
      p += 46 + nameLen + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    for (const e of entries) {
      const local = Buffer.alloc(30);
      await fh.read(local, 0, 30, e.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new ZipRejected('invalid', 'broken zip');
      e.localOffset += 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** What the archive check learned on the way: entry names and the first worksheet's `<row>` count. */
export interface XlsxArchiveFacts {
  entries: string[];
  /** `<row>` elements of the first worksheet in archive order — the sheet an import reads — header included. */
  firstSheetRows: number;
}

const ROW_TAG = Buffer.from('<row');

/** Counts `<row` followed by a space, `>` or `/`, across chunk boundaries. */
function rowCounter(): { feed(chunk: Buffer): void; readonly count: number } {
  let carry = Buffer.alloc(0);
  let count = 0;
  return {
    feed(chunk) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let i = buf.indexOf(ROW_TAG);
      while (i >= 0 && i + ROW_TAG.length < buf.length) {
        const next = buf[i + ROW_TAG.length];
        if (next === 0x20 || next === 0x3e || next === 0x2f) count++;
        i = buf.indexOf(ROW_TAG, i + ROW_TAG.length);
      }
      // Keep a tail that may hold the start of a tag cut by the chunk boundary.
      carry = Buffer.from(buf.subarray(i >= 0 ? i : Math.max(0, buf.length - ROW_TAG.length)));
    },
    get count() {
      return count;
    },
  };
}

/** Bounds on the XML of one workbook, checked while it inflates (`checkXlsxArchive`). */
export interface XlsxTextLimits {
  /** Bytes of XML one cell (`<c>`) or one shared string (`<si>`) may take, markup included. */
  cellBytes: number;
  /** Bytes of XML one worksheet row (`<row>`) may take. */
  rowBytes: number;
}

const LT = 0x3c;
const isNameEnd = (b: number | undefined) =>
  b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Measures, while an XML part streams past, how long its elements of interest are, and refuses as
 * soon as one passes its bound — long before the text would be decoded or held anywhere. Looks only
 * at `<` positions (native `indexOf`), so it costs little next to the inflating itself.
 *
 * - every part: no text run or tag longer than `cellBytes` (the distance between two `<`);
 * - `sharedStrings.xml`: each `<si>` (one shared string, rich-text runs included);
 * - worksheets: each `<c>` (up to its `</c>`, the next cell or the row's end, so self-closing cells
 *   count too) and each `<row>`.
 */
function xmlMeter(part: 'sharedStrings' | 'worksheet' | 'other', limits: XlsxTextLimits) {
  let base = 0; // absolute offset of `carry[0]`
  let carry = Buffer.alloc(0);
  let lastLt = 0;
  let si = -1;
  let cell = -1;
  let row = -1;
  const tooLong = (what: string, max: number) =>
    new ZipRejected('text', `${what} holds more than ${max.toLocaleString('en-US')} bytes`);
  const check = (start: number, at: number, max: number, what: string) => {
    if (start >= 0 && at - start > max) throw tooLong(what, max);
  };
  const startsWith = (buf: Buffer, i: number, tag: string) => {
    for (let k = 0; k < tag.length; k++) if (buf[i + k] !== tag.charCodeAt(k)) return false;
    return true;
  };
  return {
    feed(chunk: Buffer): void {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let i = buf.indexOf(LT);
      let keepFrom = buf.length;
      while (i >= 0) {
        // A tag cut by the chunk boundary is looked at again with the next chunk.
        if (i + 12 > buf.length) {
          keepFrom = i;
          break;
        }
        const at = base + i;
        if (part === 'sharedStrings') {
          if (startsWith(buf, i, '<si') && isNameEnd(buf[i + 3])) si = at;
          else if (startsWith(buf, i, '</si>')) {
            check(si, at, limits.cellBytes, 'a shared string');
            si = -1;
          }
        } else if (part === 'worksheet') {
          const cellOpen = startsWith(buf, i, '<c') && isNameEnd(buf[i + 2]);
          const rowOpen = startsWith(buf, i, '<row') && isNameEnd(buf[i + 4]);
          const rowClose = startsWith(buf, i, '</row>');
          if (cellOpen || rowOpen || rowClose || startsWith(buf, i, '</c>') || startsWith(buf, i, '</sheetData')) {
            check(cell, at, limits.cellBytes, 'a cell');
            cell = cellOpen ? at : -1;
          }
          if (rowOpen || rowClose) {
            check(row, at, limits.rowBytes, 'a row');
            row = rowOpen ? at : -1;
          }
        }
        check(lastLt, at, limits.cellBytes, 'a text or tag');
        lastLt = at;
        i = buf.indexOf(LT, i + 1);
      }
      const end = base + buf.length;
      // Refuse early: an element still open that is already too long (the most specific name first).
      if (part === 'sharedStrings') check(si, end, limits.cellBytes, 'a shared string');
      if (part === 'worksheet') {
        check(cell, end, limits.cellBytes, 'a cell');
        check(row, end, limits.rowBytes, 'a row');
      }
      check(lastLt, end, limits.cellBytes, 'a text or tag');
      carry = Buffer.from(buf.subarray(keepFrom));
      base += keepFrom;
    },
  };
}

function partOf(name: string): 'sharedStrings' | 'worksheet' | 'other' | null {
  if (name === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) return 'worksheet';
  return name.endsWith('.xml') || name.endsWith('.rels') ? 'other' : null;
}

/**
 * Inflates every entry (streaming, output discarded) and refuses the archive as soon as the total
 * passes `cap` bytes, or when it is not an XLSX workbook. Counts the first worksheet's rows on the
 * way, so an upload over the row limit is refused before any work is queued. With `text`, also
 * refuses (reason `text`) as soon as a cell, shared string, row or text run passes its bound.
 */
export async function checkXlsxArchive(file: string, cap: number, text?: XlsxTextLimits): Promise<XlsxArchiveFacts> {
  const entries = await readEntries(file);
  const firstSheet = entries.find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  const rows = rowCounter();
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) throw new ZipRejected('invalid', 'not an XLSX workbook');
  if (entries.reduce((n, e) => n + e.declared, 0) > cap) throw new ZipRejected('bomb', 'declared size over the cap');
  let total = 0;
  for (const e of entries) {
    if (e.compressed === 0) continue;
    if (e.method !== 0 && e.method !== 8) throw new ZipRejected('invalid', 'unsupported compression');
    const part = text ? partOf(e.name) : null;
    const meter = part && text ? xmlMeter(part, text) : null;
    const source = createReadStream(file, { start: e.localOffset, end: e.localOffset + e.compressed - 1 });
    if (e.method === 0) {
      total += e.compressed;
      if (e === firstSheet || meter) {
        for await (const chunk of source) {
          if (e === firstSheet) rows.feed(chunk as Buffer);
          meter?.feed(chunk as Buffer);
        }
      }
      source.destroy();
    } else {
      const inflate = createInflateRaw();
      await new Promise<void>((resolve, reject) => {
        inflate.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (e === firstSheet) rows.feed(chunk);
          let refused: unknown = total > cap ? new ZipRejected('bomb', 'inflated size over the cap') : null;
          try {
            meter?.feed(chunk);
          } catch (err) {
            refused ??= err;
          }
          if (refused) {
            source.destroy();
            inflate.destroy();
            reject(refused);
          }
        });
        inflate.on('end', resolve);
        inflate.on('error', (err) => reject(new ZipRejected('invalid', `broken zip entry: ${err.message}`)));
        source.on('error', reject);
        source.pipe(inflate);
      });
    }
    if (total > cap) throw new ZipRejected('bomb', 'inflated size over the cap');
  }
  return { entries: entries.map((e) => e.name), firstSheetRows: rows.count };
}
