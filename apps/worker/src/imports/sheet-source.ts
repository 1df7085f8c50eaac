import { IMPORT_MSG, MAX_IMPORT_CELL_BYTES, MAX_IMPORT_ROW_BYTES, MAX_XLSX_INFLATED_BYTES } from '@portal/domain';
import { SheetReadFailed, readRowsIsolated, type SheetRow, type SpreadsheetKind } from '@portal/platform';

/**
 * What every spreadsheet import's dry run shares (the catalogue's and the programme's): the uploaded
 * file read in a disposable process with the import bounds, what its starter is told when the file
 * could not be read, and progress reported at most every 250 ms.
 */

/** Heap of the process a dry run reads its file in: ExcelJS keeps an XLSX's shared strings. */
export const DRY_RUN_READER_HEAP_MB = 128;

/** The file's rows, parsed in a disposable process with a small heap: a poison file ends that process, not the worker. */
export function importRows(file: string, kind: SpreadsheetKind, stallMs?: number): AsyncGenerator<SheetRow> {
  return readRowsIsolated(
    {
      file,
      kind,
      inflatedCap: MAX_XLSX_INFLATED_BYTES,
      limits: { cellBytes: MAX_IMPORT_CELL_BYTES, rowBytes: MAX_IMPORT_ROW_BYTES },
    },
    { heapMb: DRY_RUN_READER_HEAP_MB, stallMs },
  );
}

/** What the starter is told when their file could not be read. */
export function readFailureMessage(err: unknown): string {
  if (!(err instanceof SheetReadFailed)) return `The file could not be read: ${(err as Error).message.slice(0, 200)}`;
  switch (err.reason) {
    case 'bomb':
      return IMPORT_MSG.zipBomb;
    case 'invalid':
      return IMPORT_MSG.badType;
    case 'text':
      return IMPORT_MSG.textTooLong(err.message);
    case 'crashed':
    case 'stalled':
      return IMPORT_MSG.readerFailed(err.message.replace(/^the spreadsheet reader /, ''));
    case 'error':
      return `The file could not be read: ${err.message.slice(0, 200)}`;
  }
}

/** `report(done)` at most every `ms` (the last call of a burst is dropped; the caller reports the end itself). */
export function throttled(report: (done: number) => Promise<void>, ms = 250): (done: number) => Promise<void> {
  let last = 0;
  return async (done) => {
    const now = Date.now();
    if (now - last < ms) return;
    last = now;
    await report(done);
  };
}
