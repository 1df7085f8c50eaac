import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childEntryPoint } from './child-ipc';
import type { SheetRow } from './sheet-rows';
import type { SpreadsheetKind, XlsxTextLimits } from './spreadsheets';

/**
 * Untrusted spreadsheets are parsed in a disposable process of their own, with its own small heap:
 * a file that makes the parser run out of memory (or spin) ends that process, never the worker or
 * the API that asked. The caller gets the rows as an async stream, in batches, with flow control.
 */

/** What a read asks for. */
export interface SheetReadRequest {
  type: 'read';
  file: string;
  kind: SpreadsheetKind;
  /** Refuse an XLSX whose inflated parts pass this many bytes. */
  inflatedCap: number;
  /** Bounds on cells, shared strings and rows, checked while the file inflates and while rows are read. */
  limits: XlsxTextLimits;
  /** Stop after this many rows (the header only: 1). */
  maxRows?: number;
}

/** What the reading process sends back. */
export type SheetReadMessage =
  { type: 'rows'; rows: SheetRow[] } | { type: 'end' } | { type: 'failed'; reason: SheetReadFailure; message: string };

/** `bomb`/`invalid`/`text`: the file was refused; `crashed`/`stalled`: the reading process died or hung. */
export type SheetReadFailure = 'bomb' | 'invalid' | 'text' | 'crashed' | 'stalled' | 'error';

export class SheetReadFailed extends Error {
  constructor(
    readonly reason: SheetReadFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface IsolatedReadOptions {
  /** Heap of the reading process (MB). */
  heapMb?: number;
  /** The read fails (`stalled`) when the process sends nothing for this long while rows are awaited. */
  stallMs?: number;
}

/** Rows per message; the process waits for `more` after each, so at most two batches are in flight. */
export const SHEET_READ_BATCH = 500;
const DEFAULT_HEAP_MB = 96;
const DEFAULT_STALL_MS = 60_000;

/** The reading process's entry point (the compiled file of the same source under ts-jest). */
const entryPoint = () => childEntryPoint(__filename, path.resolve(__dirname, '../dist'), 'sheet-reader-child.js');

/**
 * Reads `file` in a new process (see above). Ending the iteration early, or any failure, kills the
 * process. Failures are `SheetReadFailed`.
 */
export async function* readRowsIsolated(
  request: Omit<SheetReadRequest, 'type'>,
  options: IsolatedReadOptions = {},
): AsyncGenerator<SheetRow> {
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const child: ChildProcess = fork(entryPoint(), [], {
    execArgv: [`--max-old-space-size=${options.heapMb ?? DEFAULT_HEAP_MB}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  const inbox: SheetReadMessage[] = [];
  let wake: (() => void) | null = null;
  let exit: string | null = null;
  child.on('message', (m: SheetReadMessage) => {
    inbox.push(m);
    wake?.();
  });
  // The end is known once the process exited with its output read ('close') and the IPC channel has
  // delivered every message it carried ('disconnect'), in whichever order those come.
  let closed: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let disconnected = false;
  const ended = () => {
    if (!closed || !disconnected) return;
    const oom = /heap out of memory|Allocation failed/i.test(stderr);
    exit = oom ? 'ran out of memory' : `stopped (${closed.signal ?? `exit code ${closed.code}`})`;
    wake?.();
  };
  child.on('close', (code, signal) => {
    closed = { code, signal };
    ended();
  });
  child.on('disconnect', () => {
    disconnected = true;
    ended();
  });
  child.on('error', (err) => {
    exit ??= `could not run (${err.message})`;
    wake?.();
  });
  try {
    child.send({ type: 'read', ...request } satisfies SheetReadRequest);
    for (;;) {
      if (!inbox.length && exit === null) {
        const stalled = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), stallMs);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = null;
        if (stalled && !inbox.length) {
          throw new SheetReadFailed('stalled', `reading the file took longer than ${stallMs / 1000} s`);
        }
      }
      const m = inbox.shift();
      if (!m) {
        throw new SheetReadFailed('crashed', `the spreadsheet reader ${exit ?? 'stopped'}`);
      }
      if (m.type === 'failed') throw new SheetReadFailed(m.reason, m.message);
      if (m.type === 'end') return;
      if (child.connected) child.send({ type: 'more' });
      yield* m.rows;
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
