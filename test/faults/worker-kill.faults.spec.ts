import { Queue, QueueEvents } from 'bullmq';
import {
  QUEUE_PREFIX,
  createUserRequest,
  recordFigures,
  sleep,
  startFaultStack,
  startWorkerProcess,
  stopFaultStack,
  waitFor,
  type FaultStack,
  type Proc,
} from './harness';

const SMTP_DELAY_MS = 4_000; // the sink answers 250 only after this: email jobs are slow

/**
 * Two worker processes; the SMTP sink is slow so an email job is caught mid-send.
 * SIGKILL: the job's lock expires, the other worker's stalled-job check moves it back to wait and
 * runs it — the email arrives once (the killed send never got its 250). SIGTERM: the worker
 * finishes the job before exiting (bounded graceful close), so nothing is left stalled.
 */
describe('worker killed mid-job', () => {
  const stack = {} as FaultStack;
  let emailQueue: Queue;
  let events: QueueEvents;
  const stalled: string[] = [];

  beforeAll(async () => {
    await startFaultStack('worker-kill', stack);
    const connection = { host: '127.0.0.1', port: stack.redis.port };
    emailQueue = new Queue('email', { connection, prefix: QUEUE_PREFIX });
    events = new QueueEvents('email', { connection, prefix: QUEUE_PREFIX });
    events.on('stalled', ({ jobId }) => stalled.push(jobId));
    await events.waitUntilReady();
    stack.sink.delayMs = SMTP_DELAY_MS;
  }, 90_000);

  afterAll(async () => {
    await Promise.all([events?.close(), emailQueue?.close()]);
    await stopFaultStack(stack);
  }, 60_000);

  const eventIdOf = async (email: string) =>
    (
      await waitFor(
        () =>
          stack.pg.query<{ id: string }>(
            'portal',
            `SELECT id FROM outbox WHERE type = 'user.created' AND payload->>'email' = $1`,
            [email],
          ),
        10_000,
        `outbox row for ${email}`,
      )
    )[0].id;

  /** Creates a user and waits until its welcome email is being sent; returns the worker sending it. */
  async function catchMidSend(email: string): Promise<{ eventId: string; worker: Proc }> {
    expect((await createUserRequest(stack.client, stack.seed.companyId, email)).status).toBe(201);
    const eventId = await eventIdOf(email);
    await waitFor(() => stack.sink.receiving.has(email), 15_000, `SMTP DATA for ${email}`, 20);
    const job = await emailQueue.getJob(eventId);
    const worker = stack.workers.find((w) => !w.exited && job?.processedBy?.endsWith(`:${w.pid}`));
    if (!worker) throw new Error(`no live worker owns job ${eventId} (processedBy ${job?.processedBy})`);
    return { eventId, worker };
  }

  it('SIGKILL mid-send: the stalled job is recovered by the other worker and the email arrives once', async () => {
    const email = 'killed@wk.faults.example';
    const { eventId, worker } = await catchMidSend(email);
    const killedAt = Date.now();
    worker.kill('SIGKILL');
    await worker.exit;

    const completedAt = await waitFor(
      async () => ((await emailQueue.getJobState(eventId)) === 'completed' ? Date.now() : false),
      90_000,
      'recovered job completed',
      250,
    );
    await sleep(1_000);
    const job = await emailQueue.getJob(eventId);
    const survivor = stack.workers.find((w) => !w.exited)!;
    const [{ n }] = await stack.pg.query<{ n: string }>(
      'portal',
      `SELECT count(*) AS n FROM notifications WHERE event_id = $1`,
      [eventId],
    );
    const figures = {
      'emails delivered (expected 1)': stack.sink.accepted.get(email) ?? 0,
      'sends cut off by the kill (no 250, not delivered)': stack.sink.aborted,
      'notification records (expected 1)': Number(n),
      'stalled-job recovery after SIGKILL (s)': ((completedAt - killedAt) / 1000).toFixed(1),
      'recovered by': job?.processedBy?.endsWith(`:${survivor.pid}`) ? 'the other worker' : String(job?.processedBy),
      'stalled events seen': stalled.filter((id) => id === eventId).length,
    };
    recordFigures('Worker SIGKILL mid-job', figures);
    expect(stack.sink.accepted.get(email)).toBe(1);
    expect(Number(n)).toBe(1);
    expect(job?.processedBy).toMatch(new RegExp(`:${survivor.pid}$`));
    // lockDuration 30 s + stalledInterval 30 s bound the recovery.
    expect(completedAt - killedAt).toBeLessThan(75_000);
  }, 150_000);

  it('SIGTERM mid-send: the worker finishes the job, exits 0 and leaves nothing stalled', async () => {
    // Back to two workers (a fresh process replaces the killed one).
    stack.workers.push(await startWorkerProcess('worker-3', stack.env));
    const stalledBefore = stalled.length;
    const email = 'termed@wk.faults.example';
    const { eventId, worker } = await catchMidSend(email);
    const termAt = Date.now();
    const { code, signal } = await worker.stop(20_000, 'SIGTERM');
    const exitedAfter = Date.now() - termAt;
    const stateAtExit = await emailQueue.getJobState(eventId);
    const job = await emailQueue.getJob(eventId);
    const active = await emailQueue.getActiveCount();
    const figures = {
      'exit code': `${code ?? signal}`,
      'exit after SIGTERM (s)': (exitedAfter / 1000).toFixed(1),
      'job state when the worker exited': stateAtExit,
      'completed by the terminated worker': Boolean(job?.processedBy?.endsWith(`:${worker.pid}`)),
      'emails delivered (expected 1)': stack.sink.accepted.get(email) ?? 0,
      'active jobs left behind': active,
      'stalled events': stalled.length - stalledBefore,
    };
    recordFigures('Worker SIGTERM mid-job', figures);
    expect(code).toBe(0);
    expect(stateAtExit).toBe('completed');
    expect(job?.processedBy).toMatch(new RegExp(`:${worker.pid}$`));
    expect(stack.sink.accepted.get(email)).toBe(1);
    expect(active).toBe(0);
    expect(stalled.length - stalledBefore).toBe(0);
  }, 90_000);
});
