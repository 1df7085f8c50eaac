import type { QuoteLineView } from '@portal/contracts';
import { QUOTE_MSG, formatPrice, formatQuoteDate, parseMoneyToCents, todayIn, validUntilText } from '@portal/domain';
import { clip, PDF_FONT, PDF_PAGE, PDF_ROW_H, PdfTable, type PdfColumn } from '@portal/platform/pdf-table';
import type { RequestRow } from './quote-requests.repository';

/* The quote as an A4 PDF, in the same page frame and table rows as the price lists. */

const COLS: PdfColumn[] = [
  { key: 'pos', label: '#', x: 40, w: 20 },
  { key: 'item', label: 'Item', x: 62, w: 250 },
  { key: 'qty', label: 'Qty', x: 315, w: 45, align: 'right' },
  { key: 'price', label: 'Unit price', x: 365, w: 70, align: 'right' },
  { key: 'lead', label: 'Lead time', x: 440, w: 50, align: 'right' },
  { key: 'total', label: 'Total', x: 495, w: 60, align: 'right' },
];

const cents = (price: number | null) => (price === null ? null : parseMoneyToCents(price.toFixed(2)));

function itemText(l: QuoteLineView): string {
  if (l.kind === 'unlisted') return `Part ${l.part_number ?? ''}`;
  if (l.kind === 'custom_size') return `${l.description ?? ''} — ${l.catalogue_name ?? ''}`;
  return `${l.part_number ?? ''} ${l.description ?? ''}`;
}

/**
 * Streams the PDF of a quoted (accepted, expired) request; the caller pipes it to the response. Dates
 * are the office's days (`timeZone` is `SUPPLIER_TZ`), as on the screens.
 */
export function renderQuotePdf(row: RequestRow, lines: QuoteLineView[], timeZone: string): PDFKit.PDFDocument {
  const table = new PdfTable(
    {
      title: `Quote ${row.number} — ${row.company_name}`,
      heading: clip(`Quote ${row.number} (revision ${row.revision})`, 60),
      subheading: clip(row.company_name, 60),
    },
    COLS,
  );
  const { doc } = table;
  table.newPage();
  doc
    .font(PDF_FONT.bold)
    .fontSize(14)
    .fillColor('#000')
    .text(`Quotation for ${clip(row.company_name, 60)}`, PDF_PAGE.margin, table.y);
  table.y += 22;
  doc.font(PDF_FONT.regular).fontSize(9);
  const facts = [
    `Requested by ${row.requester_name} on ${formatQuoteDate(todayIn(timeZone, new Date(row.created_at)), true)}`,
    ...(row.customer_reference ? [`${QUOTE_MSG.customerReference}: ${row.customer_reference}`] : []),
    row.valid_until
      ? `This quote is ${validUntilText(row.valid_until)} (${formatQuoteDate(row.valid_until, true)}).`
      : '',
    `Status: ${row.status}`,
  ].filter(Boolean);
  for (const f of facts) {
    doc.text(clip(f, 120), PDF_PAGE.margin, table.y, { lineBreak: false });
    table.y += PDF_ROW_H;
  }
  table.y += 6;
  table.columnHeader();
  let total = 0n;
  for (const l of lines) {
    if (table.ensure(PDF_ROW_H)) table.columnHeader();
    const unit = l.line_status === 'quoted' ? cents(l.quoted_price) : null;
    const lineTotal = unit === null ? null : BigInt(unit) * BigInt(l.quantity);
    if (lineTotal !== null) total += lineTotal;
    table.row({
      pos: String(l.position),
      item: clip(itemText(l), 60),
      qty: String(l.quantity),
      price: l.line_status === 'cannot_quote' ? 'cannot quote' : unit === null ? '' : formatPrice(unit),
      lead: l.lead_time_days === null ? '' : `${l.lead_time_days} d`,
      total: lineTotal === null ? '' : formatPrice(lineTotal),
    });
    if (l.line_note) {
      table.ensure(PDF_ROW_H);
      doc.fillColor('#555').text(clip(l.line_note, 110), 62, table.y, { lineBreak: false });
      table.y += PDF_ROW_H;
    }
  }
  table.ensure(4 * PDF_ROW_H);
  table.y += 4;
  doc.font(PDF_FONT.bold).fontSize(9).fillColor('#000');
  doc.text(`Total ${formatPrice(total)}`, 365, table.y, { width: 190, align: 'right', lineBreak: false });
  table.y += 2 * PDF_ROW_H;
  if (row.made_to_order) {
    doc
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .text(QUOTE_MSG.madeToOrderTerms, PDF_PAGE.margin, table.y, { width: PDF_PAGE.width - 2 * PDF_PAGE.margin });
  }
  doc.end();
  return doc;
}
