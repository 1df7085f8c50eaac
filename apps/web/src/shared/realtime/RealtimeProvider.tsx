import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { io, Socket } from 'socket.io-client';
import type { z } from 'zod';
import { SOCKET_PATH } from '@portal/contracts';
import { SERVER_EVENTS, type BATCH_EVENT, type ServerEventName } from '@portal/domain';
import { dispatch } from './bus';
import { notifyRealtimeConnect, setRealtimeSocket } from './emitter';

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

const StatusContext = createContext<RealtimeStatus>('idle');

/** Every server event of the realtime table is handed to its subscribers (unknown names are dropped). */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(Object.keys(SERVER_EVENTS));
const isServerEvent = (event: string): event is ServerEventName => KNOWN_EVENTS.has(event);

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
          for (const p of (payload as z.output<typeof BATCH_EVENT.payload>).events ?? []) {
            if (isServerEvent(p.event)) dispatch(p.event, p.data as never);
          }
        } else if (isServerEvent(event)) dispatch(event, payload as never);
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
