import type { DataSource } from 'typeorm';
import { createDataSource } from '../../../libs/db/src';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import { startAuditRetention } from '../src/audit-retention';

describe('audit retention job', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource({
      url: database.url,
      applicationName: 'audit-retention-test',
      poolSize: 2,
    }).initialize();
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('deletes only entries older than the configured days, and logs how many', async () => {
    await db.query(
      `INSERT INTO audit_log (action, entity, created_at)
       SELECT 'company.updated', 'company', now() - make_interval(days => d) FROM unnest(ARRAY[10, 89, 91, 400]) d`,
    );
    const logs: string[] = [];
    const job = startAuditRetention(db, 90, (m) => logs.push(m), 10);
    for (let i = 0; i < 100 && !logs.length; i++) await new Promise((r) => setTimeout(r, 50));
    await job.stop();
    expect(logs).toEqual(['audit retention: 2 entries older than 90 days deleted']);
    const left: { age: number }[] = await db.query(
      `SELECT extract(day FROM now() - created_at)::int AS age FROM audit_log ORDER BY created_at DESC`,
    );
    expect(left.map((r) => r.age)).toEqual([10, 89]);
  });
});
