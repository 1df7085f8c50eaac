import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import {
  QUOTE_MSG,
  CATALOGUE_MSG,
  addDays,
  customerPriceCents,
  decideQuoteAction,
  percentageForProductLine,
  todayIn,
  type QuoteParty,
} from '../../../libs/domain/src';
import type { QuoteAction, QuoteStatus } from '../../../libs/contracts/src';
import { type ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { seedTestCatalogue } from '../../../test/catalogue';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { connectSocket, fakeMailer, signInAll, startTestWorker, waitFor } from './support';

const TZ = 'America/New_York';
type Who = 'root' | 'adminA' | 'empA' | 'empA2' | 'adminB' | 'empB';
const WHO: Who[] = ['root', 'adminA', 'empA', 'empA2', 'adminB', 'empB'];

describe('quote requests', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  const mailer = fakeMailer();
  let companyA: string;
  let companyB: string;
  const as: Record<Who, ApiClient> = {} as never;
  const ids: Record<Who, string> = {} as never;
  const sockets: Socket[] = [];
  let variant: { id: string; part_number: string; list_price_cents: string; product_line: string | null };
  let categoryId: string;

  const today = () => todayIn(TZ);

  async function submit(who: ApiClient, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return who.request('POST', 'quote-requests', body, headers);
  }

  /** A submitted request by empA (unless `who`), with a catalogue, a custom and an unlisted line. */
  async function newRequest(who: ApiClient = as.empA): Promise<{ _id: string; number: string }> {
    // Many requests by one user here: earlier ones are moved out of the hourly window (429 is tested apart).
    await api.db.query(
      `UPDATE quote_requests SET created_at = created_at - interval '1 hour' WHERE created_at > now() - interval '1 hour' AND requested_by = ANY($1::uuid[])`,
      [[ids.empA, ids.empA2, ids.empB, ids.adminA]],
    );
    const res = await submit(who, {
      lines: [
        { kind: 'catalogue', variant_id: variant.id, quantity: 2 },
        {
          kind: 'custom_size',
          catalogue_id: categoryId,
          width: '16 3/8',
          height: '20 1/4',
          depth: 1,
          measure: 'exact',
          quantity: 5,
        },
        { kind: 'unlisted', part_number: 'XYZ-123', quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const act = (who: ApiClient, id: string, action: string, body: unknown = {}) =>
    who.request('POST', `quote-requests/${id}/${action}`, body);
  const detail = async (who: ApiClient, id: string) => (await who.request('GET', `quote-requests/${id}`)).body.data;

  /** The body of a send-quote that prices every line at 12.50 (line 2 cannot be quoted when `partial`). */
  async function quoteBody(id: string, validUntil = addDays(today(), 14), partial = false) {
    const d = await detail(as.root, id);
    return {
      version: d.version,
      valid_until: validUntil,
      lines: d.lines.map((l: { _id: string; position: number }) =>
        partial && l.position === 2
          ? { _id: l._id, line_status: 'cannot_quote', line_note: 'Not in this depth' }
          : { _id: l._id, line_status: 'quoted', quoted_price: '12.50', lead_time_days: 10 },
      ),
    };
  }

  async function quoted(id: string, validUntil?: string) {
    const res = await act(as.root, id, 'send-quote', await quoteBody(id, validUntil));
    expect(res.status).toBe(200);
    return res.body.data;
  }

  const statusOf = async (id: string): Promise<QuoteStatus> =>
    (await api.db.query(`SELECT status FROM quote_requests WHERE id = $1`, [id]))[0].status;

  beforeAll(async () => {
    api = await startTestApi({ SUPPLIER_TZ: TZ });
    await seedTestCatalogue(api.db);
    companyA = await createCompany(api.db, 'Acme Air');
    companyB = await createCompany(api.db, 'Beta Cooling');
    await api.db.query(
      `UPDATE companies SET discount_percentage = 45.55, rigidflow_percentage = 52.35, minipro_percentage = 48.75, polyroll_percentage = 33.33 WHERE id = $1`,
      [companyA],
    );
    const users: Record<Who, Parameters<typeof createUser>[1]> = {
      root: { email: 'root@example.com', role: 'superadmin' },
      adminA: { email: 'admin@acme.com', role: 'admin', companyId: companyA },
      empA: { email: 'emp@acme.com', role: 'employee', companyId: companyA },
      empA2: { email: 'emp2@acme.com', role: 'employee', companyId: companyA },
      adminB: { email: 'admin@beta.com', role: 'admin', companyId: companyB },
      empB: { email: 'emp@beta.com', role: 'employee', companyId: companyB },
    };
    for (const w of WHO) ids[w] = (await createUser(api.db, users[w])).id;
    Object.assign(
      as,
      await signInAll(api, Object.fromEntries(WHO.map((w) => [w, users[w].email])) as Record<Who, string>),
    );
    [variant] = await api.db.query(
      `SELECT v.id, v.part_number, v.list_price_cents::text AS list_price_cents, k.product_line
         FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
        WHERE NOT v.odd_size AND k.product_line IS NOT NULL ORDER BY v.part_number LIMIT 2`,
    );
    [{ id: categoryId }] = await api.db.query(`SELECT id FROM categories ORDER BY display_order LIMIT 1`);
    worker = await startTestWorker(api, {}, { mailer });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await api?.close();
  });

  describe('submitting', () => {
    it('keeps the company price, the size type and the number; identical lines merge', async () => {
      const res = await submit(as.empA, {
        lines: [
          { kind: 'catalogue', variant_id: variant.id, quantity: 2 },
          { kind: 'catalogue', variant_id: variant.id, quantity: 3 },
          {
            kind: 'custom_size',
            catalogue_id: categoryId,
            width: '16 3/8',
            height: '20 1/4',
            depth: '1',
            measure: 'nominal',
            quantity: 4,
          },
          {
            kind: 'custom_size',
            catalogue_id: categoryId,
            width: 40,
            height: 40,
            depth: 2,
            measure: 'nominal',
            quantity: 1,
          },
          { kind: 'unlisted', part_number: ' XYZ-123 ', quantity: 1 },
          { kind: 'unlisted', part_number: 'xyz-123', quantity: 6 },
        ],
        note: 'Needed for the new wing',
        customer_reference: 'PO-77',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        _id: expect.any(String),
        number: expect.stringMatching(/^Q-\d{6}$/),
        status: 'submitted',
        merged: 2,
      });
      expect(res.body.message).toContain(QUOTE_MSG.merged(2));
      const d = await detail(as.empA, res.body.data._id);
      const [company] = await api.db.query(
        `SELECT discount_percentage::text AS discount_percentage, rigidflow_percentage::text AS rigidflow_percentage,
                minipro_percentage::text AS minipro_percentage, polyroll_percentage::text AS polyroll_percentage FROM companies WHERE id = $1`,
        [companyA],
      );
      const expected =
        customerPriceCents(variant.list_price_cents, percentageForProductLine(variant.product_line as never, company)) /
        100;
      expect(d.lines).toHaveLength(4);
      expect(d.lines[0]).toMatchObject({
        position: 1,
        kind: 'catalogue',
        variant_id: variant.id,
        quantity: 5,
        snapshot_price: expected,
        line_status: 'open',
        quoted_price: null,
      });
      expect(d.lines[1]).toMatchObject({
        kind: 'custom_size',
        width: 16.375,
        height: 20.25,
        depth: 1,
        measure: 'exact',
        size_type: 'SINGLE',
        quantity: 4,
      });
      // Over 30″ at depth 2 stops a search, not a request: the office quotes exactly these.
      expect(d.lines[2]).toMatchObject({
        kind: 'custom_size',
        width: 40,
        height: 40,
        depth: 2,
        measure: 'nominal',
        size_type: null,
      });
      expect(d.lines[3]).toMatchObject({ kind: 'unlisted', part_number: 'XYZ-123', quantity: 7 });
      expect(d.lines[0].today_price).toBeUndefined();
      expect(d).toMatchObject({
        note: 'Needed for the new wing',
        customer_reference: 'PO-77',
        revision: 1,
        version: 1,
        made_to_order: true,
      });
      expect(d.allowed_actions).toEqual(['withdraw']);
      const office = await detail(as.root, res.body.data._id);
      expect(office.lines[0].today_price).toBe(expected);
      expect(office.lines[1].nearest_variants.length).toBeGreaterThan(0);
      expect(office.allowed_actions).toEqual(['assign', 'request-info', 'send-quote', 'reject']);
      const next = await newRequest();
      expect(Number(next.number.slice(2))).toBe(Number(res.body.data.number.slice(2)) + 1);
    });

    it('refuses bad input with a 400 naming the field, and superadmins with 403', async () => {
      const cases: [unknown, string, string][] = [
        [{ lines: [] }, 'lines', QUOTE_MSG.linesRequired],
        [
          { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 0 }] },
          'lines.0.quantity',
          QUOTE_MSG.quantityInvalid,
        ],
        [
          { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 100_001 }] },
          'lines.0.quantity',
          QUOTE_MSG.quantityInvalid,
        ],
        [
          { lines: [{ kind: 'unlisted', part_number: '  ', quantity: 1 }] },
          'lines.0.part_number',
          QUOTE_MSG.partNumberRequired,
        ],
        [
          {
            lines: [
              {
                kind: 'custom_size',
                catalogue_id: categoryId,
                width: '1/16',
                height: 20,
                depth: 1,
                measure: 'exact',
                quantity: 1,
              },
            ],
          },
          'lines.0.width',
          CATALOGUE_MSG.dimensionsTooSmall,
        ],
        [
          {
            lines: [
              {
                kind: 'custom_size',
                catalogue_id: categoryId,
                width: 'abc',
                height: 20,
                depth: 1,
                measure: 'exact',
                quantity: 1,
              },
            ],
          },
          'lines.0.width',
          CATALOGUE_MSG.dimensionsInvalid,
        ],
        [
          {
            lines: [
              {
                kind: 'custom_size',
                catalogue_id: categoryId,
                width: 20,
                height: 20,
                depth: 1,
                measure: 'big',
                quantity: 1,
              },
            ],
          },
          'lines.0.measure',
          QUOTE_MSG.measureInvalid,
        ],
        [
          { lines: [{ kind: 'catalogue', variant_id: 'nope', quantity: 1 }] },
          'lines.0.variant_id',
          QUOTE_MSG.variantInvalid,
        ],
        [
          { lines: [{ kind: 'catalogue', variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
          'lines.0.variant_id',
          QUOTE_MSG.variantNotFound(1),
        ],
        [
          {
            lines: [
              {
                kind: 'custom_size',
                catalogue_id: '00000000-0000-4000-8000-000000000000',
                width: 20,
                height: 20,
                depth: 1,
                measure: 'exact',
                quantity: 1,
              },
            ],
          },
          'lines.0.catalogue_id',
          QUOTE_MSG.catalogueNotFound(1),
        ],
        [
          { lines: Array.from({ length: 201 }, (_, i) => ({ kind: 'unlisted', part_number: `P${i}`, quantity: 1 })) },
          'lines',
          QUOTE_MSG.tooManyLines(200),
        ],
        [
          { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 1 }], note: 'x'.repeat(4001) },
          'note',
          QUOTE_MSG.noteTooLong,
        ],
        [
          { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 1 }], needed_by: '2026-02-30' },
          'needed_by',
          QUOTE_MSG.dateInvalid,
        ],
      ];
      const before = (await api.db.query(`SELECT count(*)::int AS n FROM quote_requests`))[0].n;
      for (const [body, field, message] of cases) {
        const res = await submit(as.empA, body as Record<string, unknown>);
        expect({ field, status: res.status, message: res.body.message, named: res.body.errors?.[field] }).toEqual({
          field,
          status: 400,
          message,
          named: message,
        });
      }
      const merged = await submit(as.empA, {
        lines: [
          { kind: 'unlisted', part_number: 'BIG', quantity: 60_000 },
          { kind: 'unlisted', part_number: 'big', quantity: 50_000 },
        ],
      });
      expect(merged.status).toBe(400);
      expect(merged.body.errors).toEqual({ 'lines.1.quantity': QUOTE_MSG.quantityInvalid });
      const kind = await submit(as.empA, { lines: [{ kind: 'other', quantity: 1 }] });
      expect(kind.status).toBe(400);
      expect((await submit(as.root, { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 1 }] })).status).toBe(
        403,
      );
      const key = await submit(
        as.empA,
        { lines: [{ kind: 'unlisted', part_number: 'A', quantity: 1 }] },
        { 'idempotency-key': 'x'.repeat(201) },
      );
      expect(key.status).toBe(400);
      expect(key.body.errors).toHaveProperty('Idempotency-Key');
      expect((await api.db.query(`SELECT count(*)::int AS n FROM quote_requests`))[0].n).toBe(before);
    });

    it('is idempotent per user with Idempotency-Key', async () => {
      const body = { lines: [{ kind: 'unlisted', part_number: 'IDEM-1', quantity: 3 }] };
      const [a, b] = await Promise.all([
        submit(as.empA2, body, { 'idempotency-key': 'order-42' }),
        submit(as.empA2, body, { 'idempotency-key': 'order-42' }),
      ]);
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body.data._id).toBe(a.body.data._id);
      expect(b.body.data.number).toBe(a.body.data.number);
      const c = await submit(as.adminA, body, { 'idempotency-key': 'order-42' });
      expect(c.body.data._id).not.toBe(a.body.data._id);
      const rows = await api.db.query(
        `SELECT count(*)::int AS n FROM quote_requests WHERE idempotency_key = 'order-42'`,
      );
      expect(rows[0].n).toBe(2);
    });

    it('answers 429 after 20 submissions by one user in an hour', async () => {
      const u = await createUser(api.db, { email: 'busy@acme.com', role: 'employee', companyId: companyA });
      const { busy } = await signInAll(api, { busy: u.email });
      const body = { lines: [{ kind: 'unlisted', part_number: 'RATE', quantity: 1 }] };
      for (let i = 0; i < 20; i++) expect((await submit(busy, body)).status).toBe(201);
      const res = await submit(busy, body);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(QUOTE_MSG.tooMany(20));
      // A repeat of an earlier key is not a new submission.
      await api.db.query(
        `UPDATE quote_requests SET idempotency_key = 'k1' WHERE id = (SELECT id FROM quote_requests WHERE requested_by = $1 LIMIT 1)`,
        [u.id],
      );
      expect((await submit(busy, body, { 'idempotency-key': 'k1' })).status).toBe(201);
      expect(
        (await api.db.query(`SELECT count(*)::int AS n FROM quote_requests WHERE requested_by = $1`, [u.id]))[0].n,
      ).toBe(20);
    });
  });

  describe('pasting a list', () => {
    it('matches each line to a visible variant with its price, an odd size or unknown', async () => {
      const res = await as.empA.request('POST', 'quote-requests/match', {
        text: `${variant.part_number}\t4\nNOPE-1, 2\n16 3/8 x 20 1/4 x 1 5\n\nABC;lots`,
      });
      expect(res.status).toBe(200);
      const rows = res.body.data;
      expect(rows.map((r: { match: string }) => r.match)).toEqual(['variant', 'unknown', 'odd_size', 'invalid']);
      expect(rows[0]).toMatchObject({ quantity: 4, variant: { _id: variant.id, customer_price: expect.any(Number) } });
      expect(rows[0].variant.list_price).toBeUndefined();
      expect(rows[2].size).toMatchObject({ width: 16.375, height: 20.25, depth: 1, measure: 'exact' });
      expect(rows[3].line).toBe(5);
      expect((await as.empA.request('POST', 'quote-requests/match', { text: '  ' })).status).toBe(400);
      expect((await as.root.request('POST', 'quote-requests/match', { text: 'A 1' })).status).toBe(403);
    });
  });

  describe('the whole way, with notifications, emails, audit and live updates', () => {
    it('submitted → in_review → info_requested → in_review → quoted → accepted', async () => {
      const seen: Record<string, { _id: string; status: string }[]> = {};
      for (const w of WHO) {
        const s = await connectSocket(api, as[w].token, { track: sockets });
        seen[w] = [];
        s.on('quote.changed', (m) => seen[w].push(m));
      }
      const q = await newRequest();
      await waitFor(() => seen.root.some((m) => m._id === q._id));
      expect((await act(as.root, q._id, 'assign')).status).toBe(200);
      expect((await detail(as.root, q._id)).assignee).toMatchObject({ _id: ids.root });
      const info = await act(as.root, q._id, 'request-info', { message: 'Which <b>frame</b> depth?' });
      expect(info.body.data.status).toBe('info_requested');
      expect((await detail(as.empA, q._id)).allowed_actions).toEqual(['reply', 'withdraw']);
      expect((await detail(as.adminA, q._id)).allowed_actions).toEqual(['reply', 'withdraw']);
      expect((await act(as.adminA, q._id, 'reply', { message: '1 inch, thanks' })).status).toBe(200);
      const sent = await quoted(q._id);
      expect(sent.status).toBe('quoted');
      const d = await detail(as.empA, q._id);
      expect(d.messages.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
        ['request_info', 'Which <b>frame</b> depth?'],
        ['reply', '1 inch, thanks'],
      ]);
      expect(
        d.lines.every(
          (l: { quoted_price: number; line_status: string }) => l.quoted_price === 12.5 && l.line_status === 'quoted',
        ),
      ).toBe(true);
      expect(d.allowed_actions).toEqual(['accept', 'decline']);
      expect(d.valid_until).toBe(addDays(today(), 14));
      // made to order must be confirmed for custom lines
      const unconfirmed = await act(as.empA, q._id, 'accept', { version: d.version });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.errors).toHaveProperty('made_to_order');
      const stale = await act(as.empA, q._id, 'accept', { version: d.version - 1, made_to_order: true });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(QUOTE_MSG.staleVersion);
      expect((await act(as.empA, q._id, 'accept', { version: d.version, made_to_order: true })).status).toBe(200);
      expect(await statusOf(q._id)).toBe('accepted');

      // Live: superadmins, the requester and the company's admins; nobody else.
      const statuses = ['submitted', 'in_review', 'info_requested', 'in_review', 'quoted', 'accepted'];
      for (const w of ['root', 'empA', 'adminA'] as Who[]) {
        await waitFor(() => seen[w].filter((m) => m._id === q._id).length === statuses.length);
        expect(seen[w].filter((m) => m._id === q._id).map((m) => m.status)).toEqual(statuses);
        expect(Object.keys(seen[w].find((m) => m._id === q._id)!).sort()).toEqual(['_id', 'number', 'status']);
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const w of ['empA2', 'adminB', 'empB'] as Who[]) expect(seen[w].filter((m) => m._id === q._id)).toEqual([]);

      // Every transition audited.
      const audit = await api.db.query(
        `SELECT action, actor_username FROM audit_log WHERE entity = 'quote_request' AND entity_id = $1 ORDER BY created_at, id`,
        [q._id],
      );
      expect(audit.map((a: { action: string }) => a.action)).toEqual([
        'quote_request.submitted',
        'quote_request.assigned',
        'quote_request.info_requested',
        'quote_request.replied',
        'quote_request.quoted',
        'quote_request.accepted',
      ]);

      // Notifications (one per event) and emails to the right people.
      const notes = await waitFor(async () => {
        const rows = await api.db.query(
          `SELECT o.type FROM notifications n JOIN outbox o ON o.id = n.event_id WHERE o.payload->>'quoteId' = $1 ORDER BY n.created_at`,
          [q._id],
        );
        return rows.length === 5 && rows;
      });
      expect(notes.map((n: { type: string }) => n.type).sort()).toEqual(
        ['quote.accepted', 'quote.info_requested', 'quote.quoted', 'quote.replied', 'quote.submitted'].sort(),
      );
      const to = (subject: RegExp) =>
        mailer.sent
          .filter((m) => subject.test(m.subject) && m.subject.includes(q.number))
          .map((m) => m.to)
          .sort();
      await waitFor(() => to(/accepted/).length === 2);
      expect(to(/^Quote request/)).toEqual(['root@example.com']);
      expect(to(/needs more information/)).toEqual(['emp@acme.com']);
      expect(to(/answered/)).toEqual(['root@example.com']);
      expect(to(/is ready/)).toEqual(['admin@acme.com', 'emp@acme.com']);
      expect(to(/accepted/)).toEqual(['admin@acme.com', 'root@example.com']);
      for (const m of mailer.sent) expect(m.text).not.toMatch(/\$\d|12\.50/);
    });

    it('declined, withdrawn, rejected and revised (revision + 1)', async () => {
      const a = await newRequest();
      await quoted(a._id);
      expect((await act(as.adminA, a._id, 'decline', { reason: 'Too dear' })).status).toBe(200);
      expect((await detail(as.empA, a._id)).decision_reason).toBe('Too dear');
      const b = await newRequest();
      expect((await act(as.empA, b._id, 'withdraw')).status).toBe(200);
      const c = await newRequest();
      expect((await act(as.root, c._id, 'reject', {})).status).toBe(400);
      expect((await act(as.root, c._id, 'reject', { reason: 'We do not make these' })).status).toBe(200);
      const r = await newRequest();
      await quoted(r._id);
      const revised = await act(as.root, r._id, 'revise');
      expect(revised.status).toBe(200);
      const d = await detail(as.root, r._id);
      expect(d).toMatchObject({ status: 'in_review', revision: 2, valid_until: null });
      expect((await act(as.root, r._id, 'send-quote', await quoteBody(r._id, undefined, true))).status).toBe(200);
      expect((await detail(as.empA, r._id)).lines[1]).toMatchObject({
        line_status: 'cannot_quote',
        line_note: 'Not in this depth',
      });
      expect([await statusOf(a._id), await statusOf(b._id), await statusOf(c._id)]).toEqual([
        'declined',
        'withdrawn',
        'rejected',
      ]);
    });
  });

  describe('refusals', () => {
    it('an action the state does not allow is 409 naming the state', async () => {
      const q = await newRequest();
      const res = await act(as.empA, q._id, 'accept', { version: 1, made_to_order: true });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(QUOTE_MSG.actionNotAllowed('accept', 'submitted'));
      expect(res.body.message).toContain('submitted');
      expect((await act(as.adminA, q._id, 'reply', { message: 'x' })).status).toBe(409);
      expect((await act(as.root, q._id, 'revise')).status).toBe(409);
      await act(as.empA, q._id, 'withdraw');
      for (const [who, action, body] of [
        [as.root, 'assign', {}],
        [as.root, 'reject', { reason: 'x' }],
        [as.empA, 'withdraw', {}],
        [as.root, 'request-info', { message: 'x' }],
      ] as const) {
        const r = await act(who, q._id, action, body);
        expect(r.status).toBe(409);
        expect(r.body.message).toContain('withdrawn');
      }
      // The wrong side is 403 (route), whatever the state.
      expect((await act(as.empA, q._id, 'assign')).status).toBe(403);
      expect((await act(as.root, q._id, 'accept', { version: 1, made_to_order: true })).status).toBe(403);
    });

    it('send-quote needs every line answered, prices ≥ 0 with 2 decimals, validity from today to 365 days', async () => {
      const q = await newRequest();
      const body = await quoteBody(q._id);
      const cases: [unknown, number, string | RegExp][] = [
        [{ ...body, lines: body.lines.slice(1) }, 400, QUOTE_MSG.lineAnswerRequired],
        [{ ...body, lines: [...body.lines, body.lines[0]] }, 400, QUOTE_MSG.lineUnknown],
        [
          { ...body, lines: [{ ...body.lines[0], quoted_price: '1.234' }, ...body.lines.slice(1)] },
          400,
          QUOTE_MSG.priceInvalid,
        ],
        [
          { ...body, lines: [{ ...body.lines[0], quoted_price: -1 }, ...body.lines.slice(1)] },
          400,
          QUOTE_MSG.priceInvalid,
        ],
        [
          { ...body, lines: [{ _id: body.lines[0]._id, line_status: 'quoted' }, ...body.lines.slice(1)] },
          400,
          QUOTE_MSG.priceRequired,
        ],
        [{ ...body, valid_until: addDays(today(), -1) }, 400, QUOTE_MSG.validUntilRange],
        [{ ...body, valid_until: addDays(today(), 366) }, 400, QUOTE_MSG.validUntilRange],
        [{ ...body, valid_until: 'soon' }, 400, QUOTE_MSG.dateInvalid],
        [{ ...body, version: body.version + 1 }, 409, QUOTE_MSG.staleVersion],
      ];
      for (const [b, status, message] of cases) {
        const res = await act(as.root, q._id, 'send-quote', b);
        expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
      }
      expect(await statusOf(q._id)).toBe('submitted');
      expect((await act(as.root, q._id, 'send-quote', { ...body, valid_until: addDays(today(), 365) })).status).toBe(
        200,
      );
    });

    it('messages: ≤ 4,000 characters, stored and shown as text, by anyone who sees the request', async () => {
      const q = await newRequest();
      expect(
        (await as.empA.request('POST', `quote-requests/${q._id}/messages`, { body: 'x'.repeat(4001) })).status,
      ).toBe(400);
      expect((await as.empA.request('POST', `quote-requests/${q._id}/messages`, { body: '  ' })).status).toBe(400);
      expect(
        (await as.empA.request('POST', `quote-requests/${q._id}/messages`, { body: '<img src=x onerror=alert(1)>' }))
          .status,
      ).toBe(201);
      expect((await as.root.request('POST', `quote-requests/${q._id}/messages`, { body: 'On it' })).status).toBe(201);
      expect((await as.empA2.request('POST', `quote-requests/${q._id}/messages`, { body: 'hi' })).status).toBe(404);
      const d = await detail(as.adminA, q._id);
      expect(d.messages.map((m: { body: string }) => m.body)).toEqual(['<img src=x onerror=alert(1)>', 'On it']);
      expect(d.status).toBe('submitted');
    });

    it('the PDF exists for quoted, accepted and expired requests only', async () => {
      const q = await newRequest();
      const get = (who: ApiClient) =>
        fetch(`${api.baseUrl}/api/quote-requests/${q._id}/pdf`, { headers: { authorization: `Bearer ${who.token}` } });
      expect((await get(as.empA)).status).toBe(409);
      await quoted(q._id);
      const res = await get(as.empA);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await get(as.empB)).status).toBe(404);
      expect((await get(as.root)).status).toBe(200);
    });
  });

  describe('expiry at the end of valid_until in SUPPLIER_TZ (controlled clock)', () => {
    it('expires at the next midnight in the office time zone, not a millisecond before; accepting then is 409 saying when', async () => {
      const q = await newRequest();
      const validUntil = today();
      await quoted(q._id, validUntil);
      const [{ expires_at }] = await api.db.query(`SELECT expires_at FROM quote_requests WHERE id = $1`, [q._id]);
      const end = new Date(expires_at);
      // The instant is midnight starting the next day in New York.
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: TZ,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(end);
      expect(local).toBe(`${addDays(validUntil, 1)}, 00:00`);
      const seen: string[] = [];
      const s = await connectSocket(api, as.empA.token, { track: sockets });
      s.on('quote.changed', (m: { _id: string; status: string }) => m._id === q._id && seen.push(m.status));

      await worker.expireQuotes(new Date(end.getTime() - 1));
      expect(await statusOf(q._id)).toBe('quoted');
      // The API uses the real clock: move the end of validity into the past to see the refusal before the sweep.
      await api.db.query(
        `UPDATE quote_requests SET valid_until = $2, expires_at = now() - interval '1 second' WHERE id = $1`,
        [q._id, validUntil],
      );
      const d = await detail(as.empA, q._id);
      const early = await act(as.empA, q._id, 'accept', { version: d.version, made_to_order: true });
      expect(early.status).toBe(409);
      expect(early.body.message).toMatch(/expired at the end of/);
      await api.db.query(`UPDATE quote_requests SET expires_at = $2 WHERE id = $1`, [q._id, end]);
      expect(await worker.expireQuotes(end)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(q._id)).toBe('expired');
      await waitFor(() => seen.includes('expired'));
      const late = await act(as.empA, q._id, 'accept', { version: d.version + 1, made_to_order: true });
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/expired at the end of/);
      const [audit] = await api.db.query(
        `SELECT actor_username FROM audit_log WHERE entity_id = $1 AND action = 'quote_request.expired'`,
        [q._id],
      );
      expect(audit.actor_username).toBe('system');
      expect((await detail(as.root, q._id)).allowed_actions).toEqual(['revise']);
    });
  });

  describe('tenancy', () => {
    it('lists: an employee sees their own, an admin their company, a superadmin all (companyId, assignee filters)', async () => {
      const mine = await newRequest(as.empA2);
      const b = await newRequest(as.empB);
      const list = async (who: ApiClient, q = '') =>
        (await who.request('GET', `quote-requests?limit=100${q}`)).body.data;
      const idsOf = (d: { list: { _id: string }[] }) => d.list.map((r) => r._id);
      const empA2 = await list(as.empA2);
      expect(empA2.list.every((r: { requested_by: { _id: string } }) => r.requested_by._id === ids.empA2)).toBe(true);
      expect(idsOf(empA2)).toContain(mine._id);
      const adminA = await list(as.adminA);
      expect(adminA.list.every((r: { company: { _id: string } }) => r.company._id === companyA)).toBe(true);
      expect(idsOf(adminA)).toContain(mine._id);
      expect(idsOf(adminA)).not.toContain(b._id);
      const root = await list(as.root);
      expect(root.total).toBe((await api.db.query(`SELECT count(*)::int AS n FROM quote_requests`))[0].n);
      expect(root.counts.submitted).toBeGreaterThan(0);
      expect(idsOf(await list(as.root, `&companyId=${companyB}`))).toEqual([b._id]);
      await act(as.root, b._id, 'assign');
      expect(idsOf(await list(as.root, `&assignee=me&companyId=${companyB}`))).toEqual([b._id]);
      expect(idsOf(await list(as.root, `&assignee=none&companyId=${companyB}`))).toEqual([]);
      expect(
        (await list(as.empA, `&status=accepted`)).list.every((r: { status: string }) => r.status === 'accepted'),
      ).toBe(true);
      // companyId is the superadmin's filter only: an admin's list stays their company's.
      expect(idsOf(await list(as.adminA, `&companyId=${companyB}`))).not.toContain(b._id);
      const open = await list(as.root, '&status=submitted,in_review,info_requested');
      expect(open.list.length).toBeGreaterThan(0);
      expect(
        open.list.every((r: { status: string }) => ['submitted', 'in_review', 'info_requested'].includes(r.status)),
      ).toBe(true);
      expect(open.total).toBe(
        (
          await api.db.query(
            `SELECT count(*)::int AS n FROM quote_requests WHERE status IN ('submitted', 'in_review', 'info_requested')`,
          )
        )[0].n,
      );
      const bad = await as.root.request('GET', 'quote-requests?status=nope');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('status');
      expect(adminA.list.find((r: { _id: string }) => r._id === mine._id)).not.toHaveProperty('lines');
    });

    it('every quote route, every actor: another company or a colleague’s request is 404', async () => {
      const q = await newRequest(as.empA);
      const expectFor: Record<Who, number> = { root: 200, adminA: 200, empA: 200, empA2: 404, adminB: 404, empB: 404 };
      for (const w of WHO)
        expect([w, (await as[w].request('GET', `quote-requests/${q._id}`)).status]).toEqual([w, expectFor[w]]);
      const pdfStatus = async (w: Who) =>
        (
          await fetch(`${api.baseUrl}/api/quote-requests/${q._id}/pdf`, {
            headers: { authorization: `Bearer ${as[w].token}` },
          })
        ).status;
      for (const w of WHO) expect([w, await pdfStatus(w)]).toEqual([w, expectFor[w] === 200 ? 409 : 404]);
      // Customer actions: strangers 404, the office 403; office actions: customers 403.
      for (const w of ['empA2', 'adminB', 'empB'] as Who[]) {
        for (const [action, body] of [
          ['reply', { message: 'x' }],
          ['accept', { version: 1, made_to_order: true }],
          ['decline', {}],
          ['withdraw', {}],
        ] as const) {
          expect([w, action, (await act(as[w], q._id, action, body)).status]).toEqual([w, action, 404]);
        }
        expect((await as[w].request('POST', `quote-requests/${q._id}/messages`, { body: 'x' })).status).toBe(404);
      }
      for (const w of ['empA', 'adminA', 'empB'] as Who[]) {
        for (const action of ['assign', 'request-info', 'send-quote', 'revise', 'reject']) {
          expect([w, action, (await act(as[w], q._id, action, {})).status]).toEqual([w, action, 403]);
        }
      }
      expect((await as.empA.request('GET', 'quote-requests/not-a-uuid')).status).toBe(404);
      expect((await as.empA.request('GET', 'quote-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect(await statusOf(q._id)).toBe('submitted');
    });
  });

  describe('property: random actions by random roles never leave the state table', () => {
    const ACTIONS: QuoteAction[] = [
      'assign',
      'request-info',
      'reply',
      'send-quote',
      'accept',
      'decline',
      'revise',
      'withdraw',
      'reject',
    ];
    const OFFICE = new Set<QuoteAction>(['assign', 'request-info', 'send-quote', 'revise', 'reject']);
    const ACTORS: Who[] = ['root', 'adminA', 'empA', 'empA2', 'empB'];
    const parties: Record<Who, QuoteParty[] | null> = {
      root: ['superadmin'],
      adminA: ['company_admin'],
      empA: ['requester'],
      empA2: null,
      adminB: null,
      empB: null,
    };

    async function bodyFor(action: QuoteAction, id: string): Promise<unknown> {
      const [row] = await api.db.query(`SELECT version FROM quote_requests WHERE id = $1`, [id]);
      switch (action) {
        case 'request-info':
        case 'reply':
          return { message: 'm' };
        case 'send-quote': {
          const lines = await api.db.query(`SELECT id FROM quote_request_lines WHERE quote_request_id = $1`, [id]);
          return {
            version: row.version,
            valid_until: addDays(today(), 3),
            lines: lines.map((l: { id: string }) => ({ _id: l.id, line_status: 'quoted', quoted_price: 1 })),
          };
        }
        case 'accept':
          return { version: row.version, made_to_order: true };
        case 'reject':
          return { reason: 'r' };
        case 'assign':
        case 'decline':
        case 'revise':
        case 'withdraw':
        case 'expire':
          return {};
      }
    }

    it('holds for random runs over the API', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...ACTIONS), fc.constantFrom(...ACTORS)), { minLength: 1, maxLength: 8 }),
          async (steps) => {
            const q = await newRequest();
            let status: QuoteStatus = 'submitted';
            for (const [action, who] of steps) {
              const res = await act(as[who], q._id, action, await bodyFor(action, q._id));
              const routeOk = who === 'root' ? OFFICE.has(action) : !OFFICE.has(action);
              let expected: number;
              let next: QuoteStatus = status;
              if (!routeOk) expected = 403;
              else if (!parties[who]) expected = 404;
              else {
                const d = decideQuoteAction(status, action, parties[who]!);
                expected = d.ok ? 200 : d.reason === 'forbidden' ? 403 : 409;
                if (d.ok) next = d.to;
              }
              expect({ action, who, from: status, code: res.status }).toEqual({
                action,
                who,
                from: status,
                code: expected,
              });
              status = next;
              expect(await statusOf(q._id)).toBe(status);
            }
          },
        ),
        { numRuns: 12 },
      );
    });
  });
});
