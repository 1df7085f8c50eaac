import { EnvError, loadEnv, type Env } from './env';

/**
 * A process's entry point (API, worker): validates the environment — an invalid one prints every
 * problem and exits 1 — then runs `start`; a failed start prints `<name> failed to start: …` and exits 1.
 */
export function runMain(name: string, start: (env: Env) => Promise<void>): void {
  const main = async () => {
    let env: Env;
    try {
      env = loadEnv();
    } catch (err) {
      if (err instanceof EnvError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
    await start(env);
  };
  main().catch((err: unknown) => {
    console.error(`${name} failed to start:`, err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

/**
 * Node flags every worker launch uses. The worker's jobs stream (imports, exports, price lists), so
 * their live heap is small; without a cap V8 lets garbage pile up before a full collection and the
 * process grew to ~340 MB during a 100,000-row import (~200 MB with the cap, same run times). The
 * young generation is capped as Node 22 sized it (3 × 16 MiB): Node 24 lets it grow to 3 × 64 MiB.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=160', '--max-semi-space-size=16'];
