import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { poisonXlsx } from '../poison-xlsx';
import {
  JWT_SECRET,
  LoadGenerator,
  QUEUE_PREFIX,
  ROOT,
  freePort,
  recordFigures,
  scratchDir,
  seedDatabase,
  startPrivatePostgres,
  startPrivateRedis,
  startSmtpSink,
  superadminClient,
  waitFor,
  type PrivatePostgres,
  type PrivateRedis,
  type SmtpSink,
} from './harness';

/** The worker processes `npm start`'s launcher (pid `launcher`) runs right now. */
function workerPids(launcher: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== launcher) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('apps/worker/dist/main.js')) pids.push(+entry);
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/**
 * `npm start`'s launcher (scripts/dist/start.js, as scripts/start.mjs runs it after building): a
 * worker that dies is started again with back-off while the API keeps answering — it used to stop
 * the API too. With the poison workbook of the issue and a SIGKILLed worker.
 */
describe('launcher: a dead worker is restarted, the API keeps serving', () => {
  let redis: PrivateRedis;
  let pg: PrivatePostgres;
  let sink: SmtpSink;
  let launcher: ReturnType<typeof spawn> | null = null;
  let output = '';

  afterAll(async () => {
    if (launcher && launcher.exitCode === null) {
      launcher.kill('SIGTERM');
      await new Promise((r) => launcher!.once('exit', r));
    }
    await Promise.all([redis?.stop(), pg?.stop(), sink?.stop()]);
  }, 60_000);

  it('SIGKILLed worker and a poison import: the health check answers throughout, the worker comes back, imports work', async () => {
    if (!fs.existsSync(path.join(ROOT, 'scripts/dist/start.js'))) throw new Error('build first (npm run build:server)');
    const dir = scratchDir('launcher');
    [redis, pg, sink] = await Promise.all([startPrivateRedis(dir), startPrivatePostgres(dir), startSmtpSink()]);
    const seed = await seedDatabase(pg.url);
    const port = await freePort();
    launcher = spawn(process.execPath, [path.join(ROOT, 'scripts/dist/start.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NO_COLOR: '1',
        DATABASE_URL: seed.databaseUrl,
        REDIS_URL: redis.url,
        SMTP_URL: sink.url,
        QUEUE_PREFIX,
        JWT_SECRET,
        PORT: String(port),
        HOST: '127.0.0.1',
        SUPERADMIN_PASSWORD: 'Launcher-Passw0rd!',
        WORKER_RESTART_MS: '500',
        FILES_DIR: path.join(dir, 'files'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    launcher.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(() => output.includes('Filter Portal is running'), 120_000, `launcher ready:\n${output}`, 250);
    const baseUrl = `http://127.0.0.1:${port}`;
    const client = await superadminClient(baseUrl, seed);
    await pg.query(
      'portal',
      `INSERT INTO categories (name, display_order) VALUES ('Filters', 1) ON CONFLICT DO NOTHING`,
    );

    const health = new LoadGenerator(async () => {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      return { kind: 'health', status: res.status };
    });
    health.start(5);
    try {
      const upload = async (data: Buffer, name: string) => {
        const csrf = await client.refreshCsrf();
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(data)]), name);
        const res = await fetch(`${baseUrl}/api/catalogue/imports`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.token}`, 'x-xsrf-token': csrf },
          body: form,
        });
        expect(res.status).toBe(202);
        return ((await res.json()) as { data: { _id: string } }).data._id;
      };
      const settled = (id: string) =>
        waitFor(
          async () => {
            const [row] = await pg.query<{ status: string; message: string | null }>(
              'portal',
              `SELECT status, message FROM catalogue_imports WHERE id = $1`,
              [id],
            );
            return row && !['queued', 'validating', 'applying'].includes(row.status) ? row : false;
          },
          120_000,
          `import ${id}`,
          250,
        );

      // The poison file: the import fails with a reason, nothing dies.
      const [first] = workerPids(launcher.pid!);
      expect(first).toBeDefined();
      const poisoned = await settled(await upload(await poisonXlsx(200 * 1024 * 1024), 'poison.xlsx'));
      expect(poisoned.status).toBe('failed');
      expect(poisoned.message).toMatch(/more text in one place/);
      expect(workerPids(launcher.pid!)).toEqual([first]);

      // A worker that dies anyway is started again; the API never stops.
      process.kill(first, 'SIGKILL');
      const second = await waitFor(
        () => workerPids(launcher!.pid!).find((p) => p !== first),
        30_000,
        'a new worker',
        100,
      );
      expect(output).toMatch(/worker stopped unexpectedly \(signal SIGKILL\) — starting it again in 0\.5s/);
      await waitFor(() => output.split('[worker] started').length - 1 >= 2, 30_000, 'the new worker ready', 100);
      const csv = 'category,product,part_number,size,list_price\nFilters,Pleated 1",PN-LAUNCH-1,16x25x1,12.50\n';
      expect((await settled(await upload(Buffer.from(csv), 'after.csv'))).status).toBe('ready');
      expect(workerPids(launcher.pid!)).toEqual([second]);
    } finally {
      await health.stop();
    }
    const worst = Math.max(...health.samples.map((s) => s.end - s.start));
    recordFigures('launcher-worker-restart', { healthChecks: health.samples.length, worstHealthMs: worst });
    expect(health.samples.every((s) => s.status === 200)).toBe(true);
    expect(worst).toBeLessThan(1000);
    expect(launcher.exitCode).toBeNull();

    launcher.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => launcher!.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  });
});
