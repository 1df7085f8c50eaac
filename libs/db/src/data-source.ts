import type { EventEmitter } from 'node:events';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
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
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'typeorm_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: config.logging ? ['error', 'warn', 'query'] : ['error'],
    poolSize: config.poolSize ?? 10,
    applicationName: config.applicationName ?? 'filter-portal',
    extra: {
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
    },
  };
  return new DataSource(options);
}

/** Applies pending migrations; safe to run from several processes (TypeORM takes a lock per migration). */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
