import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import { PRICELIST_COLUMNS, type PricelistFormat } from '@portal/contracts';
import { formatPrice, neutraliseCell, parseMoneyToCents } from '@portal/domain';
// The build process loads this file: the writers alone, not the platform behind `@portal/platform`.
import { clip, PDF_FONT, PDF_PAGE, PDF_ROW_H, PdfTable, type PdfColumn } from '@portal/platform/pdf-table';
import { csvSink } from '@portal/platform/sheet-writers';

/** One line of a price list, as the SQL returns it. `price` is the company price, e.g. '12.30'. */
export interface PricelistLine {
  category: string;
  subcategory: string;
  product: string;
  part_number: string;
  size: string;
  actual_size: string;
  depth: number | null;
  price: string;
}

export interface PricelistMeta {
  companyName: string;
  scopeName: string;
  generatedAt: Date;
  catalogueChangedAt: Date | null;
}

/** Streams rows into a file; `end` resolves once every byte is on disk. */
export interface RowWriter {
  write(row: PricelistLine): Promise<void> | void;
  end(): Promise<void>;
  /** Stops writing after a failure (the caller removes the file). */
  abort(): void;
}

const stamp = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');
const depthText = (d: number | null) => (d === null ? '' : String(d));

function fileStream(path: string): WriteStream {
  return createWriteStream(path, { flags: 'w', mode: 0o640 });
}

/* ------------------------------------------------------------------ CSV */

/** The row's text columns, neutralised so a spreadsheet never reads them as formulas. */
function textCells(r: PricelistLine): string[] {
  return [r.category, r.subcategory, r.product, r.part_number, r.size, r.actual_size].map((v) => neutraliseCell(v));
}

function csvWriter(path: string): RowWriter {
  const csv = csvSink(fileStream(path), { columns: PRICELIST_COLUMNS });
  return {
    write: (r) => csv.write([...textCells(r), depthText(r.depth), r.price]),
    end: () => csv.end(),
    abort: () => csv.abort(),
  };
}

/* ------------------------------------------------------------------ XLSX */

const TABLE_HEADER_ROW = 6;

function xlsxWriter(path: string, meta: PricelistMeta): RowWriter {
  const out = fileStream(path);
  // Loaded for an XLSX list only: the build process of a CSV or PDF list does without its ~40 MB.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy (above)
  const { stream } = require('exceljs') as typeof ExcelJS;
  const book = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Filter Portal';
  book.created = meta.generatedAt;
  const last = String.fromCharCode(64 + PRICELIST_COLUMNS.length);
  const sheet = book.addWorksheet('Price list', {
    views: [{ state: 'frozen', ySplit: TABLE_HEADER_ROW }],
  });
  sheet.autoFilter = `A${TABLE_HEADER_ROW}:${last}${TABLE_HEADER_ROW}`;
  sheet.columns = [24, 24, 36, 18, 16, 16, 8, 12].map((width) => ({ width }));
  const title = sheet.addRow([meta.companyName]);
  title.font = { bold: true, size: 14 };
  title.commit();
  sheet.addRow(['Price list', meta.scopeName]).commit();
  sheet.addRow(['Generated', stamp(meta.generatedAt)]).commit();
  sheet.addRow(['Catalogue last changed', stamp(meta.catalogueChangedAt)]).commit();
  sheet.addRow([]).commit();
  const header = sheet.addRow([...PRICELIST_COLUMNS]);
  header.font = { bold: true };
  header.commit();
  let failed = false;
  return {
    write(r) {
      const row = sheet.addRow([...textCells(r), r.depth, Number(r.price)]);
      row.getCell(8).numFmt = '"$"#,##0.00';
      row.commit();
    },
    async end() {
      if (failed) return;
      sheet.commit();
      await book.commit();
      await finished(out);
    },
    abort() {
      failed = true;
      out.destroy();
    },
  };
}

/* ------------------------------------------------------------------ PDF */

const COLS: PdfColumn[] = [
  { key: 'part_number', label: 'Part Number', x: 40, w: 150 },
  { key: 'size', label: 'Size', x: 195, w: 110 },
  { key: 'actual_size', label: 'Actual Size', x: 310, w: 110 },
  { key: 'depth', label: 'Depth', x: 425, w: 40 },
  { key: 'price', label: 'Price', x: 470, w: 85, align: 'right' },
];

/** Paginated A4 list grouped by category and product; a product's table header repeats on each page. */
function pdfWriter(path: string, meta: PricelistMeta): RowWriter {
  const out = fileStream(path);
  const table = new PdfTable(
    {
      title: `Price list — ${meta.companyName}`,
      heading: clip(meta.companyName, 60),
      subheading: `Price list: ${clip(meta.scopeName, 50)} · ${stamp(meta.generatedAt)}`,
    },
    COLS,
  );
  const { doc } = table;
  doc.pipe(out);
  let category: string | null = null;
  let product: string | null = null;
  let productTitle = '';

  const productHeader = (continued: boolean) => {
    doc.font(PDF_FONT.bold).fontSize(9.5).fillColor('#000');
    doc.text(clip(productTitle + (continued ? ' (continued)' : ''), 95), PDF_PAGE.margin, table.y, {
      lineBreak: false,
    });
    table.y += PDF_ROW_H + 1;
    table.columnHeader();
  };

  return {
    write(r) {
      if (r.category !== category) {
        category = r.category;
        product = null;
        table.ensure(18 + 3 * PDF_ROW_H);
        doc.font(PDF_FONT.bold).fontSize(13).fillColor('#000');
        doc.text(clip(r.category, 70), PDF_PAGE.margin, table.y + 4, { lineBreak: false });
        table.y += 22;
      }
      const key = `${r.subcategory}\u0000${r.product}`;
      if (key !== product) {
        product = key;
        productTitle = r.subcategory ? `${r.subcategory} › ${r.product}` : r.product;
        table.ensure(3 * PDF_ROW_H);
        table.y += 3;
        productHeader(false);
      }
      if (table.ensure(PDF_ROW_H)) productHeader(true);
      const cents = parseMoneyToCents(r.price);
      table.row({
        part_number: clip(r.part_number, 34),
        size: clip(r.size, 26),
        actual_size: clip(r.actual_size, 26),
        depth: depthText(r.depth),
        price: cents === null ? r.price : formatPrice(cents),
      });
    },
    async end() {
      if (table.pages === 0) {
        table.newPage();
        doc.font(PDF_FONT.regular).fontSize(10).text('No products in this price list.', PDF_PAGE.margin, table.y);
      }
      doc.end();
      await finished(out);
    },
    abort() {
      doc.unpipe(out);
      out.destroy();
    },
  };
}

export function createRowWriter(format: PricelistFormat, path: string, meta: PricelistMeta): RowWriter {
  switch (format) {
    case 'csv':
      return csvWriter(path);
    case 'xlsx':
      return xlsxWriter(path, meta);
    case 'pdf':
      return pdfWriter(path, meta);
  }
}
