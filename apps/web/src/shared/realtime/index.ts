export { RealtimeProvider, useRealtimeStatus, type RealtimeStatus } from './RealtimeProvider';
export { useRealtimeEvent } from './useRealtimeEvent';
export { dispatch as dispatchRealtimeEvent, subscribe as subscribeRealtimeEvent, type RealtimeHandler } from './bus';
export { emitRealtime, onRealtimeConnect, type ServerBoundEventMap, type ServerBoundEventName } from './emitter';
