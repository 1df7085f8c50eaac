import { randomUUID } from 'node:crypto';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

/**
 * Tenancy matrix: every route of companies/users/notifications ×
 * {anonymous, employee of A, admin of A, admin of B, superadmin} × {own id, foreign id, random id}.
 * Zero unauthorized successes, no 5xx, and no foreign company's data in any body.
 */
const PW = 'Passw0rd!23';
type Kind = 'own' | 'foreign' | 'random';
type ActorName = 'anonymous' | 'employeeA' | 'adminA' | 'adminB' | 'superadmin';

interface Actor {
  name: ActorName;
  client: ApiClient;
  companyId: string | null;
}

interface Case {
  method: string;
  path: string;
  body?: unknown;
  /** Created rows that must belong to the actor's company when an admin succeeds. */
  createsUser?: boolean;
}

interface Route {
  name: string;
  /** Routes without an id run once per actor. */
  usesId: boolean;
  build(kind: Kind, actor: Actor): Promise<Case>;
  allowed(actor: ActorName, kind: Kind): boolean;
}

describe('tenancy matrix: companies, users, notifications', () => {
  let api: TestApi;
  const ids = { A: '', B: '' };
  const actors = {} as Record<ActorName, Actor>;
  let seq = 0;

  const other = (companyId: string | null) => (companyId === ids.A ? ids.B : ids.A);
  const freshEmployee = async (companyId: string) =>
    (
      await createUser(api.db, {
        email: `victim${++seq}@${companyId === ids.A ? 'a' : 'b'}.example`,
        role: 'employee',
        companyId,
      })
    ).id;

  /** A company id of `kind` for the actor; destructive superadmin cases get a fresh company. */
  const companyFor = async (kind: Kind, actor: Actor, destructive = false): Promise<string> => {
    if (kind === 'random') return randomUUID();
    if (actor.name === 'superadmin')
      return destructive ? createCompany(api.db, `Fresh ${++seq}`) : kind === 'own' ? ids.A : ids.B;
    const own = actor.companyId ?? ids.A;
    return kind === 'own' ? own : other(own);
  };
  /** A fresh employee of the actor's company (own) or of the other company (foreign). */
  const userFor = async (kind: Kind, actor: Actor): Promise<string> => {
    if (kind === 'random') return randomUUID();
    const own = actor.companyId ?? ids.A;
    return freshEmployee(kind === 'own' ? own : other(own));
  };

  const superOnly = (a: ActorName, k: Kind) => a === 'superadmin' && k !== 'random';
  const superNoId = (a: ActorName) => a === 'superadmin';
  const adminOwnOrSuper = (a: ActorName, k: Kind) =>
    k !== 'random' && (a === 'superadmin' || ((a === 'adminA' || a === 'adminB') && k === 'own'));

  const routes: Route[] = [
    {
      name: 'GET company (paged)',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'company?page=1&limit=9&search=&sortBy=name&sortOrder=asc' }),
      allowed: superNoId,
    },
    {
      name: 'GET company/',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'company/' }),
      allowed: superNoId,
    },
    {
      name: 'POST company',
      usesId: false,
      build: async () => {
        const email = `new${++seq}@new.example`;
        return {
          method: 'POST',
          path: 'company',
          body: { name: `New ${seq}`, username: 'N', email, password: PW, confirm_password: PW },
        };
      },
      allowed: superNoId,
    },
    {
      name: 'GET company/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'GET', path: `company/${await companyFor(k, a)}` }),
      allowed: superOnly,
    },
    {
      name: 'PATCH company/{id}',
      usesId: true,
      build: async (k, a) => ({
        method: 'PATCH',
        path: `company/${await companyFor(k, a)}`,
        body: { discount_percentage: 50 },
      }),
      allowed: superOnly,
    },
    {
      name: 'DELETE company/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'DELETE', path: `company/${await companyFor(k, a, true)}` }),
      allowed: superOnly,
    },
    {
      name: 'GET company/user/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'GET', path: `company/user/${await companyFor(k, a)}` }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'POST user',
      usesId: true,
      build: async (k, a) => ({
        method: 'POST',
        path: 'user',
        body: {
          company_id: await companyFor(k, a),
          username: 'Made',
          email: `made${++seq}@x.example`,
          password: PW,
          action: 'admin',
        },
        createsUser: true,
      }),
      // The admin's company comes from the session: company_id in the body is ignored, so it succeeds
      // for any id, and the check below proves the new user landed in the admin's own company.
      allowed: (a, k) => a === 'adminA' || a === 'adminB' || superOnly(a, k),
    },
    {
      name: 'GET user/ (administrators)',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'user/?page=1&limit=20' }),
      allowed: superNoId,
    },
    {
      name: 'GET user/total',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'user/total' }),
      allowed: superNoId,
    },
    {
      name: 'GET user/employee',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'user/employee' }),
      allowed: (a) => a === 'adminA' || a === 'adminB',
    },
    {
      name: 'GET user/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'GET', path: `user/${await userFor(k, a)}` }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'PATCH user/{id}',
      usesId: true,
      build: async (k, a) => ({
        method: 'PATCH',
        path: `user/${await userFor(k, a)}`,
        body: { username: 'Renamed', status: false },
      }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'DELETE user/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'DELETE', path: `user/${await userFor(k, a)}` }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'DELETE user/bulk',
      usesId: true,
      build: async (k, a) => ({ method: 'DELETE', path: 'user/bulk', body: { id: [await userFor(k, a)] } }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'GET user/resend/{id}',
      usesId: true,
      build: async (k, a) => ({ method: 'GET', path: `user/resend/${await userFor(k, a)}` }),
      allowed: adminOwnOrSuper,
    },
    {
      name: 'GET notification',
      usesId: false,
      build: async () => ({ method: 'GET', path: 'notification?page=1&limit=20' }),
      allowed: superNoId,
    },
    {
      name: 'DELETE notification/',
      usesId: true,
      build: async (k) => {
        if (k === 'random') return { method: 'DELETE', path: 'notification/', body: { ids: [randomUUID()] } };
        const [n] = await api.db.query(
          `INSERT INTO notifications (event_id, username, email, description) VALUES (gen_random_uuid(), 'n', 'n@x.example', 'd') RETURNING id`,
        );
        return { method: 'DELETE', path: 'notification/', body: { ids: [n.id] } };
      },
      allowed: superOnly,
    },
  ];

  beforeAll(async () => {
    api = await startTestApi();
    ids.A = await createCompany(api.db, 'Alpha Company');
    ids.B = await createCompany(api.db, 'Bravo Company');
    await createUser(api.db, { email: 'root@example.com', role: 'superadmin' });
    await createUser(api.db, { email: 'admin@alpha.example', role: 'admin', companyId: ids.A });
    await createUser(api.db, { email: 'emp@alpha.example', role: 'employee', companyId: ids.A });
    await createUser(api.db, { email: 'admin@bravo.example', role: 'admin', companyId: ids.B });
    await createUser(api.db, { email: 'emp@bravo.example', role: 'employee', companyId: ids.B });
    const signIn = async (name: ActorName, email: string | null, companyId: string | null) => {
      const client = new ApiClient(api);
      if (email) expect((await client.login(email, PW)).status).toBe(200);
      else await client.refreshCsrf();
      actors[name] = { name, client, companyId };
    };
    await signIn('anonymous', null, null);
    await signIn('employeeA', 'emp@alpha.example', ids.A);
    await signIn('adminA', 'admin@alpha.example', ids.A);
    await signIn('adminB', 'admin@bravo.example', ids.B);
    await signIn('superadmin', 'root@example.com', null);
  });
  afterAll(() => api.close());

  it('zero unauthorized successes, no 5xx, no foreign data', async () => {
    const failures: string[] = [];
    let runs = 0;
    for (const route of routes) {
      for (const actor of Object.values(actors)) {
        for (const kind of route.usesId ? (['own', 'foreign', 'random'] as Kind[]) : (['own'] as Kind[])) {
          const c = await route.build(kind, actor);
          const res = await actor.client.request(c.method, c.path, c.body);
          runs++;
          const label = `${route.name} × ${actor.name} × ${kind}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;
          const ok = res.status >= 200 && res.status < 300;
          const expected = route.allowed(actor.name, kind);
          if (res.status >= 500) failures.push(`5xx — ${label}`);
          if (ok !== expected) failures.push(`${ok ? 'UNAUTHORIZED SUCCESS' : 'unexpected refusal'} — ${label}`);
          if (actor.name === 'anonymous' && res.status !== 401) failures.push(`anonymous not 401 — ${label}`);
          if (actor.companyId) {
            const foreignId = other(actor.companyId);
            const foreignName = foreignId === ids.A ? 'Alpha Company' : 'Bravo Company';
            const foreignDomain = foreignId === ids.A ? '@alpha.example' : '@bravo.example';
            const foreignVictims = foreignId === ids.A ? '@a.example' : '@b.example';
            const text = JSON.stringify(res.body);
            for (const marker of [foreignId, foreignName, foreignDomain, foreignVictims]) {
              if (text.includes(marker)) failures.push(`foreign data (${marker}) — ${label}`);
            }
          }
          if (ok && c.createsUser && actor.companyId) {
            if (res.body.data.company_id !== actor.companyId || res.body.data.role_key !== 'employee') {
              failures.push(`admin created a user outside their company or role — ${label}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(runs).toBeGreaterThan(150);
  });

  it('the fixtures of both companies survived every refused request', async () => {
    const companies = await api.db.query(
      `SELECT name, discount_percentage::float8 AS d FROM companies WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [[ids.A, ids.B]],
    );
    // Only the superadmin's own-kind PATCH changed Alpha (allowed); Bravo only via the superadmin's foreign-kind PATCH.
    expect(companies.map((c: { name: string }) => c.name)).toEqual(['Alpha Company', 'Bravo Company']);
    const fixtures = await api.db.query(
      `SELECT email, status FROM users WHERE email LIKE '%@alpha.example' OR email LIKE '%@bravo.example' ORDER BY email`,
    );
    expect(fixtures).toEqual([
      { email: 'admin@alpha.example', status: true },
      { email: 'admin@bravo.example', status: true },
      { email: 'emp@alpha.example', status: true },
      { email: 'emp@bravo.example', status: true },
    ]);
  });
});
