import { randomUUID } from 'node:crypto';
import { DelayedError, type Job } from 'bullmq';
import { Client, type Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { JobMap, OutboxEvent } from '@portal/contracts';
import { createDataSource, createPool } from '../../../libs/db/src';
import type { Mailer, MailMessage } from '../../../libs/platform/src';
import { createTestDatabase, type TestDatabase } from '../../../test/db';
import type { EmailHandlers } from './handlers/registry';
import { emailProcessor } from './processors';

/**
 * The email processor's exactly-once guard against the database (advisory lock per event and
 * recipient + `sent_emails`): two runs of one job at once, the lock's connection dying mid-send,
 * and a lock held elsewhere for longer than a run waits.
 */

/** A mailer whose sends stay in flight until the test lets them finish. */
function gatedMailer() {
  const sent: MailMessage[] = [];
  const gates: (() => void)[] = [];
  let started = 0;
  const mailer: Mailer = {
    send: (m) =>
      new Promise((resolve) => {
        started++;
        gates.push(() => {
          sent.push(m);
          resolve({ messageId: `<${sent.length}@test>` });
        });
      }),
    close: () => undefined,
  };
  return { mailer, sent, started: () => started, finishAll: () => gates.splice(0).forEach((g) => g()) };
}

const handlers = {
  'user.created': (e: OutboxEvent) => [
    {
      to: (e.payload as { email: string }).email,
      subject: 'Welcome',
      html: '<p>hi</p>',
      text: 'hi',
      template: 'welcome',
    },
  ],
} as unknown as EmailHandlers;

function fakeJob(email: string, eventId = randomUUID()) {
  const event = { id: eventId, type: 'user.created', payload: { email }, actorId: null, createdAt: '' };
  const moveToDelayed = jest.fn(async () => undefined);
  return { job: { data: { event }, moveToDelayed } as unknown as Job<JobMap['email']>, moveToDelayed, eventId };
}

async function waitFor(fn: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await fn())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('email processor: one email per (event, recipient)', () => {
  let database: TestDatabase;
  let db: DataSource;
  let locks: Pool;
  let probe: Client;
  const lockKey = (eventId: string, to: string) => `email|${eventId}|${to}`;
  const sentRows = async (eventId: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM sent_emails WHERE event_id = $1`, [eventId]))[0].n);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDataSource({ url: database.url, poolSize: 4, applicationName: 'email-proc-spec' }).initialize();
    locks = createPool({ url: database.url, poolSize: 4, applicationName: 'email-proc-spec' });
    probe = new Client({ connectionString: database.url });
    await probe.connect();
  });

  afterAll(async () => {
    await probe?.end();
    await locks?.end();
    await db?.destroy();
    await database?.drop();
  });

  it('a second run of the same job waits for the first and does not send again', async () => {
    const m = gatedMailer();
    const handle = emailProcessor(db, locks, m.mailer, handlers, { publicUrl: '' }, { lockWaitMs: 10_000 });
    const { job, eventId } = fakeJob('twice@example.com');
    const first = handle(job, 'token-1');
    await waitFor(() => m.started() === 1);
    const second = handle(job, 'token-2');
    await new Promise((r) => setTimeout(r, 600));
    expect(m.started()).toBe(1); // the re-run is waiting on the lock, not sending
    m.finishAll();
    expect(await first).toBe(1);
    expect(await second).toBe(0);
    expect(m.sent).toHaveLength(1);
    expect(await sentRows(eventId)).toBe(1);
    // The lock was released (its pooled connection does not keep it).
    const { rows } = await probe.query(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [
      lockKey(eventId, 'twice@example.com'),
    ]);
    expect(rows[0].ok).toBe(true);
    await probe.query(`SELECT pg_advisory_unlock_all()`);
  });

  it('the lock connection dies mid-send: the email is still recorded, and a re-run does not send it again', async () => {
    const logs: string[] = [];
    const m = gatedMailer();
    const handle = emailProcessor(db, locks, m.mailer, handlers, { publicUrl: '' }, { log: (l) => logs.push(l) });
    const { job, eventId } = fakeJob('cut@example.com');
    const run = handle(job, 'token-1');
    await waitFor(() => m.started() === 1);
    const { rows } = await probe.query<{ n: string }>(
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_locks
        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND pid <> pg_backend_pid()`,
    );
    expect(Number(rows[0].n)).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    m.finishAll(); // the SMTP server's 250 arrives after the lock's session is gone
    expect(await run).toBe(1);
    expect(logs.join('\n')).toContain('died mid-send');
    expect(await sentRows(eventId)).toBe(1);

    const rerun = handle(job, 'token-2');
    expect(await rerun).toBe(0);
    expect(m.started()).toBe(1);
    expect(m.sent).toHaveLength(1);
  });

  it('a lock held elsewhere past the wait defers the job without using an attempt, and sends nothing', async () => {
    const m = gatedMailer();
    const handle = emailProcessor(
      db,
      locks,
      m.mailer,
      handlers,
      { publicUrl: '' },
      { lockWaitMs: 300, deferMs: 5_000 },
    );
    const { job, eventId, moveToDelayed } = fakeJob('busy@example.com');
    await probe.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [lockKey(eventId, 'busy@example.com')]);
    try {
      const before = Date.now();
      await expect(handle(job, 'token-1')).rejects.toBeInstanceOf(DelayedError);
      expect(moveToDelayed).toHaveBeenCalledTimes(1);
      const [when, token] = moveToDelayed.mock.calls[0] as unknown as [number, string];
      expect(token).toBe('token-1');
      expect(when).toBeGreaterThanOrEqual(before + 5_000);
      expect(m.started()).toBe(0);
    } finally {
      await probe.query(`SELECT pg_advisory_unlock_all()`);
    }
    // Once the other holder is done, the deferred job sends.
    const run = handle(job, 'token-2');
    await waitFor(() => m.started() === 1);
    m.finishAll();
    expect(await run).toBe(1);
    expect(await sentRows(eventId)).toBe(1);
  });
});
