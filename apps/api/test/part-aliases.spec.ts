import { randomUUID } from 'node:crypto';
import { FIND_MSG } from '../../../libs/domain/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import { expectSuperadminOnly, signIn } from './support';

jest.setTimeout(90_000);

describe('part aliases', () => {
  let api: TestApi;
  let std: { id: string; part_number: string; category_id: string };
  let odd: { id: string; part_number: string; category_id: string };
  const as: Record<'root' | 'adminA' | 'empA', ApiClient> = {} as never;

  const audit = (action: string) =>
    api.db.query(
      `SELECT entity_id, actor_username, before, after FROM audit_log WHERE action = $1 ORDER BY created_at`,
      [action],
    );

  beforeAll(async () => {
    api = await startTestApi();
    await seedTestCatalogue(api.db);
    const a = await createCompany(api.db, 'Company A');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@a.com', role: 'admin', companyId: a });
    await createUser(api.db, { email: 'emp@a.com', role: 'employee', companyId: a });
    as.root = await signIn(api, 'root@example.com');
    as.adminA = await signIn(api, 'admin@a.com');
    as.empA = await signIn(api, 'emp@a.com');
    const pick = (odd: boolean) =>
      api.db.query(
        `SELECT v.id, v.part_number, p.category_id FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.odd_size = $1 ORDER BY v.part_number LIMIT 1`,
        [odd],
      );
    [std] = await pick(false);
    [odd] = await pick(true);
  });
  afterAll(() => api?.close());

  it('creates, lists and deletes aliases, each change audited', async () => {
    const created = await as.root.request('POST', 'part-aliases', {
      alias: 'FLN-12345',
      variantId: std.id,
      source: 'competitor',
      brand: 'Filtron',
      note: 'from the catalogue 2026',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      alias: 'FLN-12345',
      alias_key: 'FLN12345',
      variant_id: std.id,
      part_number: std.part_number,
      source: 'competitor',
      brand: 'Filtron',
      note: 'from the catalogue 2026',
    });
    const id = created.body.data._id;
    const [entry] = await audit('part_alias.created');
    expect(entry).toMatchObject({
      entity_id: id,
      actor_username: expect.any(String),
      after: { alias: 'FLN-12345', part_number: std.part_number, source: 'competitor', brand: 'Filtron' },
    });

    const byVariant = await as.root.request('GET', `part-aliases?variantId=${std.id}`);
    expect(byVariant.status).toBe(200);
    expect(byVariant.body.data).toMatchObject({ total: 1, list: [{ _id: id, alias: 'FLN-12345' }] });
    const byQ = await as.root.request('GET', 'part-aliases?q=fln%2012');
    expect(byQ.body.data.list.map((r: { _id: string }) => r._id)).toEqual([id]);
    const noQuery = await as.root.request('GET', 'part-aliases');
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.message).toBe(FIND_MSG.aliasQueryRequired);

    const deleted = await as.root.request('DELETE', `part-aliases/${id}`);
    expect(deleted.status).toBe(200);
    expect(await audit('part_alias.deleted')).toMatchObject([{ entity_id: id, before: { alias: 'FLN-12345' } }]);
    expect((await as.root.request('GET', `part-aliases?variantId=${std.id}`)).body.data).toEqual({
      list: [],
      total: 0,
    });
    expect((await as.root.request('DELETE', `part-aliases/${id}`)).status).toBe(404);
    expect((await as.root.request('DELETE', 'part-aliases/not-a-uuid')).status).toBe(400);
    // Gone from find at once (the catalogue cache moves with aliases).
    const find = await as.empA.request('GET', 'catalogue/find?q=FLN-12345');
    expect(find.body.data.list).toEqual([]);
  });

  it('refuses an alias that is one of our part numbers, a repeat, an unknown variant and bad fields', async () => {
    const ours = await as.root.request('POST', 'part-aliases', {
      alias: ` ${std.part_number.toLowerCase().replace(/-/g, ' ')} `,
      variantId: std.id,
      source: 'legacy',
    });
    expect({ status: ours.status, message: ours.body.message }).toEqual({
      status: 400,
      message: FIND_MSG.alreadyPartNumber,
    });
    const first = await as.root.request('POST', 'part-aliases', { alias: 'ABC-1', variantId: std.id, source: 'oem' });
    expect(first.status).toBe(201);
    const repeat = await as.root.request('POST', 'part-aliases', { alias: 'abc 1', variantId: std.id, source: 'oem' });
    expect({ status: repeat.status, message: repeat.body.message }).toEqual({
      status: 409,
      message: FIND_MSG.duplicateAlias,
    });
    const unknown = await as.root.request('POST', 'part-aliases', {
      alias: 'ABC-2',
      variantId: randomUUID(),
      source: 'oem',
    });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 400,
      message: FIND_MSG.unknownVariant,
    });
    for (const [body, message] of [
      [{ variantId: std.id, source: 'oem' }, FIND_MSG.aliasRequired],
      [{ alias: '---', variantId: std.id, source: 'oem' }, FIND_MSG.aliasNoCharacters],
      [{ alias: 'A'.repeat(101), variantId: std.id, source: 'oem' }, FIND_MSG.aliasTooLong],
      [{ alias: 'ABC-3', variantId: 'nope', source: 'oem' }, FIND_MSG.variantIdInvalid],
      [{ alias: 'ABC-3', variantId: std.id, source: 'rival' }, FIND_MSG.sourceInvalid],
      [{ alias: 'ABC-3', variantId: std.id, source: 'oem', brand: 'B'.repeat(101) }, FIND_MSG.brandTooLong],
    ] as const) {
      const res = await as.root.request('POST', 'part-aliases', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    // Nothing refused was written.
    const rows = await api.db.query(`SELECT alias FROM part_aliases ORDER BY alias`);
    expect(rows.map((r: { alias: string }) => r.alias)).toEqual(['ABC-1']);
  });

  it('never reveals an odd-size variant through its alias outside the odd-size search', async () => {
    const created = await as.root.request('POST', 'part-aliases', {
      alias: 'ODD-4711',
      variantId: odd.id,
      source: 'competitor',
    });
    expect(created.status).toBe(201);
    for (const who of [as.empA, as.root]) {
      expect((await who.request('GET', 'catalogue/find?q=odd4711')).body.data.list).toEqual([]);
      const pn = await who.request('GET', `catalogue/productNumber/${odd.category_id}?partNumber=ODD-4711`);
      expect(pn.status).toBe(404);
    }
  });

  it('answers only superadmins (403 for admins and employees, 401 anonymous)', async () => {
    const [alias] = await api.db.query(`SELECT id FROM part_aliases LIMIT 1`);
    const routes: [string, string, unknown?][] = [
      ['POST', 'part-aliases', { alias: 'X-1', variantId: std.id, source: 'oem' }],
      ['GET', `part-aliases?variantId=${std.id}`],
      ['DELETE', `part-aliases/${alias.id}`],
    ];
    await expectSuperadminOnly(api, [as.adminA, as.empA], routes);
    expect((await api.db.query(`SELECT 1 FROM part_aliases WHERE id = $1`, [alias.id])).length).toBe(1);
  });
});
