import { io, type Socket } from 'socket.io-client';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

describe('Socket.IO gateway', () => {
  let api: TestApi;

  let companyId: string;

  beforeAll(async () => {
    api = await startTestApi();
    companyId = await createCompany(api.db);
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId });
    await createUser(api.db, { email: 'root@portal.test', role: 'superadmin' });
  });
  afterAll(() => api.close());

  function connect(token: unknown, origin: string = api.origin, envelope = false): Socket {
    return io(api.baseUrl, {
      path: '/socket.io',
      auth: { token, ...(envelope ? { envelope: true } : {}) },
      transports: ['websocket'],
      extraHeaders: { origin },
      reconnection: false,
    });
  }

  function outcome(socket: Socket): Promise<'connected' | string> {
    return new Promise((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (err) => resolve(err.message));
    });
  }

  it('delivers every event of a change under its own name, in commit order; the envelope only to who asks for it', async () => {
    const employee = new ApiClient(api);
    await employee.login('emp@acme.com', 'Passw0rd!23');
    const named = connect(employee.token);
    const enveloped = connect(employee.token, api.origin, true);
    expect(await outcome(named)).toBe('connected');
    expect(await outcome(enveloped)).toBe('connected');
    const heard: string[] = [];
    const batches: { events: { event: string }[] }[] = [];
    named.onAny((event: string) => heard.push(event));
    enveloped.onAny((event: string, data: { events: { event: string }[] }) => {
      if (event === 'batch') batches.push(data);
      else heard.push(`envelope:${event}`);
    });
    const catalogueChanged = new Promise((resolve) => named.on('catalogue.changed', resolve));

    const root = new ApiClient(api);
    await root.login('root@portal.test', 'Passw0rd!23');
    expect((await root.request('PATCH', `company/${companyId}`, { discount_percentage: 40 })).status).toBe(200);

    // A listener for `catalogue.changed` hears it, although it rides with `org.changed`.
    await expect(catalogueChanged).resolves.toMatchObject({ kind: 'prices' });
    await new Promise((r) => setTimeout(r, 300));
    expect(batches).toHaveLength(1);
    const order = batches[0].events.map((e) => e.event);
    expect(order).toEqual(expect.arrayContaining(['org.changed', 'catalogue.changed']));
    expect(heard).toEqual(order);
    named.close();
    enveloped.close();
  });

  it('refuses a handshake without a valid session token', async () => {
    for (const token of [undefined, 'garbage', 42]) {
      const socket = connect(token);
      expect(await outcome(socket)).not.toBe('connected');
      socket.close();
    }
  });

  it('refuses a handshake from a foreign Origin even with a valid token', async () => {
    const client = new ApiClient(api);
    await client.login('emp@acme.com', 'Passw0rd!23');
    const socket = connect(client.token, 'https://evil.example');
    expect(await outcome(socket)).not.toBe('connected');
    socket.close();
  });

  it('logging out sends session.revoked and closes the socket at once', async () => {
    const client = new ApiClient(api);
    await client.login('emp@acme.com', 'Passw0rd!23');
    const socket = connect(client.token);
    expect(await outcome(socket)).toBe('connected');
    const events: string[] = [];
    const revoked = new Promise<unknown>((resolve) =>
      socket.on('session.revoked', (p) => (events.push('revoked'), resolve(p))),
    );
    const closed = new Promise<void>((resolve) =>
      socket.on('disconnect', () => (events.push('disconnect'), resolve())),
    );
    await client.request('POST', 'logout');
    expect(await revoked).toEqual({ reason: 'logout' });
    await closed;
    expect(events).toEqual(['revoked', 'disconnect']);
  });
});
