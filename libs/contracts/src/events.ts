import type { AccountUserRef } from './account';

/**
 * Domain events written to the transactional outbox (ARCHITECTURE.md "Domain events").
 * Every event type names its payload here; the relay maps each to the jobs in EVENT_JOBS.
 */
export interface EventMap {
  /** Repeated failed sign-ins tripped the per-account throttle. */
  'auth.login_throttled': { email: string; userId: string | null; username: string | null; ip: string; failures: number };
  /** A disabled account presented the correct password. */
  'auth.disabled_login': { userId: string; username: string; email: string };

  /**
   * A reset link was issued. `token` is the raw single-use token (the database keeps only its
   * SHA-256): it must reach the email worker. The API deletes it from this outbox row as soon as the
   * token is used or voided, and it is worthless after `expiresAt` (1 hour).
   */
  'account.password_reset_requested': AccountUserRef & { token?: string; expiresAt: string; ip: string };
  /** A reset link was used: the password changed and every session was ended. */
  'account.password_reset_completed': AccountUserRef & { ip: string };
  /** A signed-in user changed their password; their other sessions were ended. */
  'account.password_changed': AccountUserRef & { ip: string };
  /** A user edited their own profile (username and/or email). */
  'account.profile_updated': AccountUserRef & { changed: ('username' | 'email')[]; previousEmail: string | null };
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
  'account.password_reset_requested': ['notifications', 'email'],
  'account.password_reset_completed': ['notifications', 'email'],
  'account.password_changed': ['notifications', 'email'],
  'account.profile_updated': ['notifications', 'email'],
};
