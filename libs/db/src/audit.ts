import type { EntityManager } from 'typeorm';
import { rooms, type AuditEntity, type AuditValues, type RoleKey } from '@portal/contracts';
import { publishRealtime } from '@portal/platform';
import { execute } from './sql';

/** Who did it: a signed-in user, the system, or (failed sign-in) an account or just an email. */
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

function scrub(values: AuditValues | null | undefined): string | null {
  if (!values) return null;
  const kept = Object.entries(values).filter(([k]) => !SECRET_KEY.test(k));
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/** The columns every audit write fills, in this order. */
const AUDIT_INSERT = `INSERT INTO audit_log (action, entity, entity_id, company_id, before, after, actor_id, actor_username, actor_role, ip)`;

/** Tells superadmins' screens (on commit) that entries were written. */
async function announce(m: EntityManager, count: number, entities: AuditEntity[]): Promise<void> {
  await publishRealtime(m, rooms.role('superadmin'), 'audit.created', { count, entities: [...new Set(entities)] });
}

/**
 * Writes entries in the caller's transaction with ONE multi-row INSERT (a 1,000-row save is one
 * statement), and tells superadmins' screens on commit. A rolled-back change leaves no entry.
 */
export async function recordAudit(m: EntityManager, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await execute(
    m,
    `${AUDIT_INSERT}
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
  await announce(
    m,
    entries.length,
    entries.map((e) => e.entity),
  );
}

/**
 * Set-based form for writes that derive their entries from rows already in the database (a
 * catalogue import's staged changes): `select` yields (action, entity, entity_id, company_id,
 * before, after) and the actor fills the rest. `expected` is what superadmins' screens are told.
 */
export async function recordAuditFrom(
  m: EntityManager,
  actor: AuditActor,
  select: string,
  params: readonly unknown[],
  expected: { count: number; entities: AuditEntity[] },
): Promise<void> {
  const n = params.length;
  await execute(
    m,
    `WITH e AS (${select})
     ${AUDIT_INSERT}
     SELECT e.action, e.entity, e.entity_id, e.company_id, e.before, e.after,
            $${n + 1}::uuid, $${n + 2}, $${n + 3}, $${n + 4}
       FROM e`,
    [...params, actor.id, actor.username.slice(0, 320), actor.role, actor.ip],
  );
  await announce(m, expected.count, expected.entities);
}
