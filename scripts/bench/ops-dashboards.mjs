// @ts-check
// Open Operations dashboards for the ops bench, in a process of their own: real dashboards are
// browsers elsewhere, and ten of them parsing answers in the load generator's event loop would be
// timed as catalogue latency. Started by ops.mjs through lib.mjs' `launch` (IPC: 'ready' once every
// socket is connected; SIGTERM closes them).
//
//   OPS_API_URL, OPS_TOKEN, OPS_DASHBOARDS (how many)
import { io } from 'socket.io-client';

/** The requests the Operations screen makes on load, in parallel: its first paint's data. */
export const SCREEN = ['ops/summary', 'ops/activity?limit=30', 'ops/jobs/failed', 'ops/usage'];

/**
 * What the Operations screen refetches on an `ops.changed` (useOpsLiveUpdates): each list when a
 * part it shows moved; the summary only when the push did not bring it.
 * @param {{ parts: string[], summary?: unknown }} e
 */
export const refetchOn = (e) => [
  ...(e.summary ? [] : ['ops/summary']),
  ...(e.parts.includes('online') ? ['ops/online'] : []),
  ...(e.parts.includes('activity') || e.parts.includes('email') ? ['ops/activity?limit=30'] : []),
  ...(e.parts.includes('jobs') ? ['ops/jobs/failed'] : []),
  ...(e.parts.includes('email') ? ['ops/email/suppressions'] : []),
];

/**
 * A dashboard, as the real screen: loads everything it shows, then over a socket refetches what
 * each `ops.changed` says moved.
 * @param {string} apiUrl
 * @param {string} token
 */
export function dashboard(apiUrl, token) {
  const headers = { authorization: `Bearer ${token}` };
  const socket = io(apiUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    extraHeaders: { origin: 'http://localhost:3000' },
  });
  /** @param {string[]} paths */
  const get = (paths) =>
    void Promise.all(paths.map((p) => fetch(`${apiUrl}/api/${p}`, { headers }).then((r) => r.arrayBuffer()))).catch(
      () => undefined,
    );
  get([...SCREEN, 'ops/online', 'ops/email/suppressions']);
  // As useOpsLiveUpdates: the lists at a random moment within LIST_REFETCH_SPREAD_MS (1 s).
  socket.on('ops.changed', (/** @type {{ parts: string[], summary?: unknown }} */ e) => {
    const paths = refetchOn(e);
    if (paths.length) setTimeout(() => get(paths), Math.random() * 1000);
  });
  return socket;
}

/** @param {import('socket.io-client').Socket} socket @returns {Promise<void>} */
export const connected = (socket) => new Promise((resolve) => socket.once('connect', () => resolve()));

if (process.send && process.env.OPS_API_URL) {
  const count = Number(process.env.OPS_DASHBOARDS ?? 10);
  const sockets = Array.from({ length: count }, () =>
    dashboard(String(process.env.OPS_API_URL), String(process.env.OPS_TOKEN)),
  );
  await Promise.all(sockets.map(connected));
  process.on('SIGTERM', () => {
    sockets.forEach((s) => s.close());
    process.exit(0);
  });
  process.send({ type: 'ready', port: 0 });
  // The IPC channel is unref'd by child-guard; the sockets keep the process alive.
}
