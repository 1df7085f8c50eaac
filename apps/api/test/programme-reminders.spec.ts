import { sendProgrammeReminders } from '../../../libs/db/src';
import { startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { fakeMailer, startTestWorker, waitFor } from './support';
import { seedProgrammeCompanies } from './support/programme';

/**
 * Programme reminders with an injected clock: one digest per site and due month once the site's
 * local time has passed 07:00 on the first notice day, one overdue digest — exactly once, whether
 * the sweep runs twice, on two workers at once, or after a sweep that died half-way.
 */
describe('programme reminders', () => {
  let api: TestApi;
  let workers: WorkerRuntime[] = [];
  const mailer = fakeMailer();
  let now = new Date('2000-01-01T00:00:00Z');
  let companyId: string;
  let contactId: string;
  let variantId: string;
  let categoryId: string;
  let seq = 0;

  /** A site in `tz` with one unit; contacts optional. */
  async function site(tz: string, contacts: string[] = []): Promise<{ siteId: string; unitId: string }> {
    seq++;
    const [s] = await api.db.query(
      `INSERT INTO sites (company_id, name, code, time_zone) VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, `Building ${seq}`, `B${seq}`, tz],
    );
    for (const c of contacts)
      await api.db.query(`INSERT INTO site_contacts (site_id, user_id) VALUES ($1, $2)`, [s.id, c]);
    const [u] = await api.db.query(
      `INSERT INTO site_units (site_id, company_id, label, kind) VALUES ($1, $2, 'AHU-1', 'ahu') RETURNING id`,
      [s.id, companyId],
    );
    return { siteId: s.id, unitId: u.id };
  }

  async function slot(
    at: { siteId: string; unitId: string },
    nextDue: string,
    opts: { quantity?: number; custom?: boolean; notice?: number } = {},
  ) {
    await api.db.query(
      `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, catalogue_id, width, height, depth,
         measure, quantity, interval_unit, interval_count, anchor_date, next_due, notice_days)
       VALUES ($1, $2, $3, 'single', $4, $5, $6, $7, $7, $8, $9, $10, 'month', 3, $11::date - interval '3 months', $11, $12)`,
      [
        at.unitId,
        at.siteId,
        companyId,
        opts.custom ? 'custom_size' : 'catalogue',
        opts.custom ? null : variantId,
        opts.custom ? categoryId : null,
        opts.custom ? 20.5 : null,
        opts.custom ? 1 : null,
        opts.custom ? 'exact' : null,
        opts.quantity ?? 1,
        nextDue,
        opts.notice ?? 14,
      ],
    );
  }

  const sweep = (at: Date, w = workers[0]) => w.sweepProgrammeReminders(at);
  /** Digest events written for one site (other tests' sites may get theirs in the same sweep). */
  const events = async (siteId: string) =>
    (
      await api.db.query(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'programme.reminder' AND payload->>'siteId' = $1`,
        [siteId],
      )
    )[0].n as number;
  const digests = async (siteId: string) =>
    (await api.db.query(`SELECT due_month, kind FROM programme_reminders WHERE site_id = $1 ORDER BY kind`, [
      siteId,
    ])) as {
      due_month: string;
      kind: string;
    }[];

  beforeAll(async () => {
    api = await startTestApi();
    const seeded = await seedProgrammeCompanies(api, ['adminA', 'contactA'], {
      users: { adminA: { email: 'admin@campus.edu' }, contactA: { email: 'tech@campus.edu' } },
    });
    companyId = seeded.companyA;
    contactId = seeded.ids.contactA;
    [{ id: variantId }] = seeded.variants;
    categoryId = seeded.categoryId;
    // The timers read the same injected clock: extra sweeps must not send anything twice either.
    const clock = { now: () => now };
    workers = [
      await startTestWorker(api, {}, { mailer, clock, programmeSweepMs: 200 }),
      await startTestWorker(api, {}, { mailer, clock, programmeSweepMs: 200 }),
    ];
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await api?.close();
  });

  it('sends one digest at 07:00 site time on the first notice day, and only once', async () => {
    const at = await site('America/Los_Angeles', [contactId]);
    await slot(at, '2031-03-01', { quantity: 12 });
    await slot(at, '2031-03-20', { quantity: 2 });
    await slot(at, '2031-03-05', { custom: true, quantity: 2, notice: 10 });
    // First notice day: 1 Mar − 14 days = 15 Feb, 07:00 in Los Angeles (PST, UTC−8) = 15:00 UTC.
    expect(await sweep(new Date('2031-02-15T14:59:59Z'))).toBe(0);
    now = new Date('2031-02-15T14:59:59Z');
    await new Promise((r) => setTimeout(r, 500));
    expect(await digests(at.siteId)).toEqual([]);
    const first = new Date('2031-02-15T15:00:00Z');
    now = first;
    await waitFor(async () => (await digests(at.siteId)).length === 1, 5000);
    expect(await sweep(first)).toBe(0);
    expect(await sweep(new Date('2031-02-20T00:00:00Z'))).toBe(0);
    expect(await digests(at.siteId)).toEqual([{ due_month: '2031-03', kind: 'due' }]);
    const mail = await waitFor(() => mailer.sent.find((m) => m.to === 'tech@campus.edu' && /Building/.test(m.subject)));
    expect(mail.subject).toBe(`Building ${seq}: 16 filters due 1 Mar; 1 odd size needs a quote`);
    expect(mail.html).toContain(`/employee/programme/due?month=2031-03&amp;site=${at.siteId}`);
    await new Promise((r) => setTimeout(r, 800));
    expect(mailer.sent.filter((m) => m.subject === mail.subject)).toHaveLength(1);
    const notes = await api.db.query(`SELECT description FROM notifications WHERE description = $1`, [mail.subject]);
    expect(notes).toHaveLength(1);
  });

  it('the site time zone decides the hour (Europe/Berlin, across the spring DST change)', async () => {
    const at = await site('Europe/Berlin', [contactId]);
    // Due 12 Apr 2032, notice 14 days: 29 Mar 2032 07:00 in Berlin is CEST (UTC+2) → 05:00 UTC.
    await slot(at, '2032-04-12');
    const w = workers[0];
    await sweep(new Date('2032-03-29T04:59:59Z'), w);
    expect(await digests(at.siteId)).toEqual([]);
    await sweep(new Date('2032-03-29T05:00:00Z'), w);
    expect(await digests(at.siteId)).toEqual([{ due_month: '2032-04', kind: 'due' }]);
    expect(await events(at.siteId)).toBe(1);
  });

  it('two workers sweeping at once send one digest', async () => {
    const at = await site('UTC', [contactId]);
    await slot(at, '2033-06-10');
    const t = new Date('2033-05-27T07:00:00Z');
    await Promise.all([sweep(t, workers[0]), sweep(t, workers[1]), sweep(t, workers[0]), sweep(t, workers[1])]);
    expect(await events(at.siteId)).toBe(1);
    expect(await digests(at.siteId)).toHaveLength(1);
  });

  it('a sweep that dies half-way sends nothing; the next one sends once', async () => {
    const at = await site('UTC', [contactId]);
    await slot(at, '2034-06-10');
    const t = new Date('2034-06-01T08:00:00Z');
    const before = await api.db.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'programme.reminder'`);
    await expect(
      api.db.transaction(async (m) => {
        const sent = await sendProgrammeReminders(m, t);
        expect(sent.map((s) => s.siteId)).toContain(at.siteId);
        throw new Error('worker killed mid-sweep');
      }),
    ).rejects.toThrow('worker killed mid-sweep');
    expect(await digests(at.siteId)).toEqual([]);
    const after = await api.db.query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'programme.reminder'`);
    expect(after[0].n).toBe(before[0].n);
    await sweep(t);
    await sweep(t);
    expect(await digests(at.siteId)).toHaveLength(1);
    expect(await events(at.siteId)).toBe(1);
  });

  it('one overdue digest; a site without contacts reminds the admins; a suppressed address gets the notification only', async () => {
    await api.db.query(`INSERT INTO email_suppressions (address, reason) VALUES ('admin@campus.edu', 'hard_bounce')`);
    const at = await site('UTC');
    await slot(at, '2035-01-10', { quantity: 3 });
    const t = new Date('2035-01-18T09:00:00Z');
    await sweep(t);
    await sweep(new Date('2035-01-25T09:00:00Z'));
    expect(await events(at.siteId)).toBe(1);
    expect(await digests(at.siteId)).toEqual([{ due_month: '2035-01', kind: 'overdue' }]);
    const sentence = `Building ${seq}: 3 filters overdue since 10 Jan`;
    await waitFor(
      async () => (await api.db.query(`SELECT 1 FROM notifications WHERE description = $1`, [sentence])).length,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailer.sent.filter((m) => m.subject === sentence)).toEqual([]);
  });
});
