import type { Socket } from 'socket.io-client';
import type { EntityManager } from 'typeorm';
import type { EventMap } from '../../../libs/contracts/src';
import { commitChange, SYSTEM_ACTOR } from '../../../libs/db/src';
import { createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';
import { TEST_REDIS_URL } from '../../../test/services';
import { connectSocket, fakeMailer, signIn, testWorkerEnv, waitFor } from '../../api/test/support';
import { startWorker, type WorkerRuntime } from '../src/worker-runtime';
import { notificationHandlers } from '../src/handlers';

/** An outbox event committed through the exit (as every service does); its outbox id. */
async function publish<T extends 'auth.login_throttled' | 'auth.disabled_login'>(
  m: EntityManager,
  type: T,
  payload: EventMap[T],
): Promise<string> {
  const [id] = await commitChange(m, SYSTEM_ACTOR, { events: [{ type, payload } as never] });
  return id;
}

const backends: [string, string | undefined][] = [['postgres', undefined]];
if (TEST_REDIS_URL) backends.push(['redis', TEST_REDIS_URL]);
else console.warn('REDIS NOT FOUND: Redis-backed pipeline tests skipped — start redis-server or set REDIS_URL');

describe.each(backends)('event pipeline on the %s queue backend', (_name, redisUrl) => {
  let api: TestApi;
  let worker: WorkerRuntime | null = null;
  let socket: Socket;
  const received: unknown[] = [];
  let victimId: string;

  beforeAll(async () => {
    api = await startTestApi();
    const companyId = await createCompany(api.db);
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    victimId = (await createUser(api.db, { email: 'victim@acme.com', role: 'employee', companyId, username: 'Vic' }))
      .id;
    const client = await signIn(api, 'root@example.com');
    socket = await connectSocket(api, client.token, {
      reconnection: true,
      setup: (s) => s.on('notification.created', (n) => received.push(n)),
    });
  });

  afterEach(async () => {
    await worker?.stop(2000);
    worker = null;
  });

  afterAll(async () => {
    socket.close();
    await api.close();
  });

  const workerEnv = () => testWorkerEnv(api, { REDIS_URL: redisUrl, OUTBOX_POLL_MS: 500 });

  it('turns a committed outbox event into one notification record, one socket message and one email', async () => {
    const mailer = fakeMailer();
    worker = await startWorker(workerEnv(), { mailer, log: () => undefined });
    received.length = 0;
    const eventId = await api.db.transaction((m) =>
      publish(m, 'auth.login_throttled', {
        email: 'victim@acme.com',
        userId: victimId,
        username: 'Vic',
        ip: '10.0.0.9',
        failures: 5,
      }),
    );
    const row = await waitFor(async () => {
      const rows: { description: string }[] = await api.db.query(
        `SELECT description FROM notifications WHERE event_id = $1`,
        [eventId],
      );
      return rows[0];
    });
    expect(row.description).toContain('10.0.0.9');
    await waitFor(() => received.length > 0);
    await waitFor(() => mailer.sent.length > 0);
    // Relaying the same event again (e.g. a crash between enqueue and commit) changes nothing.
    await api.db.query(`UPDATE outbox SET relayed_at = NULL WHERE id = $1`, [eventId]);
    await worker.relay.drain();
    await new Promise((r) => setTimeout(r, 700));
    const count: { n: string }[] = await api.db.query(`SELECT count(*) AS n FROM notifications WHERE event_id = $1`, [
      eventId,
    ]);
    expect(Number(count[0].n)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ username: 'Vic', email: 'victim@acme.com', read_status: false });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0].to).toBe('victim@acme.com');
    expect(mailer.sent[0].html).toContain('Filter Portal');
  });

  it('a rolled-back transaction publishes nothing', async () => {
    worker = await startWorker(workerEnv(), { mailer: fakeMailer(), log: () => undefined });
    await expect(
      api.db.transaction(async (m) => {
        await publish(m, 'auth.disabled_login', { userId: victimId, username: 'Vic', email: 'victim@acme.com' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows: unknown[] = await api.db.query(`SELECT 1 FROM outbox WHERE type = 'auth.disabled_login'`);
    expect(rows).toHaveLength(0);
  });

  it('retries a job whose handler fails, then completes it', async () => {
    let calls = 0;
    const flaky = {
      ...notificationHandlers,
      'auth.disabled_login': (
        ...args: Parameters<NonNullable<(typeof notificationHandlers)['auth.disabled_login']>>
      ) => {
        calls++;
        if (calls === 1) throw new Error('transient failure');
        return notificationHandlers['auth.disabled_login']!(...args);
      },
    };
    worker = await startWorker(workerEnv(), {
      mailer: fakeMailer(),
      notificationHandlers: flaky,
      log: () => undefined,
    });
    const eventId = await api.db.transaction((m) =>
      publish(m, 'auth.disabled_login', { userId: victimId, username: 'Vic', email: 'victim@acme.com' }),
    );
    await waitFor(async () => {
      const rows: unknown[] = await api.db.query(`SELECT 1 FROM notifications WHERE event_id = $1`, [eventId]);
      return rows.length === 1;
    }, 15_000);
    expect(calls).toBe(2);
  });
});

describe('handler registry', () => {
  it('refuses to start when an routed event has no handler', async () => {
    const { 'auth.disabled_login': _dropped, ...incomplete } = notificationHandlers;
    await expect(
      startWorker(
        {
          DATABASE_URL: 'postgres://unused',
          PUBLIC_URL: 'http://x',
          OUTBOX_POLL_MS: 500,
          MAIL_FROM: 'x',
          SMTP_URL: 'smtp://x',
        },
        { notificationHandlers: incomplete },
      ),
    ).rejects.toThrow(/auth.disabled_login.*no handler/);
  });
});
