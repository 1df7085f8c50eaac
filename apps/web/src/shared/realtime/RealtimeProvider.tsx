import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { io, Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientEventMap, type ClientEventName } from '@portal/contracts';
import { dispatch } from './bus';
import { notifyRealtimeConnect, setRealtimeSocket } from './emitter';

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

const StatusContext = createContext<RealtimeStatus>('idle');

/** Every server event the app handles: a Record over ClientEventName, so a new event cannot be forgotten here. */
const KNOWN: Record<Exclude<ClientEventName, 'batch'>, true> = {
  'notification.created': true,
  'notification.read': true,
  'session.revoked': true,
  'catalogue.changed': true,
  'file.processed': true,
  'presence.changed': true,
  'org.changed': true,
  'audit.created': true,
  'import.progress': true,
  'pricelist.ready': true,
  'pricelist.progress': true,
  'quote.changed': true,
  'order.changed': true,
  /* operations and email deliverability */
  'ops.changed': true,
  'email.bounced': true,
  'programme.changed': true,
  'price_change.changed': true,
};
const KNOWN_EVENTS: ReadonlySet<string> = new Set(Object.keys(KNOWN));

interface RealtimeProviderProps {
  /** Current session token; a new value reconnects with it. Null disconnects. */
  token: string | null;
  /** Connect only while signed in. */
  enabled: boolean;
  children: ReactNode;
  /** Injected in tests. */
  connect?: typeof io;
}

// Socket.IO is needed only once signed in: loaded then, so the sign-in screen does not download it.
const loadIo = () => import('socket.io-client').then((m) => m.io);

/** Same-origin Socket.IO connection (path '/socket.io', `auth: { token, envelope }`) while signed in. */
export function RealtimeProvider({ token, enabled, children, connect }: RealtimeProviderProps) {
  const [status, setStatus] = useState<Exclude<RealtimeStatus, 'idle'>>('connecting');
  const active = enabled && !!token;

  useEffect(() => {
    if (!active) return;
    let socket: Socket | null = null;
    let stopped = false;
    const open = (createSocket: typeof io) => {
      if (stopped) return;
      socket = createSocket({
        path: SOCKET_PATH,
        // A refreshed token (after validate) changes `token` and re-runs this effect: a new connection.
        // `envelope`: one `batch` message per change (one refetch pass) instead of one message per event.
        auth: { token, envelope: true },
        transports: ['websocket', 'polling'],
        withCredentials: true,
      });
      setRealtimeSocket(socket);
      socket.on('connect', () => {
        setStatus('connected');
        notifyRealtimeConnect();
      });
      socket.on('disconnect', () => setStatus('disconnected'));
      socket.onAny((event: string, payload: unknown) => {
        // Several pushes of one change arrive as one `batch`: each is handed on as if it came alone.
        if (event === 'batch') {
          for (const p of (payload as ClientEventMap['batch']).events ?? []) {
            if (KNOWN_EVENTS.has(p.event)) dispatch(p.event, p.data as never);
          }
        } else if (KNOWN_EVENTS.has(event)) dispatch(event as ClientEventName, payload as never);
      });
    };
    if (connect) open(connect);
    else void loadIo().then(open, () => !stopped && setStatus('disconnected'));
    return () => {
      stopped = true;
      if (!socket) return;
      setRealtimeSocket(null);
      socket.offAny();
      socket.removeAllListeners();
      socket.disconnect();
      setStatus('connecting'); // the next connection (if any) starts from scratch
    };
  }, [active, token, connect]);

  return <StatusContext.Provider value={active ? status : 'idle'}>{children}</StatusContext.Provider>;
}

export function useRealtimeStatus(): RealtimeStatus {
  return useContext(StatusContext);
}
