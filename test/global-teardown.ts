import { Client } from 'pg';
import { dropDatabase, withDatabase } from '../libs/db/src';
import { TEST_SERVER_URL } from './services';

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.TEST_RUN_ID ?? 'local';
  const client = new Client({ connectionString: withDatabase(TEST_SERVER_URL, 'postgres') });
  await client.connect();
  const rows = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
    [`portal_t_${runId}_%`, `portal_tpl_${runId}`],
  );
  await client.end();
  for (const { datname } of rows.rows) await dropDatabase(TEST_SERVER_URL, datname);
}
