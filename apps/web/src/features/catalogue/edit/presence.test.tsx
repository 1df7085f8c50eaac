import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_HEARTBEAT_SECONDS } from '@portal/contracts';
import { setRealtimeSocket } from '../../../shared/realtime/emitter';
import { usePresence } from './hooks';

// The real realtime and config modules (no vi.mock: with `isolate: false` another file may have
// imported ./hooks first): client → server emits go to a recording socket, and the configuration
// comes from a query cache that holds `GET /api/config`'s answer, or nothing yet.
const emitted: [string, unknown][] = [];
let client: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const joins = () => emitted.filter(([e]) => e === 'presence.join').length;

describe('presence heartbeat', () => {
  beforeEach(() => {
    emitted.length = 0;
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Not known yet: the config request never answers.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    setRealtimeSocket({ emit: (event: string, payload: unknown) => void emitted.push([event, payload]) });
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setRealtimeSocket(null);
    client.clear();
  });

  it('re-joins at the server-given interval while the product is open, and stops (leaving) when it closes', () => {
    client.setQueryData(['config'], { presenceHeartbeatSeconds: 20 });
    const { unmount } = renderHook(() => usePresence('p-1'), { wrapper });
    expect(emitted).toEqual([['presence.join', { productId: 'p-1' }]]);
    vi.advanceTimersByTime(3 * 60 * 1000); // three minutes open
    const open = joins();
    expect(open).toBe(1 + (3 * 60) / 20);
    unmount();
    expect(emitted.at(-1)).toEqual(['presence.leave', { productId: 'p-1' }]);
    vi.advanceTimersByTime(5 * 60 * 1000);
    expect(joins()).toBe(open);
  });

  it('re-joins every PRESENCE_HEARTBEAT_SECONDS while the configuration is not known yet', () => {
    renderHook(() => usePresence('p-1'), { wrapper });
    vi.advanceTimersByTime(3 * 60 * 1000);
    expect(joins()).toBe(1 + (3 * 60) / PRESENCE_HEARTBEAT_SECONDS);
  });
});
