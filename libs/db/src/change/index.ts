/* The exit of every change: audit entries, outbox events and live pushes in one call. */
export { commitChange, type Change, type ChangeBuilder, type ChangeEvent } from './commit-change';
export { SYSTEM_ACTOR, actorFromEvent, eventActor, type Actor } from './actor';
export type { AuditEntry, AuditSelect } from './audit';
