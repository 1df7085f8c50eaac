import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../libs/platform/src';
import { createDataSource } from '../libs/db/src';
import { responseProblems, routeMatcher, ROUTES } from '../libs/domain/src';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestApi {
  process: ChildProcess;
  db: DataSource;
  env: Record<string, string>;
  database: TestDatabase;
  baseUrl: string;
  origin: string;
  close(): Promise<void>;
}

/** Servers started by this test file; killed if the file ends without closing them (e.g. a hook timed out). */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

export const CHILD_GUARD = path.resolve(__dirname, '../scripts/dist/child-guard.js');

/**
 * Database connections of each API and worker a test starts: enough for one test's traffic, few enough
 * that two test files at once (each with APIs and workers) stay well under a default Postgres's 100
 * connections. The bench smoke (scripts/bench/lib.mjs) uses the same sizes.
 */
export const TEST_POOL_SIZES = { DATABASE_POOL_SIZE: '6', QUEUE_DATABASE_POOL_SIZE: '1' } as const;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing!';

/**
 * Boots the compiled API (HTTP + Socket.IO) as a child process on an ephemeral port against a fresh
 * database. NestJS 12 ships as ESM, which jest's CommonJS module loader cannot require, so API
 * tests drive the real server over HTTP — exactly as the browser does.
 */
export async function startTestApi(
  extraEnv: Record<string, string> | ((databaseUrl: string) => Record<string, string>) = {},
): Promise<TestApi> {
  const database = await createTestDatabase();
  const extra = typeof extraEnv === 'function' ? extraEnv(database.url) : extraEnv;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3999',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'error',
    // Two test files run at once, each with APIs and workers, on one server of 100 connections.
    ...TEST_POOL_SIZES,
    ...extra,
  };
  const child = fork(path.resolve(__dirname, '../apps/api/dist/main.js'), [], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Exits when this test process dies, even by SIGKILL (no orphaned servers between runs).
    execArgv: ['--require', CHILD_GUARD],
  });
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start in 20 s:\n${output}`)), 20_000);
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m?.type === 'ready' && m.port) {
        clearTimeout(timer);
        resolve(m.port);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${code}:\n${output}`));
    });
  });
  const db = await createDataSource({ url: database.url, poolSize: 4 }).initialize();
  return {
    process: child,
    db,
    env,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    origin: env.PUBLIC_URL,
    async close() {
      await db.destroy();
      await stopChild(child);
      await database.drop();
    },
  };
}

export async function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let cachedHash: { password: string; hash: Promise<string> } | null = null;

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  companyId: string | null;
}

export async function createCompany(
  db: DataSource,
  name = 'Acme Air',
  opts: { status?: boolean } = {},
): Promise<string> {
  const rows: { id: string }[] = await db.query(
    `INSERT INTO companies (name, status, discount_percentage) VALUES ($1, $2, 45.50) RETURNING id`,
    [name, opts.status ?? true],
  );
  return rows[0].id;
}

export async function createUser(
  db: DataSource,
  opts: {
    email: string;
    role: 'superadmin' | 'admin' | 'employee';
    companyId?: string | null;
    status?: boolean;
    username?: string;
    password?: string;
  },
): Promise<SeededUser> {
  const password = opts.password ?? 'Passw0rd!23';
  if (!cachedHash || cachedHash.password !== password) cachedHash = { password, hash: hashPassword(password) };
  const rows: { id: string }[] = await db.query(
    `INSERT INTO users (username, email, password_hash, role, company_id, status) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`,
    [
      opts.username ?? opts.email.split('@')[0],
      opts.email,
      await cachedHash.hash,
      opts.role,
      opts.companyId ?? null,
      opts.status ?? true,
    ],
  );
  return { id: rows[0].id, email: opts.email, password, companyId: opts.companyId ?? null };
}

const routeOf = routeMatcher(ROUTES);

/**
 * Every JSON answer the tests receive is checked against its route's response schema (the route
 * table, libs/domain/src/routes), so a renamed or missing field fails a test. The API itself never
 * validates its answers.
 */
export function assertAnswerMatchesTable(method: string, path: string, status: number, body: unknown): void {
  const entry = routeOf(method, path);
  if (!entry) return; // not an API route (404 probes, docs)
  const problems = responseProblems(entry, status, body);
  if (problems.length) {
    throw new Error(
      `${method} /api/${path} answered ${status} with a body that does not match ${entry.name}'s response schema:\n- ${problems.join('\n- ')}`,
    );
  }
}

/** A tiny HTTP client that behaves like the web app: CSRF cookie + header, bearer token. */
export class ApiClient {
  token: string | null = null;
  private csrf: string | null = null;
  private cookies = new Map<string, string>();

  constructor(private readonly api: Pick<TestApi, 'baseUrl' | 'origin'>) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !this.csrf && !('x-xsrf-token' in headers)) await this.refreshCsrf();
    const res = await fetch(`${this.api.baseUrl}/api/${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(method !== 'GET' && this.csrf ? { 'x-xsrf-token': this.csrf } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    this.storeCookies(res);
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      assertAnswerMatchesTable(method, path, res.status, json);
    }
    return { status: res.status, body: json, headers: res.headers };
  }

  async refreshCsrf(): Promise<string> {
    const res = await this.request('GET', 'csrf-token');
    this.csrf = res.body.token;
    return this.csrf!;
  }

  async login(email: string, password: string) {
    this.csrf = null;
    const res = await this.request('POST', 'login', { email, password });
    if (res.status === 200) {
      this.token = res.body.token;
      await this.refreshCsrf();
    }
    return res;
  }

  private storeCookies(res: Response): void {
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}
