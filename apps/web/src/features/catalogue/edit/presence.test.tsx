import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_HEARTBEAT_SECONDS } from '@portal/contracts';

const emitted: [string, unknown][] = [];
vi.mock('../../../shared/realtime', () => ({
  emitRealtime: (event: string, payload: unknown) => (emitted.push([event, payload]), true),
  onRealtimeConnect: () => () => undefined,
  useRealtimeEvent: () => undefined,
}));
const config: { presenceHeartbeatSeconds?: number } = {};
vi.mock('../../../shared/config', () => ({ useAppConfig: () => config }));

const { usePresence } = await import('./hooks');

const joins = () => emitted.filter(([e]) => e === 'presence.join').length;

describe('presence heartbeat', () => {
  beforeEach(() => {
    emitted.length = 0;
    delete config.presenceHeartbeatSeconds;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('re-joins at the server-given interval while the product is open, and stops (leaving) when it closes', () => {
    config.presenceHeartbeatSeconds = 20;
    const { unmount } = renderHook(() => usePresence('p-1'));
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
    renderHook(() => usePresence('p-1'));
    vi.advanceTimersByTime(3 * 60 * 1000);
    expect(joins()).toBe(1 + (3 * 60) / PRESENCE_HEARTBEAT_SECONDS);
  });
});
