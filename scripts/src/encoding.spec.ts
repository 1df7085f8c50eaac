import { Client } from 'pg';
import { assertUtf8Database, createDataSource, dropDatabase, runMigrations, withDatabase } from '@portal/db';
import { TEST_SERVER_URL } from '../../test/services';

/** A database that is not UTF-8 is refused before any migration, with what to do about it. */
describe('migrations need a UTF-8 database', () => {
  const name = `portal_ascii_${process.pid}`;

  beforeAll(async () => {
    const admin = new Client({ connectionString: withDatabase(TEST_SERVER_URL, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'SQL_ASCII' LOCALE 'C'`);
    } finally {
      await admin.end();
    }
  });
  afterAll(() => dropDatabase(TEST_SERVER_URL, name));

  it('says which encoding it found and how to make a UTF-8 one, and migrates nothing', async () => {
    const ds = await createDataSource({ url: withDatabase(TEST_SERVER_URL, name), poolSize: 1 }).initialize();
    try {
      await expect(runMigrations(ds)).rejects.toThrow(
        `Database "${name}" uses the SQL_ASCII encoding; Filter Portal needs UTF8. Create it as UTF-8 (CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C')`,
      );
      const tables: { n: string }[] = await ds.query(
        `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(tables[0].n).toBe('0');
    } finally {
      await ds.destroy();
    }
  });

  it('accepts the UTF-8 databases the portal creates', async () => {
    const ds = await createDataSource({ url: withDatabase(TEST_SERVER_URL, 'postgres'), poolSize: 1 }).initialize();
    try {
      await expect(assertUtf8Database(ds)).resolves.toBeUndefined();
    } finally {
      await ds.destroy();
    }
  });
});
