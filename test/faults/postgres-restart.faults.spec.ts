import {
  LoadGenerator,
  createUserRequest,
  emailFigures,
  pipelineState,
  recordFigures,
  sleep,
  startFaultStack,
  stopFaultStack,
  waitForDrain,
  type FaultStack,
  type Sample,
} from './harness';

const DOWN_MS = 5_000;
/** Each email takes this long to be accepted, so sends are in flight when the backends are cut. */
const SMTP_DELAY_MS = 1_000;

/**
 * Under a mixed load (user creations + notification reads): every backend of the API and the workers
 * is terminated (pg_terminate_backend), then Postgres is restarted. Nothing crashes, pools and LISTEN
 * connections reconnect, ≥ 99 % of requests succeed from 10 s after recovery, and users, outbox rows,
 * notifications and emails stay one-to-one — including the emails whose send was in flight (the
 * SMTP sink is slow) when the session holding their advisory lock was cut.
 */
describe('Postgres connections terminated and Postgres restarted under load', () => {
  const stack = {} as FaultStack;
  beforeAll(() => startFaultStack('pg-restart', stack), 90_000);
  afterAll(() => stopFaultStack(stack), 60_000);

  it('no crash, fast recovery, no event without its outbox row or vice versa', async () => {
    const { pg, sink, seed, api, workers, client } = stack;
    const read = async (): Promise<Omit<Sample, 'start' | 'end'>> => {
      const res = await Promise.race([
        client.request('GET', 'notification?page=1'),
        new Promise<{ status: number }>((r) => setTimeout(() => r({ status: 0 }), 10_000).unref()),
      ]);
      return { kind: 'read', status: res.status };
    };
    sink.delayMs = SMTP_DELAY_MS;
    const writes = new LoadGenerator((i) => createUserRequest(client, seed.companyId, `u${i}@pg.faults.example`));
    const reads = new LoadGenerator(read);
    writes.start(5);
    reads.start(10);
    await sleep(4_000);

    // 1. Kill every backend of the app processes (pools, LISTEN connections, in-flight transactions).
    const killedAt = Date.now();
    const sendingAtKill = sink.receiving.size;
    const [{ n: terminated }] = await pg.query<{ n: string }>(
      'postgres',
      `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
        WHERE datname = 'portal' AND pid <> pg_backend_pid()`,
    );
    await sleep(8_000);

    // 2. Restart Postgres (fast shutdown: every session is cut, then it comes back).
    const downAt = Date.now();
    const sendingAtStop = sink.receiving.size;
    await pg.stop();
    await sleep(DOWN_MS);
    await pg.start();
    const upAt = Date.now();
    await sleep(15_000);
    await Promise.all([writes.stop(), reads.stop()]);

    const all = [...writes.samples, ...reads.samples].sort((a, b) => a.start - b.start);
    const ok = (s: Sample) => (s.kind === 'read' ? s.status === 200 : s.status === 201);
    const afterTerminate = all.filter((s) => s.start >= killedAt && s.start < downAt);
    const late = all.filter((s) => s.start >= upAt + 10_000);
    const firstOkAfterUp = all.find((s) => s.start >= upAt && ok(s));
    const lastBadAfterUp = [...all].reverse().find((s) => s.start >= upAt && !ok(s));
    const maxLatency = Math.max(...all.map((s) => s.end - s.start));
    const hung = all.filter((s) => s.status === 0).length;

    // Drain: the relay and processors reconnect by themselves.
    const emailsOf = async () =>
      (
        await pg.query<{ email: string }>('portal', `SELECT email FROM users WHERE email LIKE '%@pg.faults.example'`)
      ).map((r) => r.email);
    const drainedAt = await waitForDrain(stack, '%@pg.faults.example', emailsOf, 'outbox drained after the restart');
    await sleep(2_000);
    const st = await pipelineState(pg, 'portal', '%@pg.faults.example');
    const users = await emailsOf();
    const mail = emailFigures(sink, users);
    const lateOk = late.filter(ok).length;
    // Sends whose advisory-lock session died under them (processors.ts logs each one).
    const lockLostMidSend = workers
      .flatMap((w) => w.output().split('\n'))
      .filter((l) => l.includes('died mid-send')).length;

    const figures = {
      'requests (writes + reads)': `${writes.samples.length} + ${reads.samples.length}`,
      'backends terminated': Number(terminated),
      'failed requests in the 8 s after pg_terminate_backend': `${afterTerminate.filter((s) => !ok(s)).length} of ${afterTerminate.length}`,
      'Postgres down (s)': ((upAt - downAt) / 1000).toFixed(1),
      'first success after Postgres back (s)': firstOkAfterUp
        ? ((firstOkAfterUp.end - upAt) / 1000).toFixed(1)
        : 'none',
      'last failure after Postgres back (s)': lastBadAfterUp ? ((lastBadAfterUp.end - upAt) / 1000).toFixed(1) : 'none',
      'success rate from 10 s after recovery': `${((100 * lateOk) / Math.max(1, late.length)).toFixed(1)} % (${lateOk}/${late.length})`,
      'requests that hung ≥ 10 s': hung,
      'max request latency (ms)': maxLatency,
      'users in DB / user.created outbox rows': `${st.users} / ${st.outbox}`,
      'users without outbox row / outbox rows without user': `${st.users_without_event} / ${st.events_without_user}`,
      'outbox rows not relayed': st.unrelayed,
      'notification records lost / duplicated': `${st.events_without_notification} / ${st.duplicate_notifications}`,
      'welcome emails lost / duplicated': `${mail.missing} / ${mail.duplicated}`,
      'emails being sent at the terminate / at the restart': `${sendingAtKill} / ${sendingAtStop}`,
      'sends whose lock connection died mid-send': lockLostMidSend,
      'pipeline drained after Postgres back (s)': drainedAt
        ? ((drainedAt - upAt) / 1000).toFixed(1)
        : 'not within 60 s',
      'processes crashed (api + 2 workers)': [api, ...workers].filter((p) => p.exited).length,
    };
    recordFigures('Postgres backends terminated, then restarted, under load', figures);
    const jobFailures = workers.flatMap((w) =>
      w
        .output()
        .split('\n')
        .filter((l) => l.includes(' failed (attempt')),
    );
    if (jobFailures.length) console.log(`[faults] job failures logged by the workers:\n${jobFailures.join('\n')}`);
    const dupes = users.filter((u) => (sink.accepted.get(u.toLowerCase()) ?? 0) > 1);
    if (dupes.length) console.log(`[faults] duplicated emails: ${dupes.join(', ')}`);

    expect([api, ...workers].filter((p) => p.exited).map((p) => `${p.name}:\n${p.output().slice(-3000)}`)).toEqual([]);
    expect(hung).toBe(0);
    expect(late.length).toBeGreaterThan(50);
    expect(lateOk / late.length).toBeGreaterThanOrEqual(0.99);
    expect(st.users_without_event).toBe(0);
    expect(st.events_without_user).toBe(0);
    expect(st.users).toBe(st.outbox);
    expect(drainedAt).toBeGreaterThan(0);
    expect(st.unrelayed).toBe(0);
    expect(st.events_without_notification).toBe(0);
    expect(st.duplicate_notifications).toBe(0);
    expect(mail).toEqual({ missing: 0, duplicated: 0 });
  }, 180_000);
});
