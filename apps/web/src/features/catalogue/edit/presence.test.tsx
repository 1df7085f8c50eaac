import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_HEARTBEAT_SECONDS, PRESENCE_TTL_SECONDS } from '@portal/contracts';

const emitted: [string, unknown][] = [];
vi.mock('../../../shared/realtime', () => ({
  emitRealtime: (event: string, payload: unknown) => (emitted.push([event, payload]), true),
  onRealtimeConnect: () => () => undefined,
  useRealtimeEvent: () => undefined,
}));

const { usePresence } = await import('./hooks');

describe('presence heartbeat', () => {
  beforeEach(() => {
    emitted.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('re-joins below the TTL while the product is open, and stops (leaving) when it closes', () => {
    expect(PRESENCE_HEARTBEAT_SECONDS * 2).toBeLessThan(PRESENCE_TTL_SECONDS);
    const { unmount } = renderHook(() => usePresence('p-1'));
    expect(emitted).toEqual([['presence.join', { productId: 'p-1' }]]);
    vi.advanceTimersByTime(3 * 60 * 1000); // three minutes open
    const joins = emitted.filter(([e]) => e === 'presence.join').length;
    expect(joins).toBe(1 + (3 * 60) / PRESENCE_HEARTBEAT_SECONDS);
    unmount();
    expect(emitted.at(-1)).toEqual(['presence.leave', { productId: 'p-1' }]);
    vi.advanceTimersByTime(5 * 60 * 1000);
    expect(emitted.filter(([e]) => e === 'presence.join').length).toBe(joins);
  });
});
