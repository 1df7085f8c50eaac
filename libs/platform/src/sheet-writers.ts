import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

/* The writing side of spreadsheets, beside the reader (`sheet-rows.ts`). Text cells are written as
   given: callers neutralise formula-looking text (`neutraliseCell`, libs/domain) before. */

export type SheetCell = string | number | null;

/** CSV rows into a file or an HTTP response: backpressure kept, `end` resolves once `output` has every byte. */
export interface CsvSink {
  write(cells: SheetCell[]): Promise<void>;
  end(): Promise<void>;
  /** Stops after a failure (the caller removes what was written). */
  abort(): void;
}

/** A header row of `columns`, then one line per `write`; `bom` for spreadsheet programs that need it. */
export function csvSink(output: Writable, opts: { columns: readonly string[]; bom?: boolean }): CsvSink {
  const csv = stringify({ header: true, columns: [...opts.columns], bom: opts.bom ?? false });
  csv.pipe(output);
  return {
    async write(cells) {
      if (!csv.write(cells)) await once(csv, 'drain');
    },
    async end() {
      csv.end();
      await finished(output, { readable: false });
    },
    abort() {
      csv.destroy();
      output.destroy();
    },
  };
}
