import {
  CHANGE_PUSHES,
  isOutboxEvent,
  type ChangeMap,
  type ChangeType,
  type PushRoute,
  type Push,
} from '@portal/contracts';
import type { SqlRunner } from '../sql';
import { eventActor, type Actor } from './actor';
import { insertAuditEntries, type AuditEntry, type AuditSelect } from './audit';
import { insertOutboxEvents } from './outbox';
import { sendPushes } from './pushes';

/** One thing that happened, typed by its name (`ChangeMap`); the exit stamps `actor` onto it. */
export type ChangeEvent = {
  [T in ChangeType]: { type: T; payload: Omit<ChangeMap[T], 'actor'> };
}[ChangeType];

/** A typed description of one change: what happened and its audit entries (both optional). */
export interface Change {
  /**
   * What happened. Outbox events (`EventMap`) are written to the outbox for the worker; every event
   * (outbox or live-only) reaches the screens its `CHANGE_PUSHES` route names.
   */
  events?: readonly ChangeEvent[];
  /** The audit entries (changed fields only), or a set-based SELECT that yields them. */
  audit?: readonly AuditEntry[] | AuditSelect;
}

/**
 * A change whose events depend on whom it reaches, read in the change's own transaction (a quote's
 * recipients, a site's contacts): the exit builds it with its transaction and actor, then commits it.
 */
export type ChangeBuilder = (m: SqlRunner, actor: Actor) => Promise<Change>;

/**
 * THE exit of every change (docs/ARCHITECTURE.md#the-road-of-one-change). Inside the caller's
 * transaction it writes the audit entries and the outbox events of one change, and queues its live
 * pushes — one message per audience — to be delivered when the transaction commits. A rolled-back
 * change leaves nothing behind. Returns the outbox ids of the change's outbox events, in order.
 *
 *   await commitChange(m, actor, {
 *     events: [{ type: 'company.updated', payload: { companyId, name, changes } }],
 *     audit: [entry],
 *   });
 *
 * or with a builder of an area: `commitChange(m, actor, quoteChange({ quote, audit, event }))`.
 */
export async function commitChange(m: SqlRunner, actor: Actor, source: Change | ChangeBuilder): Promise<string[]> {
  const change = typeof source === 'function' ? await source(m, actor) : source;
  const stamped = (change.events ?? []).map((e) =>
    isOutboxEvent(e.type) ? { type: e.type, payload: { ...e.payload, actor: eventActor(actor) } } : e,
  );
  const audited = change.audit ? await insertAuditEntries(m, actor, change.audit) : null;
  const ids = await insertOutboxEvents(
    m,
    stamped.filter((e) => isOutboxEvent(e.type)),
    actor.id,
  );
  const pushes: Push[] = stamped.flatMap((e) =>
    (CHANGE_PUSHES[e.type] as PushRoute<ChangeType>)(e.payload as ChangeMap[ChangeType]),
  );
  await sendPushes(m, pushes, audited);
  return ids;
}
