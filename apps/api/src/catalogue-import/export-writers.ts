import { IMPORT_COLUMNS, centsToDecimalString, neutraliseCell } from '@portal/domain';
import { tableWriter, type SheetCell } from '@portal/platform';
import type { ExportRow } from './catalogue-import.repository';

/** Writes export rows to a stream as CSV or XLSX; text cells that would run as formulas are neutralised. */
export interface SheetWriter {
  /** What the HTTP response streams. */
  readonly output: import('node:stream').PassThrough;
  write(rows: ExportRow[]): Promise<void>;
  end(): Promise<void>;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const txt = (s: string | null) => neutraliseCell(s ?? '');

/** One export row's cells in IMPORT_COLUMNS order; `num` renders the decimal columns for the format. */
function cells(r: ExportRow, num: (v: string | null) => SheetCell, price: (cents: string) => SheetCell): SheetCell[] {
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

const WIDTHS: Record<string, number> = { category: 22, subcategory: 22, product: 32, part_number: 18, aliases: 28 };

function writer(format: 'csv' | 'xlsx'): SheetWriter {
  const table = tableWriter(format, {
    columns: IMPORT_COLUMNS,
    sheetName: 'Catalogue',
    widths: WIDTHS,
    numFmts: { list_price: '0.00' },
  });
  const csv = format === 'csv';
  const num = (v: string | null): SheetCell => (csv ? (v ?? '') : v === null ? null : Number(v));
  const price = (cents: string): SheetCell => (csv ? centsToDecimalString(cents) : Number(cents) / 100);
  return {
    output: table.output,
    write: (rows) =>
      table.write(
        rows.map((r) => [
          ...cells(r, num, price),
          csv ? String(r.display_order) : r.display_order,
          txt(r.aliases),
          r.merv === null ? (csv ? '' : null) : csv ? String(r.merv) : r.merv,
          txt(r.efficiency_class),
        ]),
      ),
    end: () => table.end(),
  };
}

export const csvWriter = (): SheetWriter => writer('csv');
export const xlsxWriter = (): SheetWriter => writer('xlsx');
