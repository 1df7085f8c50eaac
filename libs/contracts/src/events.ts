/**
 * Domain events written to the transactional outbox (ARCHITECTURE.md "Domain events").
 * Every event type names its payload here; the relay maps each to the jobs in EVENT_JOBS.
 */
export interface EventMap {
  /** Repeated failed sign-ins tripped the per-account throttle. */
  'auth.login_throttled': { email: string; userId: string | null; username: string | null; ip: string; failures: number };
  /** A disabled account presented the correct password. */
  'auth.disabled_login': { userId: string; username: string; email: string };
}

export type EventType = keyof EventMap;

export interface OutboxEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  payload: EventMap[T];
  actorId: string | null;
  createdAt: string;
}

/** Jobs consumed by the worker's queues. Each job carries the event that caused it. */
export interface JobMap {
  notifications: { event: OutboxEvent };
  email: { event: OutboxEvent };
  files: { fileId: string; eventId: string };
}

export type QueueName = keyof JobMap;
export const QUEUE_NAMES: readonly QueueName[] = ['notifications', 'email', 'files'];

/** Which queues each event fans out to. Checked at worker start-up against the registered handlers. */
export const EVENT_JOBS: { [K in EventType]: readonly Exclude<QueueName, 'files'>[] } = {
  'auth.login_throttled': ['notifications', 'email'],
  'auth.disabled_login': ['notifications'],
};
