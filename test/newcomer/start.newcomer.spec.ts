import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../api';
import { dropDatabase, ensureDatabase } from '../../libs/db/src';
import { TEST_SERVER_URL } from '../services';

/**
 * The README's `npm start` as a newcomer meets it: in a shell with no locale and no services
 * (`env -i`), and on a Node older than the portal needs. Each start runs the real launcher on
 * scratch data, ports and tools folders, signs in, and is stopped as Ctrl-C would.
 */
const ROOT = path.resolve(__dirname, '../..');
const SUPERADMIN = { email: 'superadmin@filterportal.local', password: 'Admin@12345' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function nodeVersion(node: string): string | null {
  const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const isOld = (v: string) => {
  const [major, minor] = v.split('.').map(Number);
  return major < 22 || (major === 22 && minor < 12);
};

/** A Node 20: the machine's when it is older than 22.12, else one fetched once into .tools/node20. */
function oldNode(): string {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    const v = fs.existsSync(candidate) ? nodeVersion(candidate) : null;
    if (v && isOld(v)) return candidate;
  }
  const dir = path.join(ROOT, '.tools', 'node20');
  const node = path.join(dir, 'package', 'bin', 'node');
  if (!fs.existsSync(node)) {
    fs.mkdirSync(dir, { recursive: true });
    const packed = spawnSync('npm', ['pack', '--silent', `node-linux-${process.arch}@20`], {
      cwd: dir,
      encoding: 'utf8',
    });
    const tarball = packed.stdout.trim().split('\n').pop()!;
    spawnSync('tar', ['-xzf', tarball], { cwd: dir });
    fs.rmSync(path.join(dir, tarball), { force: true });
  }
  return node;
}

/** The folder of the npm the test runs with (beside this Node, or on PATH). */
function npmDir(): string {
  const beside = path.join(path.dirname(process.execPath), 'npm');
  if (fs.existsSync(beside)) return path.dirname(beside);
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  return path.dirname(which);
}

interface Started {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
}

async function npmStart(env: Record<string, string>, port: number): Promise<Started> {
  let output = '';
  // `env -i`: only what is listed here reaches npm start — no LANG, LC_*, HOME or service URLs.
  const child = spawn('/usr/bin/env', ['-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), 'npm', 'start'], {
    cwd: ROOT,
    detached: true, // its own process group, so the test can stop it as a terminal's Ctrl-C does
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Filter Portal is running')) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`npm start not ready in 240 s:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, output: () => output, baseUrl: `http://localhost:${port}` };
}

async function stop(started: Started | null): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((r) => started.child.once('exit', r));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-started.child.pid!, sig);
    } catch {
      /* the group is gone already */
    }
  };
  signal('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 45_000))]);
  if (started.child.exitCode === null) signal('SIGKILL');
}

async function signsIn(baseUrl: string): Promise<void> {
  const client = new ApiClient({ baseUrl, origin: baseUrl });
  const res = await client.login(SUPERADMIN.email, SUPERADMIN.password);
  expect(res.status).toBe(200);
  const companies = await client.request('GET', 'company');
  expect(companies.status).toBe(200);
  expect(companies.body.data.total).toBe(3); // the demo companies
}

async function ports() {
  return { PORT: await freePort(), SMTP_PORT: await freePort(), SMTP_HTTP_PORT: await freePort() };
}

describe('npm start as a newcomer runs it', () => {
  let scratch: string;
  let started: Started | null = null;

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-newcomer-'));
    // As root, embedded Postgres runs initdb as the `postgres` user, which must reach its data folder.
    fs.chmodSync(scratch, 0o755);
  });
  afterEach(async () => {
    await stop(started);
    started = null;
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('starts with no locale and no services (embedded Postgres, UTF-8) and signs in', async () => {
    const p = await ports();
    const pgPort = await freePort();
    started = await npmStart(
      {
        PATH: [path.dirname(process.execPath), npmDir(), '/usr/bin', '/bin'].join(':'),
        FORCE_EMBEDDED_PG: '1', // this machine has a Postgres on 5432; a newcomer's may not
        PORTAL_DATA_DIR: scratch,
        FILES_DIR: path.join(scratch, 'files'),
        EMBEDDED_PG_PORT: String(pgPort),
        PORT: String(p.PORT),
        SMTP_PORT: String(p.SMTP_PORT),
        SMTP_HTTP_PORT: String(p.SMTP_HTTP_PORT),
      },
      p.PORT,
    );
    expect(started.output()).toContain('embedded Postgres');
    expect(started.output()).not.toMatch(/Start-up failed/);
    await signsIn(started.baseUrl);
    await stop(started);
    expect(started.output()).toContain('Stopped.');
  }, 360_000);

  it('starts on Node 20: fetches Node 24 once and runs under it', async () => {
    const node20 = oldNode();
    expect(isOld(nodeVersion(node20)!)).toBe(true);
    const database = `portal_newcomer_${process.pid}`;
    await dropDatabase(TEST_SERVER_URL, database);
    const url = await ensureDatabase(TEST_SERVER_URL, database);
    const p = await ports();
    try {
      started = await npmStart(
        {
          PATH: [path.dirname(node20), npmDir(), '/usr/bin', '/bin'].join(':'),
          DATABASE_URL: url,
          PORTAL_DATA_DIR: scratch,
          PORTAL_TOOLS_DIR: path.join(scratch, 'tools'),
          FILES_DIR: path.join(scratch, 'files'),
          PORT: String(p.PORT),
          SMTP_PORT: String(p.SMTP_PORT),
          SMTP_HTTP_PORT: String(p.SMTP_HTTP_PORT),
        },
        p.PORT,
      );
      expect(started.output()).toMatch(/Node 20\.[\d.]+ is older than 22\.12: fetching Node 24/);
      expect(fs.existsSync(path.join(scratch, 'tools', 'node24', 'package', 'bin', 'node'))).toBe(true);
      await signsIn(started.baseUrl);
      await stop(started);
      started = null;
    } finally {
      await dropDatabase(TEST_SERVER_URL, database);
    }
  }, 360_000);
});
