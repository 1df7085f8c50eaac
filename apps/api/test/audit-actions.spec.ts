import { Client } from 'pg';
import { AUDIT_ACTIONS } from '../../../libs/contracts/src';
import { createTestDatabase, type TestDatabase } from '../../../test/db';

/** The actions a function's source compares `action` with (`action = 'x'`, `action IN ('x', 'y')`). */
function actionsNamed(source: string): string[] {
  const compared = [...source.matchAll(/\baction\s*(?:=\s*'[^']*'|IN\s*\([^)]*\))/gi)].map((m) => m[0]);
  return compared.flatMap((c) => [...c.matchAll(/'([^']*)'/g)].map((m) => m[1]));
}

describe('audit actions named by the database', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('every action a trigger on audit_log counts is in AUDIT_ACTIONS', async () => {
    const { rows } = await client.query<{ trigger: string; source: string }>(
      `SELECT t.tgname AS trigger, p.prosrc AS source
         FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE t.tgrelid = 'audit_log'::regclass AND NOT t.tgisinternal`,
    );
    const named = rows.flatMap((r) => actionsNamed(r.source).map((action) => ({ trigger: r.trigger, action })));
    // The operations counters (ops_company_daily) are kept by one of them: the check reads real sources.
    expect(named.map((n) => n.action)).toEqual(
      expect.arrayContaining(['auth.login', 'pricelist.requested', 'quote_request.submitted']),
    );
    const unknown = named.filter((n) => !(n.action in AUDIT_ACTIONS));
    expect(unknown).toEqual([]);
  });
});
