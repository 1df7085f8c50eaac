import { setTimeout as wait } from 'node:timers/promises';

/** Decides how long a piece of background work rests between two of its steps. */
export interface Pacer {
  /** Called between two steps: rests in proportion to the work done since the last call, or not at all. */
  rest(): Promise<void>;
}

/** A pacer that never rests. */
export const unpaced: Pacer = { rest: () => Promise.resolve() };

export interface HostAwarePacerOptions {
  /** Share (0–1] of wall-clock time the work keeps while the rest of the host is busy. */
  busyShare: number;
  /** The rest of the host counts as busy when it uses more than this many cores. */
  busyAboveCores: number;
  /** How long one load reading spans (ms): the kernel counts CPU time in 10 ms ticks. */
  readingMs: number;
  /** Cores the rest of the host used since its previous reading; null when unknown. */
  meter: { read(): number | null };
  now?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
}

/**
 * Lets a background job give way to customers. While the rest of the host is busy (the API serving
 * requests, the database answering them) the job keeps to `busyShare` of wall-clock time: after
 * working `w` ms it rests `w × (1 − share) / share` ms, so requests meet it, and the queries it makes,
 * only that share of the time. The same idea as PostgreSQL's cost-based vacuum delay. On a quiet host
 * it runs flat out. Until the first reading, and where the load cannot be read, the host counts as busy.
 */
export function hostAwarePacer(options: HostAwarePacerOptions): Pacer {
  const { busyShare, busyAboveCores, readingMs, meter } = options;
  if (!(busyShare > 0 && busyShare <= 1)) throw new RangeError(`busyShare must be in (0, 1], got ${busyShare}`);
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? wait;
  let busy = true;
  let readingStarted = now();
  let resumed = readingStarted;
  return {
    async rest() {
      const at = now();
      if (at - readingStarted >= readingMs) {
        const cores = meter.read();
        busy = cores === null || cores > busyAboveCores;
        readingStarted = at;
      }
      const rest = busy ? ((at - resumed) * (1 - busyShare)) / busyShare : 0;
      if (rest >= 1) await sleep(rest);
      resumed = now();
    },
  };
}
