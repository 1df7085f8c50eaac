import type { EventEmitter } from 'node:events';
import { Pool } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

export interface DataSourceConfig {
  url: string;
  /** Pool size per process. */
  poolSize?: number;
  applicationName?: string;
  logging?: boolean;
}

export function createDataSource(config: DataSourceConfig): DataSource {
  const options: DataSourceOptions = {
    type: 'postgres',
    url: config.url,
    // Raw SQL only (libs/db/src/sql.ts): no entities; TypeORM runs the migrations and the pool.
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: config.logging ? ['error', 'warn', 'query'] : ['error'],
    poolSize: config.poolSize ?? 10,
    applicationName: config.applicationName ?? 'filter-portal',
    extra: POOL_OPTIONS,
  };
  return new DataSource(options);
}

const POOL_OPTIONS = {
  // Fail fast instead of queueing forever when Postgres is unreachable.
  connectionTimeoutMillis: 5000,
  idleTimeoutMillis: 30000,
  // A client whose backend dies while it is checked out but between queries (terminated
  // backend, Postgres restart) emits `error`; pg-pool listens only while the client is idle,
  // so without this listener Node crashes the process (node-postgres #1707, #2762). The
  // broken client is dropped by the pool when it is released (it is no longer queryable).
  onConnect: (client: EventEmitter) => {
    client.on('error', () => undefined);
  },
};

/**
 * A plain pg pool with the data source's connection settings, for work that needs a session of its
 * own (e.g. session-level advisory locks): the DataSource's pool is TypeORM's internal.
 */
export function createPool(config: DataSourceConfig): Pool {
  const pool = new Pool({
    connectionString: config.url,
    max: config.poolSize ?? 10,
    application_name: config.applicationName ?? 'filter-portal',
    ...POOL_OPTIONS,
  });
  pool.on('error', () => undefined); // an idle client's error: pg-pool drops that client
  return pool;
}

/**
 * Refuses a database that is not UTF-8 before anything is migrated, with what to do about it
 * (the find migration's `normalize()` and every customer's text need UTF-8).
 */
export async function assertUtf8Database(dataSource: DataSource): Promise<void> {
  const rows: { encoding: string; name: string }[] = await dataSource.query(
    `SELECT current_setting('server_encoding') AS encoding, current_database() AS name`,
  );
  const { encoding, name } = rows[0];
  if (encoding === 'UTF8') return;
  throw new Error(
    `Database "${name}" uses the ${encoding} encoding; Filter Portal needs UTF8. ` +
      `Create it as UTF-8 (CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C') and point DATABASE_URL at it, ` +
      `or, for the embedded Postgres, delete its data directory (.data/pg) and start again.`,
  );
}

/** Applies pending migrations; safe to run from several processes (TypeORM takes a lock per migration). */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  await assertUtf8Database(dataSource);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
