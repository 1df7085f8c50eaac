import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  IMPORT_MSG,
  TEXT_MSG,
  hasControlChars,
  MAX_HEADER_CELL_CHARS,
  MAX_HEADER_ROW_CHARS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELL_BYTES,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_ROW_BYTES,
  MAX_XLSX_INFLATED_BYTES,
} from '@portal/domain';
import {
  SheetReadFailed,
  ZipRejected,
  checkXlsxArchive,
  readRows,
  readRowsIsolated,
  importsDir,
  sniffSpreadsheet,
  type SpreadsheetKind,
} from '@portal/platform';
import { ApiException } from './api-exception';

/** A received import file, checked by content and size, stored under a generated name. */
export interface ReceivedSheet {
  id: string;
  file: string;
  storageName: string;
  name: string;
  size: number;
  kind: SpreadsheetKind;
  /** CSV: data lines (an upper bound when cells hold line breaks); XLSX: 0 (counted by the worker). */
  rows: number;
  fields: Record<string, string>;
}

const HEAD_BYTES = 8192;
const CRLF = Buffer.from('\r\n');

/** Display name: no path, no control characters, bounded. */
function cleanName(raw: string | undefined, kind: SpreadsheetKind, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(0, 200);
  return name && name !== '.' && name !== '..' ? name : `${fallback}.${kind}`;
}

/** Exact record count of a CSV, read as the dry run reads it (only used when the quick line count is over the limit). */
async function countCsvRecords(file: string, stopAfter: number): Promise<number> {
  let n = 0;
  for await (const row of readRows(file, 'csv')) {
    if ('cells' in row && ++n > stopAfter) break;
  }
  return n;
}

async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { force: true }).catch(() => undefined);
}

/**
 * Streams the multipart `file` to `<FILES_DIR>/imports/<uuid>.part` (never buffered whole), keeps the
 * text fields, then checks: content is CSV or XLSX (415), at most 20 MB (413), at most 100,000 data
 * rows (413), an XLSX that inflates within the cap (413). On any failure nothing stays on disk.
 */
export async function receiveSheet(
  req: FastifyRequest,
  filesDir: string,
  fallbackName = 'catalogue',
): Promise<ReceivedSheet> {
  if (!req.isMultipart?.()) throw new ApiException(400, IMPORT_MSG.noFile);
  const dir = importsDir(filesDir);
  await fs.mkdir(dir, { recursive: true });
  const id = randomUUID();
  const tmp = path.join(dir, `${id}.part`);
  const fields: Record<string, string> = {};
  let got: { name: string; size: number; head: Buffer; lines: number; lastByte: number } | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || got) {
        part.file.resume();
        if (part.fieldname === 'file') throw new ApiException(400, IMPORT_MSG.twoFiles);
        continue;
      }
      // Like every other upload: a name with control or bidi characters is refused, not cleaned.
      if (part.filename && hasControlChars(part.filename)) {
        part.file.resume();
        throw new ApiException(400, TEXT_MSG.fileNameControlChars);
      }
      const f = { name: part.filename, size: 0, head: Buffer.alloc(0), lines: 0, lastByte: -1 };
      got = f;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          if (f.head.length < HEAD_BYTES)
            f.head = Buffer.concat([f.head, chunk.subarray(0, HEAD_BYTES - f.head.length)]);
          f.size += chunk.length;
          // Line breaks: LF, CRLF and a bare CR (which csv-parse also takes as one) each count once.
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) f.lines++;
          for (let i = chunk.indexOf(13); i !== -1; i = chunk.indexOf(13, i + 1)) f.lines++;
          for (let i = chunk.indexOf(CRLF); i !== -1; i = chunk.indexOf(CRLF, i + 2)) f.lines--;
          if (f.lastByte === 13 && chunk[0] === 10) f.lines--;
          if (chunk.length) f.lastByte = chunk[chunk.length - 1];
          cb(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(tmp, { flags: 'wx', mode: 0o640 }));
      if (part.file.truncated || f.size > MAX_IMPORT_BYTES) throw new ApiException(413, IMPORT_MSG.tooLarge);
    }
  } catch (err) {
    await removeQuietly(tmp);
    if (err instanceof ApiException) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiException(413, IMPORT_MSG.tooLarge);
    // busboy's file-count limit answers 413 too: it means a second file, not a large one.
    if (code === 'FST_FILES_LIMIT') throw new ApiException(400, IMPORT_MSG.twoFiles);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiException(413, IMPORT_MSG.badUpload);
    throw new ApiException(400, IMPORT_MSG.badUpload);
  }
  if (!got) throw new ApiException(400, IMPORT_MSG.noFile);
  try {
    if (got.size === 0) throw new ApiException(400, IMPORT_MSG.empty);
    const kind = sniffSpreadsheet(got.head);
    if (!kind) throw new ApiException(415, IMPORT_MSG.badType);
    let rows = 0;
    if (kind === 'xlsx') {
      try {
        rows = Math.max(0, (await checkXlsxArchive(tmp, MAX_XLSX_INFLATED_BYTES)).firstSheetRows - 1);
      } catch (err) {
        if (err instanceof ZipRejected) {
          throw err.reason === 'bomb'
            ? new ApiException(413, IMPORT_MSG.zipBomb)
            : new ApiException(415, IMPORT_MSG.badType);
        }
        throw err;
      }
      // Counted as <row> elements (spreadsheet apps write none for rows left blank).
      if (rows > MAX_IMPORT_ROWS) throw new ApiException(413, IMPORT_MSG.tooManyRows);
    } else {
      const lines = got.lines + (got.lastByte === 10 || got.lastByte === 13 ? 0 : 1);
      rows = Math.max(0, lines - 1);
      if (rows > MAX_IMPORT_ROWS) {
        // Quoted cells may hold line breaks: count records exactly before refusing.
        rows = Math.max(0, (await countCsvRecords(tmp, MAX_IMPORT_ROWS + 1)) - 1);
        if (rows > MAX_IMPORT_ROWS) throw new ApiException(413, IMPORT_MSG.tooManyRows);
      }
    }
    const storageName = `${id}.${kind}`;
    const file = path.join(dir, storageName);
    await fs.rename(tmp, file);
    return { id, file, storageName, name: cleanName(got.name, kind, fallbackName), size: got.size, kind, rows, fields };
  } catch (err) {
    await removeQuietly(tmp);
    throw err;
  }
}

