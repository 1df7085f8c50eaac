import { io, type Socket } from 'socket.io-client';
import { ApiClient, createCompany, createUser, startTestApi, type TestApi } from '../../../test/api';

describe('Socket.IO gateway', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
    const companyId = await createCompany(api.db);
    await createUser(api.db, { email: 'emp@acme.com', role: 'employee', companyId });
  });
  afterAll(() => api.close());

  function connect(token: unknown, origin: string = api.origin): Socket {
    return io(api.baseUrl, {
      path: '/socket.io',
      auth: { token },
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
