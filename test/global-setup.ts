import { execSync } from 'node:child_process';
import { Pool } from 'pg';
import { runMigrations as runQueueMigrations } from 'bullmq';
import { createDataSource, dropDatabase, ensureDatabase, runMigrations } from '../libs/db/src';
import { relaxDurability } from './db';
import { TEST_SERVER_URL } from './services';

/**
 * Builds one migrated template database per run; every test file clones it (CREATE DATABASE …
 * TEMPLATE), so files get isolated databases in ~100 ms instead of re-running migrations.
 */
export default async function globalSetup(): Promise<void> {
  // API tests run the compiled server; make sure it is current (incremental, fast when unchanged).
  if (!process.env.TEST_SKIP_BUILD) execSync('npx tsc -b apps/api apps/worker scripts', { stdio: 'inherit' });
  process.env.TEST_RUN_ID ??= `${process.pid}`;
  const template = `portal_tpl_${process.env.TEST_RUN_ID}`;
  await dropDatabase(TEST_SERVER_URL, template);
  const url = await ensureDatabase(TEST_SERVER_URL, template);
  await relaxDurability(url, template);
  const ds = await createDataSource({ url, poolSize: 1 }).initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await runQueueMigrations(pool);
  } finally {
    await pool.end();
  }
}
