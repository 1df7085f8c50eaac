import { poisonXlsx } from '../poison-xlsx';
import {
  LoadGenerator,
  recordFigures,
  startFaultStack,
  stopFaultStack,
  waitFor,
  type FaultStack,
  type Sample,
} from './harness';

/**
 * A poison spreadsheet never stops the portal: a 206 KB XLSX whose one shared string is 200 MB
 * (it used to run the worker out of heap, crash it again on every retry and leave the import
 * `validating` forever). API + two workers (with the heap bound `npm start` gives them); the health
 * check is sampled throughout.
 */
describe('poison import file', () => {
  const stack = {} as FaultStack;
  let health: LoadGenerator;

  beforeAll(async () => {
    await startFaultStack('poison-import', stack);
    await stack.pg.query(
      'portal',
      `INSERT INTO categories (name, display_order) VALUES ('Filters', 1) ON CONFLICT DO NOTHING`,
    );
  }, 90_000);

  afterAll(async () => {
    await health?.stop();
    await stopFaultStack(stack);
  }, 60_000);

  async function upload(data: Buffer, name: string) {
    const csrf = await stack.client.refreshCsrf();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${stack.api.baseUrl}/api/catalogue/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.client.token}`, 'x-xsrf-token': csrf },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { data?: { _id: string }; message?: string } };
  }

  const importRow = async (id: string) =>
    (
      await stack.pg.query<{ status: string; message: string | null }>(
        'portal',
        `SELECT status, message FROM catalogue_imports WHERE id = $1`,
        [id],
      )
    )[0];

  const finished = (id: string, statuses: string[]) =>
    waitFor(
      async () => {
        const row = await importRow(id);
        return row && statuses.includes(row.status) ? row : false;
      },
      120_000,
      `import ${id} to end`,
      250,
    );

  it('the 200 MB shared string ends `failed` with a reason while the health check answers under a second; a normal import then completes', async () => {
    const poison = await poisonXlsx(200 * 1024 * 1024);
    expect(poison.length).toBeLessThan(400 * 1024);

    health = new LoadGenerator(async () => {
      const res = await fetch(`${stack.api.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return { kind: 'health', status: res.status };
    });
    health.start(5);

    const accepted = await upload(poison, 'poison.xlsx');
    expect(accepted.status).toBe(202);
    const id = accepted.body.data!._id;
    const failed = await finished(id, ['failed', 'ready', 'invalid']);
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/more text in one place than a catalogue needs/);

    // The requester is told (notification from the finish event).
    await waitFor(
      async () =>
        (
          await stack.pg.query<{ n: number }>(
            'portal',
            `SELECT count(*)::int AS n FROM notifications WHERE email = $1 AND description ILIKE '%fail%'`,
            [stack.seed.superadmin.email],
          )
        )[0].n > 0,
      30_000,
      'failure notification',
    );

    // Both workers are alive, and a normal import goes through.
    expect(stack.workers.every((w) => !w.exited)).toBe(true);
    const csv = 'category,product,part_number,size,list_price\nFilters,Pleated 1",PN-AFTER-1,16x25x1,12.50\n';
    const normal = await upload(Buffer.from(csv), 'normal.csv');
    expect(normal.status).toBe(202);
    expect((await finished(normal.body.data!._id, ['failed', 'ready', 'invalid'])).status).toBe('ready');

    await health.stop();
    const samples: Sample[] = health.samples;
    const worst = Math.max(...samples.map((s) => s.end - s.start));
    recordFigures('poison-import', {
      healthChecks: samples.length,
      worstHealthMs: worst,
      failedMessage: failed.message ?? '',
    });
    expect(samples.length).toBeGreaterThan(3);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    expect(worst).toBeLessThan(1000);
    expect(stack.workers.every((w) => !w.exited)).toBe(true);
  });
});
