// Event-latency observer for the load-mix benchmark, run in its own worker thread: the load generator's
// event loop (50 closed-loop customers parsing multi-megabyte pages) would otherwise delay both the
// commit timestamp and the arrival timestamp by its own lag, which is not the product's latency.
// It LISTENs for commits and holds the Socket.IO clients; on 'stop' it posts what it saw.
import { parentPort as port, workerData } from 'node:worker_threads';
import pg from 'pg';
import { io as ioClient } from 'socket.io-client';

/** @type {{ databaseUrl: string, channel: string, url: string, tokens: string[], origin: string }} */
const { databaseUrl, channel, url, tokens, origin } = workerData;
if (!port) throw new Error('event-observer.mjs runs as a worker thread (see load-mix.mjs)');
const parentPort = port;

/** productId → commit times, in order (the API publishes one message to the employee room among others). */
const commits = new Map();
const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
await listener.query(`LISTEN ${channel}`);
listener.on('notification', (n) => {
  const at = performance.now();
  const m = JSON.parse(n.payload ?? '{}');
  if (m.event !== 'catalogue.changed' || !m.data?.productId) return;
  if (m.room !== undefined && ![m.room].flat().includes('role:employee')) return;
  const list = commits.get(m.data.productId) ?? [];
  list.push(at);
  commits.set(m.data.productId, list);
});

const arrivals = [];
const sockets = await Promise.all(
  tokens.map(
    (token, socketIndex) =>
      new Promise((resolve, reject) => {
        const s = ioClient(url, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          extraHeaders: { origin },
          reconnection: false,
        });
        const seen = new Map();
        s.on('catalogue.changed', (e) => {
          const at = performance.now();
          const ordinal = seen.get(e.productId) ?? 0;
          seen.set(e.productId, ordinal + 1);
          arrivals.push({ socketIndex, productId: e.productId, ordinal, at });
        });
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      }),
  ),
);
parentPort.postMessage({ type: 'ready' });

parentPort.on('message', async (m) => {
  if (m !== 'stop') return;
  sockets.forEach((s) => s.close());
  await listener.end();
  // The k-th arrival of a product at a socket belongs to that product's k-th commit (Socket.IO keeps
  // order per socket), so a late commit notification cannot pair an arrival with an earlier save.
  const latencies = arrivals.flatMap((a) => {
    const c = commits.get(a.productId)?.[a.ordinal];
    return c === undefined ? [] : [Math.max(0, a.at - c)];
  });
  parentPort.postMessage({ type: 'result', received: arrivals.length, latencies });
});
