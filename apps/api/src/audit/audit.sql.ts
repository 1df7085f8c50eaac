import type { EntityManager } from 'typeorm';
import { rooms, type AuditEntity, type AuditValues, type RoleKey } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';
import type { RequestUser } from '../common/request-user';

/** Who did it: a signed-in user, or (failed sign-in) an account or just an email. */
export interface AuditActor {
  id: string | null;
  username: string;
  role: RoleKey | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  companyId: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/** Changes made by the system itself (no signed-in user behind them). */
export const SYSTEM_ACTOR: AuditActor = { id: null, username: 'system', role: null, ip: null };

/** Never written to the log, whatever a caller passes. */
const SECRET_KEY = /pass|token|hash|secret|otp/i;

export function auditActor(user: RequestUser): AuditActor {
  return { id: user.id, username: user.username, role: user.role, ip: user.ip ?? null };
}

function scrub(values: AuditValues | null | undefined): string | null {
  if (!values) return null;
  const kept = Object.entries(values).filter(([k]) => !SECRET_KEY.test(k));
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/**
 * Only the fields whose value differs, as `{ before, after }`; null when nothing changed.
 * Numbers compare by value; `undefined` in `next` means "not part of this change".
 */
export function changedFields<T extends object>(
  prev: T,
  next: Partial<T>,
  fields: readonly (keyof T & string)[],
): { before: AuditValues; after: AuditValues } | null {
  const before: AuditValues = {};
  const after: AuditValues = {};
  for (const f of fields) {
    const n = next[f];
    if (n === undefined) continue;
    const p = prev[f] ?? null;
    if (p === n || (typeof p === 'number' && typeof n === 'number' && Number(p) === Number(n))) continue;
    if (p !== null && n !== null && typeof p === 'object' && JSON.stringify(p) === JSON.stringify(n)) continue;
    before[f] = p;
    after[f] = n ?? null;
  }
  return Object.keys(after).length ? { before, after } : null;
}

/**
 * Writes entries in the caller's transaction with ONE multi-row INSERT (a 1,000-row save is one
 * statement), and tells superadmins' screens on commit. A rolled-back change leaves no entry.
 */
export async function recordAudit(m: EntityManager, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await m.query(
    `INSERT INTO audit_log (action, entity, entity_id, company_id, before, after, actor_id, actor_username, actor_role, ip)
     SELECT u.action, u.entity, u.entity_id, u.company_id, u.before, u.after, $7, $8, $9, $10
       FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[], $6::jsonb[])
         AS u(action, entity, entity_id, company_id, before, after)`,
    [
      entries.map((e) => e.action),
      entries.map((e) => e.entity),
      entries.map((e) => e.entityId),
      entries.map((e) => e.companyId),
      entries.map((e) => scrub(e.before)),
      entries.map((e) => scrub(e.after)),
      actor.id,
      actor.username.slice(0, 320),
      actor.role,
      actor.ip,
    ],
  );
  await publishRealtime(m, rooms.role('superadmin'), 'audit.created', {
    count: entries.length,
    entities: [...new Set(entries.map((e) => e.entity))],
  });
}
