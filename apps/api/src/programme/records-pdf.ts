import { STAGE_LABEL, UNIT_KIND_LABEL, formatQuoteDate } from '@portal/domain';
import { clip, PDF_PAGE, PDF_ROW_H, PdfTable, type PdfColumn } from '@portal/platform/pdf-table';
import type { RecordRow, SiteRow } from './programme.repository';

/*
 * A site's filter replacement record (the fields California Title 22 § 73637 names): per unit and
 * slot, the filter fitted, its MERV / efficiency class, every change date, the quantity, the
 * pressure drop and who recorded it. Same page frame and rows as the price lists and quotes.
 */

const COLS: PdfColumn[] = [
  { key: 'date', label: 'Changed on', x: 40, w: 62 },
  { key: 'filter', label: 'Filter fitted', x: 104, w: 130 },
  { key: 'merv', label: 'MERV / class', x: 236, w: 90 },
  { key: 'qty', label: 'Qty', x: 328, w: 28, align: 'right' },
  { key: 'dp', label: 'dP (in. w.c.)', x: 360, w: 52, align: 'right' },
  { key: 'who', label: 'Recorded by', x: 416, w: 80 },
  { key: 'note', label: 'Note', x: 498, w: 57 },
];

function mervText(r: RecordRow): string {
  const merv = r.merv === null ? '' : `MERV ${r.merv}`;
  return [merv, r.efficiency_class ?? ''].filter(Boolean).join(' · ') || '—';
}

export function renderRecordsPdf(site: SiteRow, rows: RecordRow[], from: string | null, to: string | null) {
  const table = new PdfTable(
    {
      title: `Filter replacement record — ${site.name}`,
      heading: clip(`Filter replacement record — ${site.name} (${site.code})`, 70),
      subheading: clip(site.company_name, 60),
    },
    COLS,
  );
  const { doc } = table;
  table.newPage();
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  const address = [site.address_line1, site.address_line2, site.city, site.region, site.postal_code, site.country]
    .filter(Boolean)
    .join(', ');
  const facts = [
    address,
    `Period: ${from ? formatQuoteDate(from, true) : 'from the first record'} – ${to ? formatQuoteDate(to, true) : 'today'}`,
    `${rows.length} recorded change${rows.length === 1 ? '' : 's'}`,
  ].filter(Boolean);
  for (const f of facts) {
    doc.text(clip(f, 120), PDF_PAGE.margin, table.y, { lineBreak: false });
    table.y += PDF_ROW_H;
  }
  table.y += 6;
  let group = '';
  for (const r of rows) {
    const key = `${r.unit_label}|${r.slot_id}`;
    if (key !== group) {
      group = key;
      table.ensure(3 * PDF_ROW_H);
      table.y += 4;
      doc.font('Helvetica-Bold').fontSize(9.5).fillColor('#000');
      const kind = UNIT_KIND_LABEL[r.unit_kind as keyof typeof UNIT_KIND_LABEL] ?? r.unit_kind;
      const stage = STAGE_LABEL[r.stage as keyof typeof STAGE_LABEL] ?? r.stage;
      doc.text(
        clip(`${r.unit_label} (${kind}) — ${stage}${r.removed ? ' (slot removed)' : ''}`, 100),
        PDF_PAGE.margin,
        table.y,
        { lineBreak: false },
      );
      table.y += PDF_ROW_H + 2;
      doc.font('Helvetica').fontSize(9);
      table.columnHeader();
    }
    if (table.ensure(PDF_ROW_H)) table.columnHeader();
    table.row({
      date: r.changed_on,
      filter: clip(r.fitted, 28),
      merv: clip(mervText(r), 22),
      qty: String(r.quantity),
      dp: r.pressure_drop_in_wc === null ? '' : String(Number(r.pressure_drop_in_wc)),
      who: clip(r.recorded_by_name, 18),
      note: clip(r.note ?? '', 12),
    });
  }
  if (!rows.length) {
    doc.text('No filter changes were recorded in this period.', PDF_PAGE.margin, table.y, { lineBreak: false });
  }
  doc.end();
  return doc;
}
