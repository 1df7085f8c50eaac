import { type Db, escapeLike, queryOne, queryRows } from '@portal/db';
import type { AuditEntity, AuditEntryView, AuditValues, RoleKey } from '@portal/contracts';
import type { AuditQuery } from '@portal/domain';
import { likePattern } from '../org/org.repository';

/* The read side of the audit log (entries are written by libs/db `commitChange`, in each change's transaction). */

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
  entity_name?: string | null;
  total?: string;
}

function toAuditView(r: RawEntry): AuditEntryView {
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
    entity_name: r.entity_name ?? null,
  };
}

/** WHERE clause and parameters for the filters; `companyScope` (an admin's company) always applies. */
function auditWhere(q: AuditQuery, companyScope: string | null): { sql: string; params: unknown[] } {
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
    else add((p) => `a.action LIKE ${p}`, `${escapeLike(q.action)}.%`);
  }
  // Issue 27: free text over who acted, the action and the record's name (live or as logged).
  if (q.search) {
    add(
      (p) => `(a.actor_username ILIKE ${p} OR a.action ILIKE ${p}
        OR a.after->>'username' ILIKE ${p} OR a.before->>'username' ILIKE ${p}
        OR a.after->>'email' ILIKE ${p} OR a.before->>'email' ILIKE ${p}
        OR a.after->>'name' ILIKE ${p} OR a.before->>'name' ILIKE ${p}
        OR (a.entity = 'user' AND a.entity_id IN (SELECT id::text FROM users WHERE username ILIKE ${p} OR email ILIKE ${p}))
        OR (a.entity = 'company' AND a.entity_id IN (SELECT id::text FROM companies WHERE name ILIKE ${p})))`,
      likePattern(q.search),
    );
  }
  if (q.from) add((p) => `a.created_at >= ${p}::timestamptz`, q.from.at);
  if (q.to) add((p) => `a.created_at ${q.to!.exclusive ? '<' : '<='} ${p}::timestamptz`, q.to.at);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const ENTRY_COLUMNS = `a.id, a.action, a.entity, a.entity_id, a.actor_id, a.actor_username, a.actor_role, a.company_id,
  a.before, a.after, a.ip, a.created_at`;

/**
 * The record's name ("Acme Filters", not "Company 65b60871"): the live name of a user,
 * company, product or category, else the name the entry logged. Evaluated for a page's rows only.
 */
const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const ENTITY_NAME = `COALESCE(
    CASE a.entity
      WHEN 'user' THEN (SELECT x.username FROM users x WHERE x.id = e.entity_uuid)
      WHEN 'company' THEN (SELECT x.name FROM companies x WHERE x.id = e.entity_uuid)
      WHEN 'product' THEN (SELECT x.name FROM products x WHERE x.id = e.entity_uuid)
      WHEN 'category' THEN (SELECT x.name FROM categories x WHERE x.id = e.entity_uuid)
    END,
    a.after->>'username', a.before->>'username', a.after->>'name', a.before->>'name')`;

/** One page, newest first, and the total, in one query (exact count only when the page is empty). */
export async function listAudit(
  db: Db,
  q: AuditQuery,
  companyScope: string | null,
): Promise<{ list: AuditEntryView[]; total: number }> {
  const { sql, params } = auditWhere(q, companyScope);
  const n = params.length;
  const rows = await queryRows<RawEntry>(
    db,
    `SELECT a.*, ${ENTITY_NAME} AS entity_name
       FROM (SELECT ${ENTRY_COLUMNS}, count(*) OVER () AS total FROM audit_log a ${sql}
              ORDER BY a.created_at DESC, a.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) a
      CROSS JOIN LATERAL (SELECT CASE WHEN a.entity_id ~* '${UUID_RE}' THEN a.entity_id::uuid END AS entity_uuid) e
      ORDER BY a.created_at DESC, a.id DESC`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const c = await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM audit_log a ${sql}`, params);
    total = c!.n;
  }
  return { list: rows.map(toAuditView), total };
}

/** The export's rows, newest first, in batches (keyset on created_at, id), at most `max`. */
export async function* auditBatches(
  db: Db,
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
    const keyset: string = cursor
      ? `${sql ? 'AND' : 'WHERE'} (a.created_at, a.id) < ($${n + 2}::timestamptz, $${n + 3}::uuid)`
      : '';
    const rows: RawEntry[] = await queryRows<RawEntry>(
      db,
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
