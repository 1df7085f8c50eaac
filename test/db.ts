import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../libs/db/src';
import { TEST_SERVER_URL } from './services';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file (cloned from the run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const runId = process.env.TEST_RUN_ID ?? 'local';
  const name = `portal_t_${runId}_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(TEST_SERVER_URL, name, `portal_tpl_${runId}`);
  await relaxDurability(url, name);
  return { url, name, drop: () => dropDatabase(TEST_SERVER_URL, name) };
}

/**
 * A test database need not survive a crash of the server: its commits do not wait for the WAL flush.
 * Visibility and locking are unchanged, so what the tests assert is not; only the fsync wait goes.
 */
export async function relaxDurability(url: string, name: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
}
