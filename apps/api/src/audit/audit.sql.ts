import type { EntityManager } from 'typeorm';
import type { AuditActor } from '@portal/db';
import type { AuditEntity, AuditEntryView, AuditValues, RoleKey } from '@portal/contracts';
import type { AuditQuery } from '@portal/domain';
import type { RequestUser } from '../common/request-user';

export { recordAudit, SYSTEM_ACTOR, type AuditActor, type AuditEntry } from '@portal/db';

export function auditActor(user: RequestUser): AuditActor {
  return { id: user.id, username: user.username, role: user.role, ip: user.ip ?? null };
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

/* ------------------------------------------------------------------ reading */

interface RawEntry {
  id: string;
  action: string;
  entity: AuditEntity;
  entity_id: string | null;
  actor_id: string | null;
  actor_username: string;
  actor_role: RoleKey | null;
  company_id: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
  ip: string | null;
  created_at: Date;
  total?: string;
}

export function toAuditView(r: RawEntry): AuditEntryView {
  return {
    _id: r.id,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    actor: { _id: r.actor_id, username: r.actor_username, role: r.actor_role },
    company_id: r.company_id,
    before: r.before,
    after: r.after,
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** WHERE clause and parameters for the filters; `companyScope` (an admin's company) always applies. */
export function auditWhere(q: AuditQuery, companyScope: string | null): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (cond: (p: string) => string, value: unknown) => {
    params.push(value);
    parts.push(cond(`$${params.length}`));
  };
  if (companyScope) add((p) => `a.company_id = ${p}`, companyScope);
  if (q.company_id) add((p) => `a.company_id = ${p}`, q.company_id);
  if (q.entity) add((p) => `a.entity = ${p}`, q.entity);
  if (q.entity_id) add((p) => `a.entity_id = ${p}`, q.entity_id.toLowerCase());
  if (q.actor_id) add((p) => `a.actor_id = ${p}`, q.actor_id);
  // "company" alone matches every company.* action.
  if (q.action) {
    if (q.action.includes('.')) add((p) => `a.action = ${p}`, q.action);
    else add((p) => `a.action LIKE ${p}`, `${q.action}.%`);
  }
  if (q.from) add((p) => `a.created_at >= ${p}::timestamptz`, q.from.at);
  if (q.to) add((p) => `a.created_at ${q.to!.exclusive ? '<' : '<='} ${p}::timestamptz`, q.to.at);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const ENTRY_COLUMNS = `a.id, a.action, a.entity, a.entity_id, a.actor_id, a.actor_username, a.actor_role, a.company_id,
  a.before, a.after, a.ip, a.created_at`;

/** One page, newest first, and the total, in one query (exact count only when the page is empty). */
export async function listAudit(
  m: EntityManager,
  q: AuditQuery,
  companyScope: string | null,
): Promise<{ list: AuditEntryView[]; total: number }> {
  const { sql, params } = auditWhere(q, companyScope);
  const n = params.length;
  const rows: RawEntry[] = await m.query(
    `SELECT ${ENTRY_COLUMNS}, count(*) OVER () AS total FROM audit_log a ${sql}
      ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const c: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM audit_log a ${sql}`, params);
    total = c[0].n;
  }
  return { list: rows.map(toAuditView), total };
}

/** The export's rows, newest first, in batches (keyset on created_at, id), at most `max`. */
export async function* auditBatches(
  m: EntityManager,
  q: AuditQuery,
  companyScope: string | null,
  max: number,
  batch = 1000,
): AsyncGenerator<AuditEntryView[]> {
  const { sql, params } = auditWhere(q, companyScope);
  let cursor: { at: Date; id: string } | null = null;
  let sent = 0;
  while (sent < max) {
    const n = params.length;
    const keyset = cursor
      ? `${sql ? 'AND' : 'WHERE'} (a.created_at, a.id) < ($${n + 2}::timestamptz, $${n + 3}::uuid)`
      : '';
    const rows: RawEntry[] = await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM audit_log a ${sql} ${keyset}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1}`,
      [...params, Math.min(batch, max - sent), ...(cursor ? [cursor.at, cursor.id] : [])],
    );
    if (!rows.length) return;
    sent += rows.length;
    const last = rows[rows.length - 1];
    cursor = { at: last.created_at, id: last.id };
    yield rows.map(toAuditView);
    if (rows.length < batch) return;
  }
}
