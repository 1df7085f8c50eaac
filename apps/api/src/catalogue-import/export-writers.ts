import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, centsToDecimalString, neutraliseCell } from '@portal/domain';
import { csvSink } from '@portal/platform';
import type { ExportRow } from './catalogue-import.repository';

/** Writes export rows to a stream as CSV or XLSX; text cells that would run as formulas are neutralised. */
export interface SheetWriter {
  /** What the HTTP response streams. */
  readonly output: PassThrough;
  write(rows: ExportRow[]): Promise<void>;
  end(): Promise<void>;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const txt = (s: string | null) => neutraliseCell(s ?? '');

/** One export row's cells in IMPORT_COLUMNS order; `num` renders the decimal columns for the format. */
function cells<N>(r: ExportRow, num: (v: string | null) => N, price: (cents: string) => string | number) {
  return [
    txt(r.category),
    txt(r.subcategory),
    txt(r.product),
    txt(r.part_number),
    txt(r.size),
    txt(r.actual_size),
    num(r.depth),
    yesNo(r.odd_size),
    r.odd_size_type ?? '',
    num(r.min_area),
    num(r.max_area),
    yesNo(r.out_of_stock),
    price(r.list_price_cents),
  ];
}

export function csvWriter(): SheetWriter {
  const output = new PassThrough();
  const csv = csvSink(output, { columns: IMPORT_COLUMNS, bom: true });
  return {
    output,
    async write(rows) {
      for (const r of rows)
        await csv.write([...cells(r, (v) => v ?? '', centsToDecimalString), String(r.display_order), txt(r.aliases)]);
    },
    end: () => csv.end(),
  };
}

const WIDTHS: Record<string, number> = { category: 22, subcategory: 22, product: 32, part_number: 18, aliases: 28 };

export function xlsxWriter(): SheetWriter {
  const output = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Catalogue', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = IMPORT_COLUMNS.map((c) => ({
    header: c,
    key: c,
    width: WIDTHS[c] ?? 12,
    ...(c === 'list_price' ? { style: { numFmt: '0.00' } } : {}),
  }));
  ws.autoFilter = { from: 'A1', to: { row: 1, column: IMPORT_COLUMNS.length } };
  ws.getRow(1).font = { bold: true };
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    output,
    async write(rows) {
      for (const r of rows) {
        ws.addRow([...cells(r, num, (cents) => Number(cents) / 100), r.display_order, txt(r.aliases)]).commit();
      }
      // Let the zip stream drain before the next batch.
      if (output.writableNeedDrain) await once(output, 'drain');
    },
    async end() {
      ws.commit();
      await wb.commit();
    },
  };
}
