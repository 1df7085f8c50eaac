import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';

/**
 * exceljs is loaded on first use: it is ~40 MB of code in memory, and most processes that import this
 * module (the API, the worker) never read a spreadsheet themselves.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy (above)
const loadExcel = (): typeof ExcelJS => require('exceljs') as typeof ExcelJS;
import type { SpreadsheetKind } from './spreadsheets';

/** One cell as read: text, a typed XLSX value, or empty. */
export type Cell = string | number | boolean | null;

/** A data line of the file (`line` = line number, header = 1), or a line that could not be read. */
export type SheetRow = { line: number; cells: Cell[] } | { line: number; error: string };

/** `,` or `;`: whichever appears more often outside quotes on the header line. */
export async function detectDelimiter(file: string): Promise<',' | ';'> {
  const fh = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString('utf8');
    let comma = 0;
    let semi = 0;
    let quoted = false;
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && (ch === '\n' || ch === '\r')) break;
      else if (!quoted && ch === ',') comma++;
      else if (!quoted && ch === ';') semi++;
    }
    return semi > comma ? ';' : ',';
  } finally {
    await fh.close();
  }
}

/** Bounds of a read: a CSV record longer than `maxRecordBytes` becomes a row error (never held whole). */
export interface ReadRowsOptions {
  maxRecordBytes?: number;
}

async function* readCsv(file: string, opts: ReadRowsOptions): AsyncGenerator<SheetRow> {
  const delimiter = await detectDelimiter(file);
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_records_with_error: true,
      skip_empty_lines: true,
      info: true,
      ...(opts.maxRecordBytes ? { max_record_size: opts.maxRecordBytes } : {}),
    }),
  );
  const skipped: SheetRow[] = [];
  parser.on('skip', (err: Error & { lines?: number }) => {
    skipped.push({ line: err.lines ?? 0, error: err.message.replace(/ at line \d+/, '') });
  });
  for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length) yield skipped.shift()!;
    // info.lines is where the record ends: step back over line breaks inside quoted cells.
    let inner = 0;
    for (const c of rec.record) if (c.includes('\n')) inner += c.split('\n').length - 1;
    yield { line: rec.info.lines - inner, cells: rec.record };
  }
  while (skipped.length) yield skipped.shift()!;
}

function xlsxCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) {
      const r = (v as ExcelJS.CellFormulaValue).result;
      return r === undefined || r === null || typeof r === 'object' ? null : (r as Cell);
    }
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return null;
  }
  return null;
}

async function* readXlsx(file: string): AsyncGenerator<SheetRow> {
  const reader = new (loadExcel().stream.xlsx.WorkbookReader)(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(xlsxCell(values[i]));
      yield { line: row.number, cells };
    }
    break; // first sheet only
  }
}

export function readRows(file: string, kind: SpreadsheetKind, opts: ReadRowsOptions = {}): AsyncGenerator<SheetRow> {
  return kind === 'csv' ? readCsv(file, opts) : readXlsx(file);
}