/** Heap and time the preview's reading process may use: a header row needs little of either. */
const PREVIEW_READ = { heapMb: 64, stallMs: 20_000 };

/**
 * The header row (column names) of a received sheet, read off the event loop in a disposable process
 * with the import's per-cell and per-row bounds, then the header's own (a column name is short):
 * an oversized header is a 413 at once, and never echoed.
 */
export async function readHeaderRow(file: string, kind: SpreadsheetKind): Promise<string[]> {
  let cells: string[] | null = null;
  try {
    const rows = readRowsIsolated(
      {
        file,
        kind,
        inflatedCap: MAX_XLSX_INFLATED_BYTES,
        limits: { cellBytes: MAX_IMPORT_CELL_BYTES, rowBytes: MAX_IMPORT_ROW_BYTES },
        maxRows: 1,
      },
      PREVIEW_READ,
    );
    for await (const r of rows) {
      // A header that could not be read whole (a CSV record over the row bound) is refused, not skipped.
      if ('error' in r) throw new ApiException(413, IMPORT_MSG.headerTooLong);
      cells = r.cells.map((c) => (c === null ? '' : String(c).trim()));
      break;
    }
  } catch (err) {
    if (!(err instanceof SheetReadFailed)) throw err;
    if (err.reason === 'text') throw new ApiException(413, IMPORT_MSG.textTooLong(err.message));
    if (err.reason === 'bomb') throw new ApiException(413, IMPORT_MSG.zipBomb);
    if (err.reason === 'invalid') throw new ApiException(415, IMPORT_MSG.badType);
    throw new ApiException(413, IMPORT_MSG.readerFailed(err.message.replace(/^the spreadsheet reader /, '')));
  }
  const headers = (cells ?? []).filter((h) => h !== '');
  if (
    headers.some((h) => h.length > MAX_HEADER_CELL_CHARS) ||
    headers.reduce((n, h) => n + h.length, 0) > MAX_HEADER_ROW_CHARS
  ) {
    throw new ApiException(413, IMPORT_MSG.headerTooLong);
  }
  return headers;
}
