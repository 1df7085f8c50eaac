import type { AddressInfo } from 'node:net';
import type { Queue } from 'bullmq';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Socket } from 'socket.io-client';
import { createQueue, webhookSignature } from '../../../libs/platform/src';
import { createCompany, createUser, startTestApi, type ApiClient, type TestApi } from '../../../test/api';
import { TEST_REDIS_URL } from '../../../test/services';
import { startWorker, type WorkerRuntime } from '../../worker/src/worker-runtime';
import { addUser, connectSocket, signIn, testWorkerEnv, waitFor } from './support';

const SECRET = 'webhook-secret-for-tests-0123456789';

/** An SMTP server that refuses `*@nowhere.example` at RCPT (550 5.1.1) and keeps everything else. */
async function refusingSmtp() {
  const rcpt: string[] = [];
  const delivered: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _s, cb) {
      rcpt.push(address.address);
      if (address.address.endsWith('@nowhere.example')) {
        const err = new Error('5.1.1 <' + address.address + '>: mailbox does not exist') as Error & {
          responseCode: number;
        };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    rcpt,
    delivered,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function signed(body: unknown, opts: { secret?: string; ts?: number } = {}) {
  const raw = JSON.stringify(body);
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-portal-timestamp': ts,
      'x-portal-signature': webhookSignature(opts.secret ?? SECRET, ts, raw),
    },
  };
}

