import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/* The writing side of spreadsheets, beside the reader (`sheet-rows.ts`). Text cells are written as
   given: callers neutralise formula-looking text (`neutraliseCell`, libs/domain) before. */

export type SheetCell = string | number | null;

/** CSV rows into a file or an HTTP response: backpressure kept, `end` resolves once `output` has every byte. */
export interface CsvSink {
  write(cells: SheetCell[]): Promise<void>;
  end(): Promise<void>;
  /** Stops after a failure (the caller removes what was written). */
  abort(): void;
}

/** A header row of `columns`, then one line per `write`; `bom` for spreadsheet programs that need it. */
export function csvSink(output: Writable, opts: { columns: readonly string[]; bom?: boolean }): CsvSink {
  const csv = stringify({ header: true, columns: [...opts.columns], bom: opts.bom ?? false });
  csv.pipe(output);
  return {
    async write(cells) {
      if (!csv.write(cells)) await once(csv, 'drain');
    },
    async end() {
      csv.end();
      await finished(output, { readable: false });
    },
    abort() {
      csv.destroy();
      output.destroy();
    },
  };
}

/** A table streamed as CSV (UTF-8 with BOM) or XLSX: what every spreadsheet export writes through. */
export interface TableWriter {
  /** What the HTTP response streams. */
  readonly output: PassThrough;
  write(rows: SheetCell[][]): Promise<void>;
  end(): Promise<void>;
}

export interface TableOptions {
  columns: readonly string[];
  /** XLSX: the worksheet's name. */
  sheetName: string;
  /** XLSX: column widths (characters) by column name; 12 otherwise. */
  widths?: Record<string, number>;
  /** XLSX: number formats by column name ('0.00'). */
  numFmts?: Record<string, string>;
}

export const SHEET_MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * CSV: a header row, then one line per row. XLSX: exceljs' streaming writer, header row bold and
 * frozen, an autofilter, numbers typed; each batch lets the zip stream drain before the next.
 */
export function tableWriter(format: 'csv' | 'xlsx', opts: TableOptions): TableWriter {
  const output = new PassThrough();
  if (format === 'csv') {
    const csv = csvSink(output, { columns: opts.columns, bom: true });
    return {
      output,
      async write(rows) {
        for (const r of rows) await csv.write(r);
      },
      end: () => csv.end(),
    };
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(opts.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = opts.columns.map((c) => ({
    header: c,
    key: c,
    width: opts.widths?.[c] ?? 12,
    ...(opts.numFmts?.[c] ? { style: { numFmt: opts.numFmts[c] } } : {}),
  }));
  ws.autoFilter = { from: 'A1', to: { row: 1, column: opts.columns.length } };
  ws.getRow(1).font = { bold: true };
  return {
    output,
    async write(rows) {
      for (const r of rows) ws.addRow(r).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    },
    async end() {
      ws.commit();
      await wb.commit();
    },
  };
}
