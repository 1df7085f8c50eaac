/** A job started by `startPeriodic`. */
export interface PeriodicJob {
  /** Runs the task now, after any run in progress; resolves when it is done (a failure is logged). */
  run(): Promise<void>;
  /** No more runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` `firstRunMs` after start-up, then every `everyMs`, one run at a time. A failure is
 * logged as `<name> failed: <message>`, and the next run comes all the same.
 */
export function startPeriodic(
  name: string,
  task: () => Promise<void>,
  opts: { firstRunMs: number; everyMs: number; log: (msg: string) => void },
): PeriodicJob {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(task)
      .catch((err: unknown) => opts.log(`${name} failed: ${err instanceof Error ? err.message : String(err)}`));
    return running;
  };
  const first = setTimeout(() => void run(), opts.firstRunMs);
  const timer = setInterval(() => void run(), opts.everyMs);
  first.unref();
  timer.unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
