import type { Pool, PoolClient } from 'pg';
import { createDataSource, createPool } from '../../libs/db/src';
import { scratchDir, sleep, startPrivatePostgres, type PrivatePostgres } from './harness';

/**
 * node-postgres emits `error` on a client whose backend dies while it is checked out of the pool
 * but not running a query (e.g. between two statements of a transaction). With no listener,
 * Node crashes the process (node-postgres #1707, #2762) — seen in the Postgres-restart scenario.
 * Every pooled client of our data sources carries a permanent listener (data-source.ts `onConnect`).
 */
describe('TypeORM pool: a checked-out client whose backend is terminated', () => {
  let pg: PrivatePostgres;
  beforeAll(async () => {
    pg = await startPrivatePostgres(scratchDir('pg-pool'));
  }, 60_000);
  afterAll(() => pg?.stop(), 30_000);

  it('does not crash the process, and the pool hands out working clients afterwards', async () => {
    const ds = await createDataSource({ url: pg.url, poolSize: 2, applicationName: 'pool-probe' }).initialize();
    const errors: unknown[] = [];
    const onUncaught = (err: unknown) => errors.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const pool = (ds.driver as unknown as { master: Pool }).master;
      const client: PoolClient = await pool.connect(); // checked out: the pool's idle listener is off
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      await pg.query(
        'postgres',
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pool-probe'`,
      );
      await sleep(500);
      client.release(new Error('backend terminated'));
      expect(errors).toEqual([]);
      expect(await ds.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await ds.destroy();
    }
  }, 60_000);

  it("the same holds for a plain pool from createPool (the worker's email send-lock pool)", async () => {
    const pool = createPool({ url: pg.url, poolSize: 2, applicationName: 'lock-pool-probe' });
    const errors: unknown[] = [];
    const onUncaught = (err: unknown) => errors.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const client = await pool.connect();
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      await pg.query(
        'postgres',
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lock-pool-probe'`,
      );
      await sleep(500);
      client.release(true);
      expect(errors).toEqual([]);
      expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await pool.end();
    }
  }, 60_000);
});
