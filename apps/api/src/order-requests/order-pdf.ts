import type { OrderLineView } from '@portal/contracts';
import { ORDER_STATUS_LABEL, formatPrice, formatQuoteDate } from '@portal/domain';
import { clip, PDF_PAGE, PDF_ROW_H, PdfTable, type PdfColumn } from '@portal/platform/pdf-table';
import type { RequestRow } from './order-requests.repository';

/* The order request's acknowledgement as an A4 PDF, in the same page frame and table rows as quotes. */

const COLS: PdfColumn[] = [
  { key: 'pos', label: '#', x: 40, w: 20 },
  { key: 'part', label: 'Part number', x: 62, w: 90 },
  { key: 'item', label: 'Item', x: 155, w: 180 },
  { key: 'qty', label: 'Qty', x: 338, w: 45, align: 'right' },
  { key: 'price', label: 'Unit price', x: 388, w: 75, align: 'right' },
  { key: 'total', label: 'Total', x: 468, w: 87, align: 'right' },
];

/** Wire amounts back to integer cents (they were made from cents, 2 decimals). */
const cents = (v: number) => Math.round(v * 100);

export function renderOrderPdf(row: RequestRow, site: string | null, lines: OrderLineView[]): PDFKit.PDFDocument {
  const table = new PdfTable(
    {
      title: `Order request ${row.number} — ${row.company_name}`,
      heading: clip(`Order request ${row.number}`, 60),
      subheading: clip(row.company_name, 60),
    },
    COLS,
  );
  const { doc } = table;
  table.newPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#000')
    .text(`Order acknowledgement for ${clip(row.company_name, 50)}`, PDF_PAGE.margin, table.y);
  table.y += 22;
  doc.font('Helvetica').fontSize(9);
  const facts = [
    `Requested by ${row.requester_name} on ${formatQuoteDate(new Date(row.created_at).toISOString().slice(0, 10), true)}`,
    ...(site ? [`Site: ${site}`] : []),
    ...(row.po_number ? [`PO number: ${row.po_number}`] : []),
    ...(row.customer_reference ? [`Your reference: ${row.customer_reference}`] : []),
    ...(row.needed_by ? [`Needed by ${formatQuoteDate(row.needed_by, true)}`] : []),
    ...(row.office_ref ? [`Office reference: ${row.office_ref}`] : []),
    ...(row.ships_on ? [`Ships on ${formatQuoteDate(row.ships_on, true)}`] : []),
    ...(row.tracking ? [`Tracking: ${row.tracking}`] : []),
    `Status: ${ORDER_STATUS_LABEL[row.status]}`,
  ];
  for (const f of facts) {
    doc.text(clip(f, 120), PDF_PAGE.margin, table.y, { lineBreak: false });
    table.y += PDF_ROW_H;
  }
  table.y += 6;
  table.columnHeader();
  lines.forEach((l, i) => {
    if (table.ensure(PDF_ROW_H)) table.columnHeader();
    table.row({
      pos: String(i + 1),
      part: clip(l.part_number ?? '', 20),
      item: clip(l.description, 42),
      qty: String(l.quantity),
      price: formatPrice(cents(l.unit_price)),
      total: formatPrice(cents(l.line_total)),
    });
  });
  table.ensure(3 * PDF_ROW_H);
  table.y += 4;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000');
  doc.text(`Total ${formatPrice(row.total_cents)}`, 365, table.y, { width: 190, align: 'right', lineBreak: false });
  doc.end();
  return doc;
}
