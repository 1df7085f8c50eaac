import { Queue } from 'bullmq';
import {
  LoadGenerator,
  QUEUE_PREFIX,
  createUserRequest,
  emailFigures,
  percentile,
  pipelineState,
  recordFigures,
  sleep,
  startFaultStack,
  stopFaultStack,
  waitFor,
  waitForDrain,
  type FaultStack,
} from './harness';

const OUTAGE_MS = 30_000;
const RATE = 5; // user creations per second

/**
 * Redis stopped for 30 s while users are being created: the API never touches Redis (the outbox
 * makes mutations independent of it), the relay retries, and both worker processes resume on their
 * own once Redis is back — every notification written and every welcome email delivered once.
 */
describe('Redis outage under load', () => {
  const stack = {} as FaultStack;

  beforeAll(async () => {
    const t0 = Date.now();
    await startFaultStack('redis-outage', stack);
    console.log(`[faults] setup ${Date.now() - t0} ms`);
  }, 90_000);

  afterAll(async () => {
    const t0 = Date.now();
    await stopFaultStack(stack);
    console.log(`[faults] teardown ${Date.now() - t0} ms`);
  }, 60_000);

  it('keeps the API answering, loses nothing, delivers each email once, workers resume without restart', async () => {
    const { redis, pg, sink, seed, api, workers, client } = stack;
    // The pipeline works before the fault.
    const warm = await createUserRequest(client, seed.companyId, 'warm@ro.faults.example');
    expect(warm.status).toBe(201);
    await waitFor(() => sink.accepted.get('warm@ro.faults.example'), 15_000, 'warm-up email');

    const load = new LoadGenerator((i) => createUserRequest(client, seed.companyId, `u${i}@ro.faults.example`));
    load.start(RATE);
    await sleep(5_000);
    const downAt = Date.now();
    await redis.stop();
    await sleep(OUTAGE_MS);
    await redis.start();
    const upAt = Date.now();
    await sleep(5_000);
    await load.stop();

    const samples = load.samples.filter((s) => s.kind === 'create-user');
    const during = samples.filter((s) => s.start >= downAt && s.start < upAt);
    const ok = samples.filter((s) => s.status === 201);
    const created = ['warm@ro.faults.example', ...ok.map((s) => s.email!)];
    const failed = samples.filter((s) => s.status !== 201);

    // Workers resume by themselves: the whole backlog drains.
    let firstProgressAt = 0;
    const baseline = (await pipelineState(pg, 'portal', '%@ro.faults.example')).notifications;
    const doneAt = await waitForDrain(
      stack,
      '%@ro.faults.example',
      () => created,
      'backlog drained after Redis came back',
      (st) => {
        if (!firstProgressAt && st.notifications > baseline) firstProgressAt = Date.now();
      },
    );
    await sleep(3_000); // let any straggling duplicate show up

    const st = await pipelineState(pg, 'portal', '%@ro.faults.example');
    const mail = emailFigures(sink, created);

    // Which worker processes completed jobs after Redis came back (job.processedBy = host:pid).
    const connection = { host: '127.0.0.1', port: redis.port };
    const q = new Queue('email', { connection, prefix: QUEUE_PREFIX });
    const nq = new Queue('notifications', { connection, prefix: QUEUE_PREFIX });
    const done = await q.getJobs(['completed'], 0, 2000);
    const notified = await nq.getJobs(['completed'], 0, 2000);
    await Promise.all([q.close(), nq.close()]);
    // Jobs caught active by the outage come back only through the stalled-job check (30 s period).
    const restalled = (jobs: { stalledCounter?: number }[]) => jobs.filter((j) => (j.stalledCounter ?? 0) > 0).length;
    const after = new Set(done.filter((j) => (j.finishedOn ?? 0) >= upAt).map((j) => j.processedBy));
    const workerNames = workers.map((w) => String(w.pid));
    const resumed = workerNames.filter((pid) => [...after].some((n) => n?.endsWith(`:${pid}`)));

    const figures = {
      'outage (s)': OUTAGE_MS / 1000,
      'create-user requests (total / during outage)': `${samples.length} / ${during.length}`,
      'requests failed': failed.length,
      'request latency during outage p50 / p99 / max (ms)': `${percentile(
        during.map((s) => s.end - s.start),
        50,
      )} / ${percentile(
        during.map((s) => s.end - s.start),
        99,
      )} / ${Math.max(0, ...during.map((s) => s.end - s.start))}`,
      'users created (201)': ok.length,
      'outbox rows (user.created)': st.outbox,
      'notification records lost': st.events_without_notification,
      'notification records duplicated': st.duplicate_notifications,
      'welcome emails lost': mail.missing,
      'welcome emails duplicated': mail.duplicated,
      'first job after Redis back (s)': firstProgressAt ? ((firstProgressAt - upAt) / 1000).toFixed(1) : 'n/a',
      'backlog drained after Redis back (s)': doneAt ? ((doneAt - upAt) / 1000).toFixed(1) : 'not within 60 s',
      'worker processes that resumed (no restart)': `${resumed.length} of ${workers.length}`,
      'worker processes crashed': workers.filter((w) => w.exited).length,
      'jobs re-run by the stalled-job check (email / notifications)': `${restalled(done)} / ${restalled(notified)}`,
    };
    recordFigures('Redis stopped 30 s under load', figures);

    expect(failed.map((s) => `${s.status} ${s.error}`)).toEqual([]);
    // No hang: every request answered well inside the client's 10 s timeout (busy CI boxes included).
    expect(Math.max(...during.map((s) => s.end - s.start))).toBeLessThan(5_000);
    expect(st.users).toBe(created.length);
    expect(st.outbox).toBe(created.length);
    expect(st.events_without_notification).toBe(0);
    expect(st.duplicate_notifications).toBe(0);
    expect(mail).toEqual({ missing: 0, duplicated: 0 });
    expect(doneAt).toBeGreaterThan(0);
    expect(doneAt - upAt).toBeLessThan(60_000);
    expect(workers.filter((w) => w.exited)).toEqual([]);
    expect(resumed).toHaveLength(workers.length);
    expect(api.exited).toBe(false);
  }, 240_000);
});
