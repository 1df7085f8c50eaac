import 'reflect-metadata';
import { Client } from 'pg';
import { runMigrations as runQueueMigrations } from 'bullmq';
import { createDataSource, runMigrations } from '@portal/db';
import { loadDotEnv } from './dotenv';
import { redactUrl, resolveDatabase } from './resolve-services';
import { bootstrapSuperadmin } from './seed';

export interface MigrateResult {
  /** TypeORM migrations applied by this call (empty when the schema was current). */
  applied: string[];
  /** BullMQ Postgres-backend schema version after the call. */
  queueSchemaVersion: number;
}

/**
 * Brings the database up to date: the app's TypeORM migrations, then BullMQ's Postgres
 * backend schema (schema `bullmq`). Idempotent and safe to run concurrently: TypeORM
 * locks per migration and BullMQ serialises with an advisory lock.
 */
export async function migrate(databaseUrl: string): Promise<MigrateResult> {
  const dataSource = createDataSource({ url: databaseUrl, poolSize: 2, applicationName: 'filter-portal-migrate' });
  await dataSource.initialize();
  let applied: string[];
  try {
    applied = await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }

  // BullMQ wants one dedicated session (lock and transaction on the same connection), never a pool.
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  let queueSchemaVersion: number;
  try {
    queueSchemaVersion = await runQueueMigrations(client);
  } finally {
    await client.end().catch(() => undefined);
  }
  return { applied, queueSchemaVersion };
}

/**
 * CLI: `npm run migration:run` (DATABASE_URL, else the same discovery as `npm start`).
 * With SUPERADMIN_PASSWORD set it also creates the superadmin (SUPERADMIN_EMAIL) when missing —
 * the deploy-time equivalent of what `npm start` does; an existing account is never changed.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const db = await resolveDatabase({ log: (l) => console.log(l) });
  try {
    const result = await migrate(db.databaseUrl);
    console.log(
      `Database ${redactUrl(db.databaseUrl)} (${db.source}): ` +
        (result.applied.length ? `applied ${result.applied.join(', ')}` : 'schema already current') +
        `; queue schema v${result.queueSchemaVersion}`,
    );
    if (process.env.SUPERADMIN_PASSWORD) {
      const email = process.env.SUPERADMIN_EMAIL || 'superadmin@filterportal.local';
      const sa = await bootstrapSuperadmin(db.databaseUrl, email, process.env.SUPERADMIN_PASSWORD);
      console.log(
        sa.created ? `Superadmin ${sa.email} created` : `Superadmin ${sa.email}: account exists, left unchanged`,
      );
    }
  } finally {
    await db.stop();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error('Migration failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
