import { randomBytes } from 'node:crypto';
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
  return { url, name, drop: () => dropDatabase(TEST_SERVER_URL, name) };
}
