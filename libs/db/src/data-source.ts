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

/** Applies pending migrations; safe to run from several processes (TypeORM takes a lock per migration). */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
