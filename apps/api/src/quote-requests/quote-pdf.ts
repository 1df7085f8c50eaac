import PDFDocument from 'pdfkit';
import type { QuoteLineView } from '@portal/contracts';
import { QUOTE_MSG, formatPrice, formatQuoteDate, parseMoneyToCents, validUntilText } from '@portal/domain';
import type { RequestRow } from './quote-requests.repository';

/* The quote as an A4 PDF, drawn with the same library (pdfkit) and page frame as the price lists. */

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const ROW_H = 13;
const COLS = [
  { key: 'pos', label: '#', x: 40, w: 20 },
  { key: 'item', label: 'Item', x: 62, w: 250 },
  { key: 'qty', label: 'Qty', x: 315, w: 45, align: 'right' as const },
  { key: 'price', label: 'Unit price', x: 365, w: 70, align: 'right' as const },
  { key: 'lead', label: 'Lead time', x: 440, w: 50, align: 'right' as const },
  { key: 'total', label: 'Total', x: 495, w: 60, align: 'right' as const },
];

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const cents = (price: number | null) => (price === null ? null : parseMoneyToCents(price.toFixed(2)));

function itemText(l: QuoteLineView): string {
  if (l.kind === 'unlisted') return `Part ${l.part_number ?? ''}`;
  if (l.kind === 'custom_size') return `${l.description ?? ''} — ${l.catalogue_name ?? ''}`;
  return `${l.part_number ?? ''} ${l.description ?? ''}`;
}

/** Streams the PDF of a quoted (accepted, expired) request; the caller pipes it to the response. */
export function renderQuotePdf(row: RequestRow, lines: QuoteLineView[]): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, autoFirstPage: false, bufferPages: false });
  doc.info.Title = `Quote ${row.number} — ${row.company_name}`;
  doc.info.Creator = 'Filter Portal';
  const bottom = PAGE.height - PAGE.margin - 20;
  let page = 0;
  let y = 0;
  const newPage = () => {
    doc.addPage();
    page++;
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000');
    doc.text(clip(`Quote ${row.number} (revision ${row.revision})`, 60), PAGE.margin, 24, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor('#444');
    doc.text(clip(row.company_name, 60), 300, 26, {
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
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#333');
    for (const c of COLS) doc.text(c.label, c.x, y, { width: c.w, align: c.align ?? 'left', lineBreak: false });
    y += ROW_H;
  };
  newPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000')
    .text(`Quotation for ${clip(row.company_name, 60)}`, PAGE.margin, y);
  y += 22;
  doc.font('Helvetica').fontSize(9);
  const facts = [
    `Requested by ${row.requester_name} on ${formatQuoteDate(new Date(row.created_at).toISOString().slice(0, 10), true)}`,
    ...(row.customer_reference ? [`${QUOTE_MSG.customerReference}: ${row.customer_reference}`] : []),
    row.valid_until
      ? `This quote is ${validUntilText(row.valid_until)} (${formatQuoteDate(row.valid_until, true)}).`
      : '',
    `Status: ${row.status}`,
  ].filter(Boolean);
  for (const f of facts) {
    doc.text(clip(f, 120), PAGE.margin, y, { lineBreak: false });
    y += ROW_H;
  }
  y += 6;
  header();
  let total = 0n;
  for (const l of lines) {
    if (y + ROW_H > bottom) {
      newPage();
      header();
    }
    const unit = l.line_status === 'quoted' ? cents(l.quoted_price) : null;
    const lineTotal = unit === null ? null : BigInt(unit) * BigInt(l.quantity);
    if (lineTotal !== null) total += lineTotal;
    const values: Record<string, string> = {
      pos: String(l.position),
      item: clip(itemText(l), 60),
      qty: String(l.quantity),
      price: l.line_status === 'cannot_quote' ? 'cannot quote' : unit === null ? '' : formatPrice(unit),
      lead: l.lead_time_days === null ? '' : `${l.lead_time_days} d`,
      total: lineTotal === null ? '' : formatPrice(lineTotal),
    };
    doc.font('Helvetica').fontSize(8).fillColor('#000');
    for (const c of COLS) doc.text(values[c.key], c.x, y, { width: c.w, align: c.align ?? 'left', lineBreak: false });
    y += ROW_H;
    if (l.line_note) {
      if (y + ROW_H > bottom) newPage();
      doc.fillColor('#555').text(clip(l.line_note, 110), 62, y, { lineBreak: false });
      y += ROW_H;
    }
  }
  if (y + 4 * ROW_H > bottom) newPage();
  y += 4;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000');
  doc.text(`Total ${formatPrice(total)}`, 365, y, { width: 190, align: 'right', lineBreak: false });
  y += 2 * ROW_H;
  if (row.made_to_order) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(QUOTE_MSG.madeToOrderTerms, PAGE.margin, y, { width: PAGE.width - 2 * PAGE.margin });
  }
  doc.end();
  return doc;
}
