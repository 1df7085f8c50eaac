/**
 * What one client may make the portal do: a hostile import preview, mail budgets (email-change
 * confirmations, set-password resends), socket message bursts and sockets per session, and the
 * CSRF cookie sent once (docs/SECURITY.md).
 */
import { poisonXlsx } from '../poison-xlsx';
import {
  PW,
  type SecClient,
  connectSocket,
  seedWorld,
  socketOutcome,
  startSecurityApi,
  type SecurityApi,
  type World,
} from './harness';

jest.setTimeout(180_000);

const MAIL_BUDGET = 3;

describe('security: budgets of what one client can make the portal do', () => {
  let api: SecurityApi;
  let w: World;

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api);
  });
  afterAll(() => api?.close());

  /** Samples GET /api/health every 100 ms while `during` runs; returns the slowest answer (ms). */
  async function slowestHealthWhile<T>(during: () => Promise<T>): Promise<{ result: T; worstMs: number }> {
    let worst = 0;
    let running = true;
    const sampler = (async () => {
      while (running) {
        const started = Date.now();
        const res = await fetch(`${api.baseUrl}/api/health`);
        await res.arrayBuffer();
        worst = Math.max(worst, Date.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      return { result: await during(), worstMs: worst };
    } finally {
      running = false;
      await sampler;
    }
  }

  const outboxCount = async (type: string, field: string, value: string) =>
    (
      await api.db.query(`SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND payload->>$2 = $3`, [
        type,
        field,
        value,
      ])
    )[0].n as number;

  it('import preview: a 200 MB header cell is a 413 within seconds, never echoed; the portal keeps answering', async () => {
    const data = await poisonXlsx(200 * 1024 * 1024, 'header');
    const root = w.actors.superadmin.client;
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(data)]), 'header.xlsx');
    const started = Date.now();
    const { result: res, worstMs } = await slowestHealthWhile(() =>
      root.send('POST', 'catalogue/imports/preview', { form: fd }),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/more text in one place than a catalogue needs/);
    expect(res.text.length).toBeLessThan(1000);
    expect(res.text).not.toMatch(/x{100}/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(worstMs).toBeLessThan(1000);
    // A header of ordinary length still previews.
    const ok = new FormData();
    ok.append('file', new Blob(['category,product,part_number,list_price\nA,B,C,1\n']), 'ok.csv');
    const fine = await root.send('POST', 'catalogue/imports/preview', { form: ok });
    expect(fine.status).toBe(200);
    expect(fine.body.data.headers).toEqual(['category', 'product', 'part_number', 'list_price']);
  });

  it('imports: a file name with bidi or control characters is 400 and nothing is stored; two file parts are 400', async () => {
    const root = w.actors.superadmin.client;
    const csv = 'category,product,part_number,list_price\nA,B,C,1\n';
    const before = (await api.db.query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n as number;
    for (const name of ['\u202Evsc.exe', 'list\u0085.csv', 'a\u007f.csv']) {
      const fd = new FormData();
      fd.append('file', new Blob([csv]), name);
      const res = await root.send('POST', 'catalogue/imports', { form: fd });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('File names must not contain line breaks, tabs or invisible control characters');
    }
    const two = new FormData();
    two.append('file', new Blob([csv]), 'a.csv');
    two.append('file', new Blob([csv]), 'b.csv');
    const res = await root.send('POST', 'catalogue/imports', { form: two });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/one file per import/);
    expect((await api.db.query(`SELECT count(*)::int AS n FROM catalogue_imports`))[0].n).toBe(before);
  });

  it(`email-change confirmations: ${MAIL_BUDGET} per user, and ${MAIL_BUDGET} per new address, per window`, async () => {
    const u = await w.freshEmployee('A');
    const c = await w.signIn(u.email);
    const change = (client: SecClient, email: string) =>
      client.send('PATCH', 'user', { body: { username: 'Mallory', email, password: PW } });
    for (let i = 0; i < MAIL_BUDGET; i++) expect((await change(c, `outside${i}@elsewhere.example`)).status).toBe(200);
    const refused = await change(c, 'outside-more@elsewhere.example');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many confirmation emails were sent. Please wait a few minutes and try again.',
    );
    expect(await outboxCount('account.email_change_requested', 'userId', u.id)).toBe(MAIL_BUDGET);

    // Per target: several accounts cannot together flood one outside address either.
    const target = `victim-${w.seq()}@elsewhere.example`;
    const statuses: number[] = [];
    for (let i = 0; i <= MAIL_BUDGET; i++) {
      const other = await w.freshEmployee('B');
      statuses.push((await change(await w.signIn(other.email), target)).status);
    }
    expect(statuses).toEqual([...Array(MAIL_BUDGET).fill(200), 429]);
    expect(await outboxCount('account.email_change_requested', 'newEmail', target)).toBe(MAIL_BUDGET);
  });

  it(`GET user/resend/{id}: ${MAIL_BUDGET} set-password mails per recipient per window, whoever asks`, async () => {
    const target = await w.freshEmployee('A');
    const admin = w.actors.adminA.client;
    for (let i = 0; i < MAIL_BUDGET; i++)
      expect((await admin.send('GET', `user/resend/${target.id}`)).status).toBe(200);
    const refused = await admin.send('GET', `user/resend/${target.id}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/several times already/);
    expect((await w.actors.superadmin.client.send('GET', `user/resend/${target.id}`)).status).toBe(429);
    expect(await outboxCount('user.resend_requested', 'userId', target.id)).toBe(MAIL_BUDGET);
    // Another recipient is unaffected.
    const other = await w.freshEmployee('A');
    expect((await admin.send('GET', `user/resend/${other.id}`)).status).toBe(200);
  });

  it('3,000 presence.join in one burst from one socket: refused beyond the budget, the health check stays under a second', async () => {
    const [{ id: category }] = await api.db.query(
      `INSERT INTO categories (name, display_order) VALUES ('Burst', 99) RETURNING id`,
    );
    const [{ id: product }] = await api.db.query(
      `INSERT INTO products (category_id, name, display_order) VALUES ($1, 'Burst product', 1) RETURNING id`,
      [category],
    );
    const probe = connectSocket(api.baseUrl, w.actors.superadmin.client.token);
    expect(await socketOutcome(probe.socket)).toBe('connected');
    try {
      const { result: acks, worstMs } = await slowestHealthWhile(() =>
        Promise.all(
          Array.from(
            { length: 3000 },
            () =>
              probe.socket.timeout(30_000).emitWithAck('presence.join', { productId: product }) as Promise<{
                editors?: unknown[];
                error?: string;
              }>,
          ),
        ),
      );
      const handled = acks.filter((a) => a.editors).length;
      expect(handled).toBeGreaterThanOrEqual(1);
      expect(handled).toBeLessThanOrEqual(20);
      expect(acks.filter((a) => a.error === 'Too many messages. Please slow down.').length).toBe(3000 - handled);
      expect(worstMs).toBeLessThan(1000);
    } finally {
      probe.socket.close();
    }
  });

  it('one session holds at most 20 sockets (per API instance)', async () => {
    const u = await w.freshEmployee('B');
    const c = await w.signIn(u.email);
    const probes = Array.from({ length: 20 }, () => connectSocket(api.baseUrl, c.token));
    try {
      expect(await Promise.all(probes.map((p) => socketOutcome(p.socket)))).toEqual(Array(20).fill('connected'));
      const extra = connectSocket(api.baseUrl, c.token);
      probes.push(extra);
      expect(await socketOutcome(extra.socket)).toBe('refused: too many connections');
      // Another session of the same user is counted on its own.
      const other = connectSocket(api.baseUrl, (await w.signIn(u.email)).token);
      probes.push(other);
      expect(await socketOutcome(other.socket)).toBe('connected');
    } finally {
      for (const p of probes) p.socket.close();
    }
  });

  it('the first GET /api/csrf-token sets each cookie once', async () => {
    const res = await fetch(`${api.baseUrl}/api/csrf-token`);
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names.sort()).toEqual([...new Set(names)].sort());
    expect(names).toEqual(expect.arrayContaining(['portal_anon', 'XSRF-TOKEN']));
  });
});
