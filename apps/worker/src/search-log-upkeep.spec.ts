import type { DataSource } from 'typeorm';
import { createDataSource, ROLLUP_DAY_SQL } from '../../../libs/db/src';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { startSearchLogUpkeep } from './search-log-upkeep';

jest.setTimeout(30_000);

describe('search log upkeep (worker)', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource({ url: database.url, poolSize: 2 }).initialize();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('rolls finished days up, then deletes raw rows past the retention (the roll-up stays)', async () => {
    await db.query(`UPDATE search_log_rollup SET through = (now() AT TIME ZONE 'UTC')::date - 600`);
    await db.query(
      `INSERT INTO search_log (at, kind, key, raw, results)
       VALUES (now() - interval '500 days', 'part_number', 'OLD1', 'old-1', 0),
              (now() - interval '500 days', 'part_number', 'OLD1', 'OLD 1', 3),
              (now() - interval '10 days', 'find', 'NEW1', 'new-1', 0),
              (now(), 'find', 'TODAY1', 'today-1', 0)`,
    );
    const logs: string[] = [];
    const upkeep = startSearchLogUpkeep(db, 400, (m) => logs.push(m), 0);
    try {
      await new Promise((r) => setTimeout(r, 50));
      await upkeep.run();
    } finally {
      await upkeep.stop();
    }
    const raw = await db.query(`SELECT key FROM search_log ORDER BY at`);
    expect(raw.map((r: { key: string }) => r.key)).toEqual(['NEW1', 'TODAY1']);
    const daily = await db.query(
      `SELECT key, searches, zero_results, examples FROM search_log_daily ORDER BY day, key`,
    );
    const sorted = daily.map((d: { examples: string[] }) => ({ ...d, examples: [...d.examples].sort() }));
    expect(sorted).toEqual([
      { key: 'OLD1', searches: 2, zero_results: 1, examples: ['OLD 1', 'old-1'].sort() },
      { key: 'NEW1', searches: 1, zero_results: 1, examples: ['new-1'] },
    ]);
    const [{ through, today }] = await db.query(
      `SELECT through::text, ${ROLLUP_DAY_SQL}::text AS today FROM search_log_rollup`,
    );
    expect(through).toBe(today);
    expect(logs.some((l) => l.includes('2 rows older than 400 days deleted'))).toBe(true);
  });
});
