import { FIND_MSG, SEARCH_BUDGET } from '../../../libs/domain/src';
import { type ApiClient, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import { seedTwoCompanies, signIn, waitFor, type TwoCompanyUsers } from './support';

jest.setTimeout(180_000);

/**
 * The search log's budget per person (issue: one employee wrote 3,817 logged searches in 20 s):
 * 30 logged committed searches a minute, 429 beyond 120, typing=1 never logged with its own 600,
 * a key repeated within a minute is one row, and the demand report says how many were not logged.
 */
describe('search-log budget per person', () => {
  let api: TestApi;
  let as: TwoCompanyUsers;
  let coA: string;
  let coB: string;
  let subcategory: string;

  const find = (who: ApiClient, q: string, extra = '') =>
    who.request('GET', `catalogue/find?q=${encodeURIComponent(q)}${extra}`);
  const userId = async (email: string): Promise<string> =>
    (await api.db.query(`SELECT id FROM users WHERE email = $1`, [email]))[0].id;
  const loggedRows = async (email: string): Promise<number> =>
    (await api.db.query(`SELECT count(*)::int AS n FROM search_log WHERE user_id = $1`, [await userId(email)]))[0].n;
  const buffered = async () => (await as.root.request('GET', 'demand/log-status')).body.data.buffered as number;
  /** Waits until the writer has flushed everything it holds. */
  const flushed = () => waitFor(async () => (await buffered()) === 0);

  beforeAll(async () => {
    api = await startTestApi({ SEARCH_LOG_FLUSH_MS: '100' });
    await seedTestCatalogue(api.db);
    ({ as, companyA: coA, companyB: coB } = await seedTwoCompanies(api, { names: ['Acme Air', 'Blue Ducts'] }));
    [{ id: subcategory }] = await api.db.query(
      `SELECT subcategory_id AS id FROM products WHERE subcategory_id IS NOT NULL LIMIT 1`,
    );
  });
  afterAll(() => api?.close());

  it('a burst of 20 loops × 8 committed searches: 120 answered, 30 logged, the rest 429; the report counts 90 not logged', async () => {
    const statuses: number[] = [];
    for (let loop = 0; loop < 20; loop++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => find(as.empA, `JUNK-${loop}-${i}`).then((r) => r.status)),
      );
      statuses.push(...answers);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SEARCH_BUDGET.committed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(160 - SEARCH_BUDGET.committed);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refused = await find(as.empA, 'one-more');
    expect(refused).toMatchObject({ status: 429, body: { message: FIND_MSG.tooManySearches } });
    // A part-number search of the catalogue screen is a committed search too: same budget.
    const pn = await as.empA.request('GET', `catalogue/productNumber/${subcategory}?partNumber=NOPE-1`);
    expect(pn.status).toBe(429);

    await flushed();
    expect(await loggedRows('emp@a.com')).toBe(SEARCH_BUDGET.logged);
    const report = await as.root.request('GET', `demand/parts?zeroOnly=false&companyId=${coA}`);
    expect(report.status).toBe(200);
    expect(report.body.data.not_logged).toEqual({
      over_budget: SEARCH_BUDGET.committed - SEARCH_BUDGET.logged,
      repeats: 0,
    });
    // The office's zero-result report holds at most 30 of this person's rows.
    expect(report.body.data.total).toBeLessThanOrEqual(SEARCH_BUDGET.logged);
    // Another person of another company is not affected.
    expect((await find(as.empB, 'JUNK-0-0')).status).toBe(200);
  });

  it('the same search again within a minute is one row; the repeats are counted', async () => {
    await flushed();
    const before = await loggedRows('emp@b.com');
    for (let i = 0; i < 5; i++) expect((await find(as.empB, 'rf-16201')).status).toBe(200);
    // Written differently, the same key: still the same search.
    expect((await find(as.empB, 'RF 16201')).status).toBe(200);
    expect((await find(as.empB, '20x25x1')).status).toBe(200);
    expect((await find(as.empB, '20 x 25 x 1')).status).toBe(200);
    await flushed();
    expect((await loggedRows('emp@b.com')) - before).toBe(2);
    const report = await as.root.request('GET', `demand/parts?zeroOnly=false&companyId=${coB}`);
    expect(report.body.data.not_logged).toEqual({ over_budget: 0, repeats: 6 });
    // A repeat older than a minute is a new row.
    await api.db.query(
      `UPDATE search_budget SET recent = (SELECT jsonb_object_agg(k, (v::text::float8 - 61)) FROM jsonb_each(recent) e(k, v)),
              window_start = window_start - interval '61 seconds'
        WHERE user_id = $1`,
      [await userId('emp@b.com')],
    );
    expect((await find(as.empB, 'rf-16201')).status).toBe(200);
    await flushed();
    expect((await loggedRows('emp@b.com')) - before).toBe(3);
  });

  it('typing=1 is never logged and has its own budget of 600 a minute', async () => {
    const admin = as.adminA;
    await flushed();
    const before = await loggedRows('admin@a.com');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => find(admin, `TYPED-${i}`, '&typing=1').then((r) => r.status)),
    );
    expect(burst.every((s) => s === 200)).toBe(true);
    // Spend the rest of the minute's budget directly, then the 600th passes and the 601st is 429.
    await api.db.query(`UPDATE search_budget SET typing = $2 WHERE user_id = $1`, [
      await userId('admin@a.com'),
      SEARCH_BUDGET.typing - 1,
    ]);
    expect((await find(admin, 'TYPED-x', '&typing=1')).status).toBe(200);
    expect(await find(admin, 'TYPED-y', '&typing=1')).toMatchObject({
      status: 429,
      body: { message: FIND_MSG.tooManySearches },
    });
    // The typing budget does not touch the committed one.
    expect((await find(admin, 'COMMITTED-1')).status).toBe(200);
    await flushed();
    expect((await loggedRows('admin@a.com')) - before).toBe(1);
    const [row] = await api.db.query(`SELECT count(*)::int AS n FROM search_log WHERE raw LIKE 'TYPED-%'`);
    expect(row.n).toBe(0);
  });

  it('the budget window passes: a person refused a minute ago searches and is logged again', async () => {
    const id = await userId('emp@a.com');
    expect((await find(as.empA, 'after-the-minute')).status).toBe(429);
    await api.db.query(
      `UPDATE search_budget SET window_start = window_start - interval '61 seconds' WHERE user_id = $1`,
      [id],
    );
    const before = await loggedRows('emp@a.com');
    expect((await find(as.empA, 'after-the-minute')).status).toBe(200);
    await flushed();
    expect((await loggedRows('emp@a.com')) - before).toBe(1);
  });

  it('the budget holds across API processes: a burst split over two processes still answers 120', async () => {
    const second = await startTestApi({ DATABASE_URL: api.database.url, SEARCH_LOG_FLUSH_MS: '100' });
    try {
      const there = await signIn(second, 'root@example.com');
      const statuses: number[] = [];
      for (let loop = 0; loop < 20; loop++) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            find(i % 2 ? there : as.root, `SPLIT-${loop}-${i}`).then((r) => r.status),
          ),
        );
        statuses.push(...answers);
      }
      expect(statuses.filter((x) => x === 200)).toHaveLength(SEARCH_BUDGET.committed);
      expect(statuses.filter((x) => x === 429)).toHaveLength(160 - SEARCH_BUDGET.committed);
      await flushed();
      await waitFor(async () => (await there.request('GET', 'demand/log-status')).body.data.buffered === 0);
      expect(await loggedRows('root@example.com')).toBe(SEARCH_BUDGET.logged);
    } finally {
      await second.close();
    }
  });
});