describe('operations dashboard and email that knows when it bounced', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let smtp: Awaited<ReturnType<typeof refusingSmtp>>;
  let root: ApiClient;
  let admin: ApiClient;
  let emp: ApiClient;
  let acme: string;
  const sockets: Socket[] = [];
  const prefix = `ops${process.pid}`;

  beforeAll(async () => {
    smtp = await refusingSmtp();
    api = await startTestApi({
      EMAIL_WEBHOOK_SECRET: SECRET,
      QUEUE_PREFIX: prefix,
      SEARCH_LOG_FLUSH_MS: '100',
      OPS_SEARCH_TILE_MS: '0',
      ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    });
    acme = await createCompany(api.db, 'Acme Air');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'boss@acme.com', role: 'admin', companyId: acme, username: 'Boss' });
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId: acme, username: 'Emp' });
    worker = await startWorker(
      testWorkerEnv(api, {
        SMTP_URL: smtp.url,
        QUEUE_PREFIX: prefix,
        REDIS_URL: TEST_REDIS_URL,
        BOUNCE_SMTP_PORT: 0,
        BOUNCE_DOMAIN: 'bounces.example.com',
      }),
      { log: () => undefined, heartbeatMs: 500 },
    );
    root = await signIn(api, 'root@example.com');
    admin = await signIn(api, 'boss@acme.com');
    emp = await signIn(api, 'emp@acme.com');
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await worker?.stop(2000);
    await smtp?.stop();
    await api?.close();
  });

  const emailRow = async (recipient: string) =>
    (
      await api.db.query(`SELECT status, attempts, smtp_code, enhanced_status FROM sent_emails WHERE recipient = $1`, [
        recipient,
      ])
    )[0] as { status: string; attempts: number; smtp_code: number | null; enhanced_status: string | null } | undefined;

  const suppression = async (address: string) =>
    (await api.db.query(`SELECT reason FROM email_suppressions WHERE address = $1`, [address]))[0]?.reason as
      string | undefined;

  const employeeRow = async (client: ApiClient, email: string) => {
    const res = await client.request('GET', 'user/employee');
    expect(res.status).toBe(200);
    return (res.body.data.users as { email: string; email_status: string }[]).find((u) => u.email === email);
  };

  it('a 550 at RCPT: exactly one SMTP attempt, the message failed, the address suppressed, the admins told', async () => {
    const live: { message: string }[] = [];
    await connectSocket(api, admin.token, { track: sockets, setup: (s) => s.on('email.bounced', (e) => live.push(e)) });
    const res = await addUser(admin, { username: 'Ghost', email: 'ghost@nowhere.example' });
    expect(res.status).toBe(201);
    const row = await waitFor(async () => {
      const r = await emailRow('ghost@nowhere.example');
      return r?.status === 'failed' ? r : null;
    });
    expect(row).toMatchObject({ status: 'failed', attempts: 1, smtp_code: 550, enhanced_status: '5.1.1' });
    expect(await suppression('ghost@nowhere.example')).toBe('hard_bounce');
    // The company admin gets an email naming the bounce, with a way to fix the address.
    const told = await waitFor(() =>
      smtp.delivered.find((m) => m.to.includes('boss@acme.com') && m.raw.includes('ghost@nowhere.example')),
    );
    expect(told.raw.replace(/=\r?\n/g, '')).toContain(
      'The welcome email to ghost@nowhere.example bounced: mailbox does not exist',
    );
    // Superadmins get the notification.
    const note = await waitFor(async () => {
      const r = await root.request('GET', 'notification');
      return (r.body.data.notification as { description: string }[]).find((n) =>
        n.description.includes('ghost@nowhere.example bounced'),
      );
    });
    expect(note.description).toBe('The welcome email to ghost@nowhere.example bounced: mailbox does not exist');
    // … and the company admin's open screens at once.
    await waitFor(() => live.length > 0);
    expect(live[0]).toMatchObject({
      email: 'ghost@nowhere.example',
      message: 'The welcome email to ghost@nowhere.example bounced: mailbox does not exist',
    });
    // No retry: after the back-off would have fired, still one RCPT for that address.
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.rcpt.filter((a) => a === 'ghost@nowhere.example')).toHaveLength(1);
    expect((await emailRow('ghost@nowhere.example'))!.attempts).toBe(1);
    // The admin's list shows it; "Try again" lifts it (audited).
    expect(await employeeRow(admin, 'ghost@nowhere.example')).toMatchObject({ email_status: 'bounced' });
    const ghostId = res.body.data._id;
    const again = await admin.request('DELETE', `user/${ghostId}/email-suppression`);
    expect(again.status).toBe(200);
    expect(await employeeRow(admin, 'ghost@nowhere.example')).toMatchObject({ email_status: 'ok' });
    const audit = await api.db.query(
      `SELECT actor_username FROM audit_log WHERE action = 'email_suppression.removed' AND entity_id = $1`,
      ['ghost@nowhere.example'],
    );
    expect(audit).toHaveLength(1);
    // A second "Try again" has nothing to lift.
    expect((await admin.request('DELETE', `user/${ghostId}/email-suppression`)).status).toBe(404);
  });

  it('a suppressed address gets no welcome email (0 attempts), but a password reset is still tried', async () => {
    await api.db.query(`INSERT INTO email_suppressions (address, reason) VALUES ('quiet@acme.com', 'complaint')`);
    const res = await addUser(admin, { username: 'Quiet', email: 'quiet@acme.com' });
    expect(res.status).toBe(201);
    const row = await waitFor(async () => {
      const r = await emailRow('quiet@acme.com');
      return r?.status === 'suppressed' ? r : null;
    });
    expect(row.attempts).toBe(0);
    expect(smtp.rcpt).not.toContain('quiet@acme.com');
    expect(await employeeRow(admin, 'quiet@acme.com')).toMatchObject({ email_status: 'suppressed' });
    // What the user asks for themselves is still tried.
    const anon = new (admin.constructor as new (a: TestApi) => ApiClient)(api);
    expect((await anon.request('POST', 'forgot-password', { email: 'quiet@acme.com' })).status).toBeLessThan(300);
    await waitFor(() => smtp.rcpt.includes('quiet@acme.com'));
  });

  it("changing a user's email starts clean", async () => {
    await api.db.query(`INSERT INTO email_suppressions (address, reason) VALUES ('fixed@acme.com', 'hard_bounce')`);
    const [{ id }] = await api.db.query(`SELECT id FROM users WHERE email = 'quiet@acme.com'`);
    await api.db.query(`UPDATE users SET email = 'fixed@acme.com' WHERE id = $1`, [id]);
    expect(await suppression('fixed@acme.com')).toBeUndefined();
  });

  describe('the signed bounce webhook', () => {
    let eventId: string;

    beforeAll(async () => {
      const res = await addUser(admin, { username: 'Late', email: 'late@acme.com' });
      expect(res.status).toBe(201);
      await waitFor(async () => (await emailRow('late@acme.com'))?.status === 'sent');
      [{ event_id: eventId }] = await api.db.query(
        `SELECT event_id FROM sent_emails WHERE recipient = 'late@acme.com'`,
      );
    });

    const post = (s: ReturnType<typeof signed>) =>
      fetch(`${api.baseUrl}/api/email-events`, { method: 'POST', headers: s.headers, body: s.raw });
    const events = async () => Number((await api.db.query(`SELECT count(*) AS n FROM email_events`))[0].n);

    it('a bad signature or a stale timestamp is 401 and stores nothing', async () => {
      const before = await events();
      const body = { type: 'bounce', recipient: 'late@acme.com', status: '5.1.1' };
      expect((await post(signed(body, { secret: 'wrong-secret-wrong-secret' }))).status).toBe(401);
      expect((await post(signed(body, { ts: Math.floor(Date.now() / 1000) - 301 }))).status).toBe(401);
      const tampered = signed(body);
      tampered.raw = tampered.raw.replace('late@', 'boss@');
      expect((await post(tampered)).status).toBe(401);
      expect(await events()).toBe(before);
      expect(await suppression('late@acme.com')).toBeUndefined();
    });

    it('a bad body is a 400 naming the field; an unknown message is 202 and stores nothing', async () => {
      const bad = await post(signed({ type: 'bounce', recipient: 'late@acme.com', status: 'nope' }));
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toMatch(/status/);
      const before = await events();
      const unknown = await post(signed({ type: 'bounce', recipient: 'nobody@acme.com', status: '5.1.1' }));
      expect(unknown.status).toBe(202);
      expect(await events()).toBe(before);
    });

    it('a signed hard bounce fails… the message bounced, the address suppressed, admins told; a replay adds nothing', async () => {
      const bounce = signed({
        type: 'bounce',
        recipient: 'late@acme.com',
        status: '5.1.1',
        diagnostic: '550 5.1.1 mailbox does not exist',
      });
      expect((await post(bounce)).status).toBe(202);
      expect(await suppression('late@acme.com')).toBe('hard_bounce');
      expect((await emailRow('late@acme.com'))!.status).toBe('bounced');
      await waitFor(() =>
        smtp.delivered.find((m) => m.to.includes('boss@acme.com') && m.raw.includes('late@acme.com')),
      );
      const notes = async () =>
        Number(
          (
            await api.db.query(
              `SELECT count(*) AS n FROM notifications WHERE description LIKE '%late@acme.com bounced%'`,
            )
          )[0].n,
        );
      await waitFor(async () => (await notes()) === 1);
      const before = await events();
      expect((await post(bounce)).status).toBe(202);
      expect(await events()).toBe(before);
      await new Promise((r) => setTimeout(r, 700));
      expect(await notes()).toBe(1);
      void eventId;
    });
  });

  it('a late RFC 3464 bounce to the VERP address suppresses the address (≤ 512 KB; other addresses refused)', async () => {
    const res = await addUser(admin, { username: 'Dsn', email: 'dsn@acme.com' });
    expect(res.status).toBe(201);
    await waitFor(async () => (await emailRow('dsn@acme.com'))?.status === 'sent');
    const [{ verp_token: token }] = await api.db.query(
      `SELECT verp_token FROM sent_emails WHERE recipient = 'dsn@acme.com'`,
    );
    // The envelope sender named the message.
    const sentTo = smtp.delivered.find((m) => m.to.includes('dsn@acme.com'))!;
    expect(sentTo).toBeDefined();
    const raw = [
      'From: MAILER-DAEMON@mx.acme.com',
      `To: bounces+${token}@bounces.example.com`,
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.acme.com',
      '',
      'Final-Recipient: rfc822; dsn@acme.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 mailbox does not exist',
      '',
      '--b1--',
      '',
    ].join('\r\n');
    const t = nodemailer.createTransport({
      host: '127.0.0.1',
      port: worker.bounceListener!.port,
      secure: false,
      ignoreTLS: true,
    });
    await t.sendMail({ envelope: { from: '', to: `bounces+${token}@bounces.example.com` }, raw });
    await expect(t.sendMail({ envelope: { from: '', to: 'someone@bounces.example.com' }, raw })).rejects.toMatchObject({
      responseCode: 550,
    });
    // More than 512 KB is refused.
    await expect(
      t.sendMail({
        envelope: { from: '', to: `bounces+${token}@bounces.example.com` },
        raw: raw.replace('Your message could not be delivered.', 'x'.repeat(600 * 1024)),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    t.close();
    await waitFor(async () => (await suppression('dsn@acme.com')) === 'hard_bounce');
    expect((await emailRow('dsn@acme.com'))!.status).toBe('bounced');
  });

  it('three soft bounces in 7 days suppress; a complaint suppresses; superadmins list and lift suppressions (audited)', async () => {
    const res = await addUser(admin, { username: 'Soft', email: 'soft@acme.com' });
    expect(res.status).toBe(201);
    await waitFor(async () => (await emailRow('soft@acme.com'))?.status === 'sent');
    const post = (body: unknown) => {
      const s = signed(body);
      return fetch(`${api.baseUrl}/api/email-events`, { method: 'POST', headers: s.headers, body: s.raw });
    };
    for (let i = 1; i <= 3; i++) {
      expect(await suppression('soft@acme.com')).toBeUndefined();
      const r = await post({
        type: 'bounce',
        recipient: 'soft@acme.com',
        status: '4.2.2',
        diagnostic: `452 4.2.2 full #${i}`,
      });
      expect(r.status).toBe(202);
    }
    expect(await suppression('soft@acme.com')).toBe('soft_bounces');
    expect(await employeeRow(admin, 'soft@acme.com')).toMatchObject({ email_status: 'suppressed' });

    expect((await post({ type: 'complaint', recipient: 'late@acme.com' })).status).toBe(202);
    const list = await root.request('GET', 'ops/email/suppressions');
    expect(list.status).toBe(200);
    const soft = list.body.data.list.find((x: { address: string }) => x.address === 'soft@acme.com');
    expect(soft).toMatchObject({ reason: 'soft_bounces', user: { username: 'Soft' }, company: { name: 'Acme Air' } });
    const emails = await root.request('GET', 'ops/email?status=failed&q=nowhere');
    expect(emails.status).toBe(200);
    expect(emails.body.data.list[0]).toMatchObject({
      recipient: 'ghost@nowhere.example',
      status: 'failed',
      smtp_code: 550,
      enhanced_status: '5.1.1',
      attempts: 1,
    });
    expect((await root.request('GET', 'ops/email?status=lost')).status).toBe(400);
    const lift = await root.request('DELETE', 'ops/email/suppressions/SOFT%40acme.com');
    expect(lift.status).toBe(200);
    expect(await suppression('soft@acme.com')).toBeUndefined();
    expect((await root.request('DELETE', 'ops/email/suppressions/soft%40acme.com')).status).toBe(404);
    const audit = await api.db.query(
      `SELECT actor_username, company_id FROM audit_log WHERE action = 'email_suppression.removed' AND entity_id = 'soft@acme.com'`,
    );
    expect(audit).toEqual([{ actor_username: 'root', company_id: acme }]);
  });

  it('usage per company counts sign-ins per day (90-day series) and lists dormant companies', async () => {
    await createCompany(api.db, 'Sleepy Ltd');
    const res = await root.request('GET', 'ops/usage');
    expect(res.status).toBe(200);
    const row = res.body.data.list.find((u: { company: { name: string } }) => u.company.name === 'Acme Air');
    const [{ n }] = await api.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login' AND company_id = $1`,
      [acme],
    );
    expect(n).toBeGreaterThanOrEqual(2); // the admin and the employee signed in (beforeAll)
    expect(row.signins).toBe(n);
    expect(row.daily_signins).toHaveLength(90);
    expect(row.daily_signins[89]).toBe(row.signins);
    expect(row.active_users_7d).toBeGreaterThanOrEqual(2);
    const dormant = await root.request('GET', 'ops/usage?dormant=30');
    const names = dormant.body.data.list.map((u: { company: { name: string } }) => u.company.name);
    expect(names).toContain('Sleepy Ltd');
    expect(names).not.toContain('Acme Air');
  });

  it('a zero-result search and a quote submission show in the feed, the quotes and search tiles and usage', async () => {
    const before = (await root.request('GET', 'ops/summary')).body.data;
    expect(before.quotes).toEqual(expect.objectContaining({ submitted: expect.any(Number), in_review: 0 }));
    expect(before.search).toEqual(expect.objectContaining({ searches: expect.any(Number) }));

    const found = await emp.request('GET', `catalogue/find?q=${encodeURIComponent('NOPE-4242')}`);
    expect(found.status).toBe(200);
    expect(found.body.data.total).toBe(0);
    const asked = await emp.request('POST', 'quote-requests', {
      lines: [{ kind: 'unlisted', part_number: 'XYZ-9', quantity: 3 }],
    });
    expect(asked.status).toBe(201);
    const quote = asked.body.data as { _id: string; number: string };

    type Entry = { kind: string; text: string; link: { href: string } | null; company: { _id: string } | null };
    // The search log is written in batches after the answer.
    const zero = await waitFor(async () =>
      ((await root.request('GET', 'ops/activity?kind=search_zero')).body.data.list as Entry[]).find((e) =>
        e.text.includes('NOPE-4242'),
      ),
    );
    expect(zero).toMatchObject({
      kind: 'search_zero',
      text: 'Emp (Acme Air) searched for "NOPE-4242" and found nothing',
      company: { _id: acme, name: 'Acme Air' },
      link: { href: '/superadmin/demand' },
    });
    const feed = (await root.request('GET', 'ops/activity')).body.data.list as Entry[];
    expect(feed.find((e) => e.kind === 'quote')).toMatchObject({
      text: `Emp (Acme Air) requested a quote (${quote.number})`,
      link: { entity: 'quote', _id: quote._id, href: `/superadmin/quotes/${quote._id}` },
      company: { _id: acme },
    });
    // Filtered to another company: neither shows.
    const other = await createCompany(api.db, 'Other Air');
    const elsewhere = (await root.request('GET', `ops/activity?companyId=${other}`)).body.data.list as Entry[];
    expect(elsewhere.filter((e) => e.kind === 'quote' || e.kind === 'search_zero')).toEqual([]);

    const after = await waitFor(async () => {
      const d = (await root.request('GET', 'ops/summary')).body.data;
      return d.search.zero_results > before.search.zero_results && d.quotes.submitted > before.quotes.submitted && d;
    });
    expect(after.quotes.submitted).toBe(before.quotes.submitted + 1);
    expect(after.quotes.oldest_waiting_s).toBeGreaterThanOrEqual(0);
    expect(after.search.searches).toBe(before.search.searches + 1);
    expect(after.search.zero_results).toBe(before.search.zero_results + 1);
    expect(after.search.zero_result_share).toBeCloseTo(after.search.zero_results / after.search.searches, 3);

    // Usage per company, counted from the tables themselves.
    const [counts] = await api.db.query(
      `SELECT (SELECT count(*)::int FROM search_log WHERE company_id = $1) AS searches,
              (SELECT count(*)::int FROM search_log WHERE company_id = $1 AND results = 0) AS zero,
              (SELECT count(*)::int FROM quote_requests WHERE company_id = $1) AS quotes`,
      [acme],
    );
    expect(counts.searches).toBeGreaterThanOrEqual(1);
    const usage = (await root.request('GET', 'ops/usage')).body.data.list as {
      company: { _id: string };
      searches: number;
      zero_result_share: number | null;
      quote_requests: number;
    }[];
    expect(usage.find((u) => u.company._id === acme)).toMatchObject({
      searches: counts.searches,
      zero_result_share: Math.round((counts.zero / counts.searches) * 1000) / 1000,
      quote_requests: counts.quotes,
    });
    expect(usage.find((u) => u.company._id === other)).toMatchObject({
      searches: 0,
      zero_result_share: null,
      quote_requests: 0,
    });
  });

  it('every ops route is 403 for admins and employees', async () => {
    const routes: [string, string][] = [
      ['GET', 'ops/summary'],
      ['GET', 'ops/online'],
      ['GET', 'ops/activity'],
      ['GET', 'ops/usage'],
      ['GET', 'ops/jobs/failed'],
      ['GET', 'ops/email'],
      ['GET', 'ops/email/suppressions'],
      ['POST', 'ops/jobs/email/1/retry'],
      ['POST', 'ops/jobs/email/1/discard'],
      ['DELETE', 'ops/email/suppressions/x%40acme.com'],
    ];
    for (const client of [admin, emp])
      for (const [method, path] of routes)
        expect([method, path, (await client.request(method, path)).status]).toEqual([method, path, 403]);
  });

  it('online follows a socket connecting and leaving; the summary counts it', async () => {
    const online = async () =>
      ((await root.request('GET', 'ops/online')).body.data.list as { user: { username: string } }[]).map(
        (e) => e.user.username,
      );
    expect(await online()).not.toContain('Emp');
    const s = await connectSocket(api, emp.token, { track: sockets });
    await waitFor(async () => (await online()).includes('Emp'));
    // The summary is shared and recomputed every second while watched: it follows within 2 s.
    await waitFor(async () => {
      const summary = await root.request('GET', 'ops/summary');
      expect(summary.status).toBe(200);
      return summary.body.data.online.employee >= 1;
    }, 5000);
    s.close();
    await waitFor(async () => !(await online()).includes('Emp'));
  });

  it('the summary names workers, queues and email; ops.changed reaches a superadmin socket', async () => {
    const changed: unknown[] = [];
    await connectSocket(api, root.token, { track: sockets, setup: (s) => s.on('ops.changed', (d) => changed.push(d)) });
    const res = await root.request('GET', 'ops/summary');
    expect(res.body.data.workers.map((w: { id: string }) => w.id)).toContain(worker.workerId);
    expect(res.body.data.queues.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining(['email', 'notifications']),
    );
    expect(res.body.data.email.failed).toBeGreaterThanOrEqual(1);
    // A refused address is not a system failure: the sentence stays normal.
    expect(res.body.data.status).toEqual({ ok: true, sentence: 'All systems normal' });
    // Something moves: a company admin signs in (activity), an employee connects (online).
    await signIn(api, 'boss@acme.com');
    // The push that names the sign-in brings the summary that saw the move: what `GET ops/summary`
    // answers. (Other moves — the online count, the 24-hour counts — may be pushed before it.)
    type Pushed = { parts: string[]; summary: { computed_at: string; status: unknown } };
    const sawSignIn = (p: Pushed) =>
      p.parts.includes('activity') && Date.parse(p.summary.computed_at) > Date.parse(res.body.data.computed_at);
    await waitFor(() => (changed as Pushed[]).some(sawSignIn), 8000);
    const pushed = (changed as Pushed[]).find(sawSignIn)!;
    expect(pushed.summary.status).toEqual({ ok: true, sentence: 'All systems normal' });
    const feed = await root.request('GET', 'ops/activity?kind=signin&limit=5');
    expect(feed.status).toBe(200);
    expect(feed.body.data.list[0].text).toBe('Boss (Acme Air) signed in');
    expect(
      (await root.request('GET', 'ops/activity?kind=bounce')).body.data.list.map((e: { text: string }) => e.text),
    ).toEqual(
      expect.arrayContaining(['The welcome email to ghost@nowhere.example was refused: mailbox does not exist']),
    );
    expect((await root.request('GET', 'ops/activity?limit=0')).status).toBe(400);
    // Filtered to one company: only that company's events.
    const other = await createCompany(api.db, 'Other Air');
    await createUser(api.db, { email: 'x@other.com', role: 'employee', companyId: other, username: 'Xo' });
    await signIn(api, 'x@other.com');
    const acmeOnly = await root.request('GET', `ops/activity?companyId=${acme}&limit=50`);
    expect(acmeOnly.body.data.list.length).toBeGreaterThan(0);
    expect(acmeOnly.body.data.list.every((e: { company: { _id: string } | null }) => e.company?._id === acme)).toBe(
      true,
    );
    const otherOnly = await root.request('GET', `ops/activity?companyId=${other}`);
    expect(otherOnly.body.data.list.map((e: { text: string }) => e.text)).toEqual(['Xo (Other Air) signed in']);
    expect((await root.request('GET', 'ops/activity?companyId=nope')).status).toBe(400);
    expect((await root.request('GET', 'ops/activity?kind=everything')).status).toBe(400);
    const usage = await root.request('GET', 'ops/usage?dormant=30');
    expect(usage.status).toBe(200);
    expect((await root.request('GET', 'ops/usage?from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });

  it('ops.changed reaches a superadmin at most once per 2 s, however much moves', async () => {
    const at: number[] = [];
    await connectSocket(api, root.token, {
      track: sockets,
      setup: (s) => s.on('ops.changed', () => at.push(Date.now())),
    });
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      await signIn(api, 'emp@acme.com'); // each sign-in moves the activity feed
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2100));
    expect(at.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(1900);
  });

  it('a failed job can be retried once (409 when it is no longer failed), audited', async () => {
    const queue = createQueue('notifications', {
      DATABASE_URL: api.database.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
    }) as unknown as Queue;
    const job = await queue.add(
      'broken',
      { event: { id: 'x', type: 'no.such_event', payload: {}, actorId: null, createdAt: new Date().toISOString() } },
      { attempts: 1 },
    );
    await waitFor(async () => (await job.getState()) === 'failed');
    await worker.workers.find((w) => w.name === 'notifications')!.pause();
    const failed = await root.request('GET', 'ops/jobs/failed?queue=notifications');
    expect(failed.body.data.list.map((j: { _id: string }) => j._id)).toContain(job.id);
    expect((await root.request('GET', 'ops/jobs/failed?queue=nope')).status).toBe(400);
    const retry = await root.request('POST', `ops/jobs/notifications/${job.id}/retry`);
    expect(retry.status).toBe(200);
    expect(await job.getState()).not.toBe('failed');
    expect((await root.request('POST', `ops/jobs/notifications/${job.id}/retry`)).status).toBe(409);
    expect((await root.request('POST', `ops/jobs/notifications/${job.id}/discard`)).status).toBe(409);
    const audit = await api.db.query(`SELECT action FROM audit_log WHERE entity = 'job' AND entity_id = $1`, [
      `notifications/${job.id}`,
    ]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['job.retried']);
    await queue.close();
  });
});
