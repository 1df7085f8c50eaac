import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { centsToDecimalString, neutraliseCell } from '@portal/domain';
import { csvSink } from '@portal/platform';
import type { ExportLine } from './order-requests.repository';

/** One row per line, for keying into the office's system. */
export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'submitted_at',
  'status',
  'company',
  'requested_by',
  'po_number',
  'customer_reference',
  'needed_by',
  'office_ref',
  'line',
  'kind',
  'part_number',
  'description',
  'quantity',
  'unit_price',
  'line_total',
  'order_total',
] as const;

const txt = (s: string | null) => neutraliseCell(s ?? '');

function cells(r: ExportLine, money: (cents: string) => string | number) {
  return [
    txt(r.number),
    new Date(r.created_at).toISOString(),
    r.status,
    txt(r.company_name),
    txt(r.requester_name),
    txt(r.po_number),
    txt(r.customer_reference),
    r.needed_by ?? '',
    txt(r.office_ref),
    r.position,
    r.kind,
    txt(r.part_number),
    txt(r.description),
    r.quantity,
    money(r.unit_price_cents),
    money(r.line_total_cents),
    money(r.total_cents),
  ];
}

/** The lines as CSV (BOM, formula-looking text neutralised) or XLSX, streamed. */
export async function writeOrderExport(format: 'csv' | 'xlsx', rows: ExportLine[]): Promise<PassThrough> {
  const output = new PassThrough();
  if (format === 'csv') {
    const csv = csvSink(output, { columns: ORDER_EXPORT_COLUMNS, bom: true });
    void (async () => {
      for (const r of rows) await csv.write(cells(r, centsToDecimalString));
      await csv.end();
    })().catch((err: Error) => output.destroy(err));
    return output;
  }
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Order lines', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = ORDER_EXPORT_COLUMNS.map((c) => ({
    header: c,
    key: c,
    width: c === 'description' ? 40 : 16,
    ...(c.endsWith('price') || c.endsWith('total') ? { style: { numFmt: '0.00' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  void (async () => {
    for (const r of rows) {
      ws.addRow(cells(r, (c) => Number(c) / 100)).commit();
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    ws.commit();
    await wb.commit();
  })().catch((err: Error) => output.destroy(err));
  return output;
}
