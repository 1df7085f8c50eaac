import { sendToParent } from './child-ipc';
import { readRows, type SheetRow } from './sheet-rows';
import { ZipRejected, checkXlsxArchive } from './spreadsheets';
import { SHEET_READ_BATCH, type SheetReadMessage, type SheetReadRequest } from './sheet-reader';

/**
 * The disposable spreadsheet-reading process (see `readRowsIsolated`): reads one file it is sent
 * over IPC, checking an XLSX's inflated size and text bounds first, and sends its rows back in
 * batches, each after the parent asked for `more`. Exits when done or when the parent goes away.
 */
let more: (() => void) | null = null;

const send = (m: SheetReadMessage) => sendToParent(m);

const asked = () => new Promise<void>((resolve) => (more = resolve));

process.on('disconnect', () => process.exit(0));
process.on('message', (m: SheetReadRequest | { type: 'more' }) => {
  if (m.type === 'more') {
    const go = more;
    more = null;
    go?.();
  } else if (m.type === 'read') {
    void read(m).finally(() => process.exit(0));
  }
});

async function read(req: SheetReadRequest): Promise<void> {
  try {
    if (req.kind === 'xlsx') await checkXlsxArchive(req.file, req.inflatedCap, req.limits);
    let batch: SheetRow[] = [];
    let count = 0;
    for await (const row of readRows(req.file, req.kind, { maxRecordBytes: req.limits.rowBytes })) {
      if ('cells' in row) {
        const long = row.cells.findIndex((c) => typeof c === 'string' && c.length > req.limits.cellBytes);
        if (long >= 0) {
          const max = req.limits.cellBytes.toLocaleString('en-US');
          throw new ZipRejected('text', `row ${row.line}, column ${long + 1} holds more than ${max} characters`);
        }
      }
      batch.push(row);
      count++;
      const last = req.maxRows !== undefined && count >= req.maxRows;
      if (batch.length >= SHEET_READ_BATCH || last) {
        const next = asked();
        await send({ type: 'rows', rows: batch });
        batch = [];
        await next;
      }
      if (last) break;
    }
    if (batch.length) {
      const next = asked();
      await send({ type: 'rows', rows: batch });
      await next;
    }
    await send({ type: 'end' });
  } catch (err) {
    const reason = err instanceof ZipRejected ? err.reason : 'error';
    await send({ type: 'failed', reason, message: (err as Error).message.slice(0, 300) });
  }
}
