import type { AuditAction, AuditEntity, AuditValues } from '@portal/contracts';
import { execute, type SqlRunner } from '../sql';
import type { Actor } from './actor';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  companyId: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/**
 * Set-based entries for writes that derive them from rows already in the database (a catalogue
 * import's staged changes): `select` yields (action, entity, entity_id, company_id, before, after)
 * and the actor fills the rest. `count`/`entities` are what superadmins' screens are told.
 */
export interface AuditSelect {
  select: string;
  params: readonly unknown[];
  count: number;
  entities: AuditEntity[];
}

/** Never written to the log, whatever a caller passes. */
const SECRET_KEY = /pass|token|hash|secret|otp/i;

function scrub(values: AuditValues | null | undefined): string | null {
  if (!values) return null;
  const kept = Object.entries(values).filter(([k]) => !SECRET_KEY.test(k));
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
}

/** The columns every audit write fills, in this order. */
const AUDIT_INSERT = `INSERT INTO audit_log (action, entity, entity_id, company_id, before, after, actor_id, actor_username, actor_role, ip)`;

/**
 * Writes the entries of one change with ONE statement (a 1,000-row save is one multi-row INSERT),
 * in the caller's transaction: a rolled-back change leaves no entry. Only `commitChange` calls this.
 * Returns what superadmins' audit screens are told.
 */
export async function insertAuditEntries(
  m: SqlRunner,
  actor: Actor,
  audit: readonly AuditEntry[] | AuditSelect,
): Promise<{ count: number; entities: AuditEntity[] } | null> {
  const who = [actor.id, actor.username.slice(0, 320), actor.role, actor.ip];
  if (!Array.isArray(audit)) {
    const a = audit as AuditSelect;
    const n = a.params.length;
    await execute(
      m,
      `WITH e AS (${a.select})
       ${AUDIT_INSERT}
       SELECT e.action, e.entity, e.entity_id, e.company_id, e.before, e.after,
              $${n + 1}::uuid, $${n + 2}, $${n + 3}, $${n + 4}
         FROM e`,
      [...a.params, ...who],
    );
    return { count: a.count, entities: [...new Set(a.entities)] };
  }
  const entries = audit as readonly AuditEntry[];
  if (!entries.length) return null;
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
      ...who,
    ],
  );
  return { count: entries.length, entities: [...new Set(entries.map((e) => e.entity))] };
}
