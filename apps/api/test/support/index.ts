/**
 * Set-up shared by the API and worker integration specs: signing in, sockets, a worker on the
 * test database, a recording mailer and polling. Builds on test/api.ts (API process, seed helpers).
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Mailer, MailMessage } from '../../../../libs/platform/src';
import { eventProblems, type CompanyPercentages } from '../../../../libs/domain/src';
import { ApiClient, createCompany, createUser, TEST_POOL_SIZES, type TestApi } from '../../../../test/api';
import {
  startWorker,
  type WorkerEnv,
  type WorkerOverrides,
  type WorkerRuntime,
} from '../../../worker/src/worker-runtime';

/** The password test/api.ts `createUser` gives every seeded user. */
export const TEST_PASSWORD = 'Passw0rd!23';

/** A client signed in as `email` (the sign-in must succeed). */
export async function signIn(api: TestApi, email: string, password = TEST_PASSWORD): Promise<ApiClient> {
  const c = new ApiClient(api);
  expect((await c.login(email, password)).status).toBe(200);
  return c;
}

/** `POST user` as `client`: a valid new-user body (password, action employee) with `fields` over it. */
export function addUser(client: ApiClient, fields: Record<string, unknown>) {
  return client.request('POST', 'user', { password: 'Secret-pass1', action: 'employee', ...fields });
}

/** `addUser` that must succeed (201): the new user's id. */
export async function addedUserId(client: ApiClient, fields: Record<string, unknown>): Promise<string> {
  const res = await addUser(client, fields);
  expect(res.status).toBe(201);
  return res.body.data._id;
}

/** One signed-in client per name, e.g. `{ root: 'root@example.com', emp: 'emp@acme.com' }`, in order. */
export async function signInAll<K extends string>(
  api: TestApi,
  users: Record<K, string>,
  password = TEST_PASSWORD,
): Promise<Record<K, ApiClient>> {
  const out = {} as Record<K, ApiClient>;
  for (const [who, email] of Object.entries(users) as [K, string][]) out[who] = await signIn(api, email, password);
  return out;
}

/**
 * A Socket.IO connection as `token`, resolved once connected (rejected on connect_error). `setup`
 * runs before connecting (listeners); `track` collects sockets for the suite's teardown.
 */
export function connectSocket(
  api: TestApi,
  token: string | null,
  opts: { setup?: (socket: Socket) => void; track?: Socket[]; reconnection?: boolean } = {},
): Promise<Socket> {
  const socket = io(api.baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    extraHeaders: { origin: api.origin },
    ...(opts.reconnection ? {} : { reconnection: false }),
  });
  opts.track?.push(socket);
  checkEvents(socket);
  opts.setup?.(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Realtime payloads that did not match the realtime table (libs/domain/src/routes/realtime.ts). */
const eventMismatches: string[] = [];

/** Every event a test socket receives is checked against its declared payload schema. */
function checkEvents(socket: Socket): void {
  socket.onAny((event: string, data: unknown) => {
    for (const p of eventProblems(event, data)) eventMismatches.push(`${event}: ${p}`);
  });
}

afterEach(() => {
  const found = eventMismatches.splice(0);
  if (found.length)
    throw new Error(`Realtime events that do not match their declared payloads:\n- ${found.join('\n- ')}`);
});

/** A mailer that records what it is given. */
export function fakeMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => (sent.push(m), { messageId: `<${sent.length}@test>` }), close: () => undefined };
}

/** A mailer that accepts everything and keeps nothing. */
const nullMailer = { send: async () => ({ messageId: 'x' }), close: () => undefined } as unknown as Mailer;

/** The worker env for the test API's database, on a queue prefix of its own. */
export function testWorkerEnv(api: TestApi, env: Partial<WorkerEnv> = {}): WorkerEnv {
  return {
    DATABASE_URL: api.database.url,
    PUBLIC_URL: 'http://localhost:3999',
    OUTBOX_POLL_MS: 200,
    MAIL_FROM: 'Filter Portal <no-reply@test>',
    SMTP_URL: 'smtp://127.0.0.1:1',
    QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
    DATABASE_POOL_SIZE: Number(TEST_POOL_SIZES.DATABASE_POOL_SIZE),
    QUEUE_DATABASE_POOL_SIZE: Number(TEST_POOL_SIZES.QUEUE_DATABASE_POOL_SIZE),
    // At idle priority a machine kept busy by other work (CI beside other jobs) builds no price list
    // until it pauses; pricelists.spec checks the idle build process itself.
    PRICELIST_BUILD_PRIORITY: 'normal',
    ...env,
  } as WorkerEnv;
}

