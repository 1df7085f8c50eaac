/**
 * `programme.changed` tenancy: a site's programme change reaches the company's admins and the site's
 * contacts only — never the actor, never an employee who is not a contact, never another company
 * (not even an id of it), whoever makes the change (an admin, a contact, a superadmin onboarding).
 */
import {
  ACTOR_NAMES,
  connectSocket,
  seedWorld,
  socketOutcome,
  startSecurityApi,
  waitFor,
  type ActorName,
  type Probe,
  type SecurityApi,
  type World,
} from './harness';

jest.setTimeout(120_000);

describe('security: programme.changed reaches only its company’s admins and the site’s contacts', () => {
  let api: SecurityApi;
  let w: World;
  const probes = {} as Record<Exclude<ActorName, 'anonymous'>, Probe>;

  beforeAll(async () => {
    api = await startSecurityApi();
    w = await seedWorld(api, { catalogue: true });
    for (const name of ACTOR_NAMES) {
      if (name === 'anonymous') continue;
      probes[name] = connectSocket(api.baseUrl, w.actors[name].client.token);
      expect(await socketOutcome(probes[name].socket)).toBe('connected');
    }
  });
  afterAll(async () => {
    for (const p of Object.values(probes)) p.socket.close();
    await api?.close();
  });

  const heard = (name: keyof typeof probes, siteId: string) =>
    probes[name].events.filter((e) => e.event === 'programme.changed' && e.json.includes(siteId)).length;

  it('admin, contact and superadmin changes: admins and contacts of that company hear, nobody else', async () => {
    const { adminA, employeeA, superadmin } = w.actors;
    const site = await adminA.client.send('POST', 'sites', {
      body: { name: 'Tenancy site', code: 'TEN-1', contacts: [employeeA.user!.id] },
    });
    expect(site.status).toBe(201);
    const siteId: string = site.body.data._id;
    const unit = await superadmin.client.send('POST', `sites/${siteId}/units`, {
      body: { label: 'AHU-1', kind: 'ahu' },
    });
    expect(unit.status).toBe(201);
    const [variant] = await api.db.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 1`);
    const slot = await adminA.client.send('POST', `units/${unit.body.data._id}/slots`, {
      body: {
        stage: 'single',
        fitted: { kind: 'catalogue', variant_id: variant.id },
        quantity: 2,
        interval_unit: 'month',
        interval_count: 3,
        anchor_date: '2030-01-15',
      },
    });
    expect(slot.status).toBe(201);
    expect((await employeeA.client.send('POST', `slots/${slot.body.data._id}/skip`, { body: {} })).status).toBe(200);
    await waitFor(() => heard('adminA', siteId) >= 2, 5000, 'adminA hears the contact and the superadmin');
    await waitFor(() => heard('employeeA', siteId) >= 3, 5000, 'the contact hears the admin and the superadmin');
    await new Promise((r) => setTimeout(r, 300));
    // site created (admin) · unit (superadmin) · slot (admin) · skip (contact)
    expect(heard('adminA', siteId)).toBe(2);
    expect(heard('employeeA', siteId)).toBe(3);
    expect(heard('superadmin', siteId)).toBe(0);
    for (const name of ['adminB', 'employeeB'] as const) {
      const leaked = probes[name].events.filter((e) => e.event === 'programme.changed' || e.json.includes(w.ids.A));
      expect({ name, leaked }).toEqual({ name, leaked: [] });
    }
  });
});
