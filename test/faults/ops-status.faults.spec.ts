import { createUserRequest, startFaultStack, stopFaultStack, waitFor, type FaultStack } from './harness';

/**
 * The operations dashboard's status sentence names what broke: a stalled outbox relay
 * (Redis stopped while the workers live: events wait in the outbox) and a worker that died
 * (SIGKILL: no clean stop, its heartbeat goes stale).
 */
describe('the dashboard names a stalled relay and a stopped worker', () => {
  const stack = {} as FaultStack;

  beforeAll(async () => {
    await startFaultStack('ops-status', stack);
  }, 90_000);

  afterAll(async () => {
    await stopFaultStack(stack);
  }, 60_000);

  const sentence = async (): Promise<string> => {
    const res = await stack.client.request('GET', 'ops/summary');
    return res.status === 200 ? (res.body.data.status.sentence as string) : `HTTP ${res.status}`;
  };
  const until = (test: (s: string) => boolean, what: string, ms = 90_000) =>
    waitFor(
      async () => {
        const s = await sentence();
        return test(s) ? s : null;
      },
      ms,
      what,
      500,
    );

  it('all normal, then "Outbox relay stalled" while Redis is down, then normal again', async () => {
    await until((s) => s === 'All systems normal', 'all systems normal', 30_000);
    await stack.redis.stop();
    expect((await createUserRequest(stack.client, stack.seed.companyId, 'stall@faults.example')).status).toBe(201);
    const s = await until((x) => x.startsWith('Outbox relay stalled'), 'a stalled relay');
    expect(s).toMatch(/^Outbox relay stalled: \d+ events? waiting, the oldest for \d+ (s|min)$/);
    await stack.redis.start();
    await until((x) => x === 'All systems normal', 'recovered', 60_000);
  }, 180_000);

  it('names a worker killed with SIGKILL', async () => {
    const victim = stack.workers[0];
    victim.kill('SIGKILL');
    await victim.exit;
    const s = await until((x) => x.startsWith('Worker '), 'a stopped worker');
    expect(s).toMatch(new RegExp(`^Worker [^ ]+:${victim.pid} stopped reporting at \\d\\d:\\d\\d UTC$`));
    const summary = (await stack.client.request('GET', 'ops/summary')).body.data;
    expect(summary.workers.find((w: { pid: number }) => w.pid === victim.pid)).toMatchObject({ stale: true });
    expect(summary.status.ok).toBe(false);
  }, 120_000);
});