/** A worker on the test API's database: silent, with a mailer that sends nothing unless one is given. */
export function startTestWorker(
  api: TestApi,
  env: Partial<WorkerEnv> = {},
  overrides: WorkerOverrides = {},
): Promise<WorkerRuntime> {
  return startWorker(testWorkerEnv(api, env), { mailer: nullMailer, log: () => undefined, ...overrides });
}

/** Polls `fn` until it returns a truthy value (every `everyMs`), or fails after `timeoutMs`. */
export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Two companies' percentages where binary floats would round some prices wrongly, different per
 * product line (price tests: catalogue screens and price lists).
 */
export const FLOAT_TRAP_PERCENTAGES: Record<'A' | 'B', CompanyPercentages> = {
  A: {
    discount_percentage: '45.55',
    rigidflow_percentage: '52.35',
    minipro_percentage: '48.75',
    polyroll_percentage: '33.33',
  },
  B: {
    discount_percentage: '62.25',
    rigidflow_percentage: '70.00',
    minipro_percentage: '65.50',
    polyroll_percentage: '58.00',
  },
};

/** Sets a company's four percentages directly in the database. */
export function setPercentages(api: TestApi, companyId: string, p: CompanyPercentages): Promise<unknown> {
  return api.db.query(
    `UPDATE companies SET discount_percentage = $2, rigidflow_percentage = $3, minipro_percentage = $4, polyroll_percentage = $5 WHERE id = $1`,
    [companyId, p.discount_percentage, p.rigidflow_percentage, p.minipro_percentage, p.polyroll_percentage],
  );
}

/** The four users of the two-company specs: a superadmin, Company A's admin and employee, Company B's employee. */
export type TwoCompanyUsers = Record<'root' | 'adminA' | 'empA' | 'empB', ApiClient>;

/**
 * Two companies (`names`, percentages when given) and their users, each signed in: root@example.com
 * (superadmin), admin@a.com and emp@a.com (A's admin and employee) and emp@b.com (B's employee).
 */
export async function seedTwoCompanies(
  api: TestApi,
  opts: { names?: [string, string]; percentages?: Record<'A' | 'B', CompanyPercentages> } = {},
): Promise<{ companyA: string; companyB: string; as: TwoCompanyUsers }> {
  const [nameA, nameB] = opts.names ?? ['Company A', 'Company B'];
  const companyA = await createCompany(api.db, nameA);
  const companyB = await createCompany(api.db, nameB);
  if (opts.percentages) {
    await setPercentages(api, companyA, opts.percentages.A);
    await setPercentages(api, companyB, opts.percentages.B);
  }
  await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
  await createUser(api.db, { email: 'admin@a.com', role: 'admin', companyId: companyA });
  await createUser(api.db, { email: 'emp@a.com', role: 'employee', companyId: companyA });
  await createUser(api.db, { email: 'emp@b.com', role: 'employee', companyId: companyB });
  const as = await signInAll(api, {
    root: 'root@example.com',
    adminA: 'admin@a.com',
    empA: 'emp@a.com',
    empB: 'emp@b.com',
  });
  return { companyA, companyB, as };
}

/** Every `[method, path, body?]` answers 403 to each of `others` and 401 without a session. */
export async function expectSuperadminOnly(
  api: TestApi,
  others: ApiClient[],
  routes: [string, string, unknown?][],
): Promise<void> {
  for (const [method, path, body] of routes) {
    for (const who of others) {
      expect({ path, status: (await who.request(method, path, body)).status }).toEqual({ path, status: 403 });
    }
    expect({ path, status: (await new ApiClient(api).request(method, path, body)).status }).toEqual({
      path,
      status: 401,
    });
  }
}
