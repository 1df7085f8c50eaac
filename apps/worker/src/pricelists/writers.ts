import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { PRICELIST_COLUMNS, type PricelistFormat } from '@portal/contracts';
import { formatPrice, neutraliseCell, parseMoneyToCents } from '@portal/domain';
// The build process loads this file: the writer alone, not the platform behind `@portal/platform`.
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
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const ROW_H = 13;
const COLS = [
  { key: 'part_number', label: 'Part Number', x: 40, w: 150 },
  { key: 'size', label: 'Size', x: 195, w: 110 },
  { key: 'actual_size', label: 'Actual Size', x: 310, w: 110 },
  { key: 'depth', label: 'Depth', x: 425, w: 40 },
  { key: 'price', label: 'Price', x: 470, w: 85, align: 'right' as const },
];

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Paginated A4 list grouped by category and product. Pages are flushed as they fill (no buffered
 * pages), so the header and the "Page N" footer are drawn when each page starts.
 */
function pdfWriter(path: string, meta: PricelistMeta): RowWriter {
  const out = fileStream(path);
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, autoFirstPage: false, bufferPages: false });
  doc.info.Title = `Price list — ${meta.companyName}`;
  doc.info.Creator = 'Filter Portal';
  doc.pipe(out);
  const bottom = PAGE.height - PAGE.margin - 20;
  let page = 0;
  let y = 0;
  let category: string | null = null;
  let product: string | null = null;
  let productTitle = '';

  const newPage = () => {
    doc.addPage();
    page++;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000');
    doc.text(clip(meta.companyName, 60), PAGE.margin, 24, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor('#444');
    doc.text(`Price list: ${clip(meta.scopeName, 50)} · ${stamp(meta.generatedAt)}`, 300, 26, {
      width: PAGE.width - 300 - PAGE.margin,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(PAGE.margin, 40)
      .lineTo(PAGE.width - PAGE.margin, 40)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    // The footer sits inside the bottom margin: lift the margin so pdfkit does not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(`Page ${page}`, PAGE.margin, PAGE.height - 30, {
      width: PAGE.width - 2 * PAGE.margin,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
    y = 52;
  };
  const ensure = (height: number): boolean => {
    if (page > 0 && y + height <= bottom) return false;
    newPage();
    return true;
  };
  const tableHeader = () => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#333');
    for (const c of COLS) doc.text(c.label, c.x, y, { width: c.w, align: c.align ?? 'left', lineBreak: false });
    y += ROW_H;
  };
  const productHeader = (continued: boolean) => {
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor('#000');
    doc.text(clip(productTitle + (continued ? ' (continued)' : ''), 95), PAGE.margin, y, { lineBreak: false });
    y += ROW_H + 1;
    tableHeader();
  };

  return {
    write(r) {
      if (r.category !== category) {
        category = r.category;
        product = null;
        ensure(18 + 3 * ROW_H);
        doc.font('Helvetica-Bold').fontSize(13).fillColor('#000');
        doc.text(clip(r.category, 70), PAGE.margin, y + 4, { lineBreak: false });
        y += 22;
      }
      const key = `${r.subcategory}\u0000${r.product}`;
      if (key !== product) {
        product = key;
        productTitle = r.subcategory ? `${r.subcategory} › ${r.product}` : r.product;
        ensure(3 * ROW_H);
        y += 3;
        productHeader(false);
      }
      if (ensure(ROW_H)) productHeader(true);
      doc.font('Helvetica').fontSize(8).fillColor('#000');
      const cents = parseMoneyToCents(r.price);
      const values: Record<string, string> = {
        part_number: clip(r.part_number, 34),
        size: clip(r.size, 26),
        actual_size: clip(r.actual_size, 26),
        depth: depthText(r.depth),
        price: cents === null ? r.price : formatPrice(cents),
      };
      for (const c of COLS) {
        doc.text(values[c.key], c.x, y, { width: c.w, align: c.align ?? 'left', lineBreak: false });
      }
      y += ROW_H;
    },
    async end() {
      if (page === 0) {
        newPage();
        doc.font('Helvetica').fontSize(10).text('No products in this price list.', PAGE.margin, y);
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
