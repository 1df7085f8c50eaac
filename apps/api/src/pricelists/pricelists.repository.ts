import type { PricelistFormat, PricelistScope, PricelistStatus, PricelistView } from '@portal/contracts';
import { pricelistFileName } from '@portal/domain';
import { execute, queryOne, queryRows, type Db } from '@portal/db';

/**
 * SQL of the price-list rows (the files themselves are written by the worker). Every read is keyed
 * by (id, requester) unless the caller is a superadmin, and hides rows past `expires_at` even before
 * the worker's sweep has removed them.
 */

/** Columns of a PricelistView, with the company name. */
const VIEW_COLUMNS = `
  l.id, l.status, l.format, l."rows", l.total, l.scope, l.scope_name, l.company_id, c.name AS company_name,
  l.error, l.storage_name, l.size, l.created_at, l.expires_at`;

/** $1 = company id → { id, name }. */
const COMPANY_SQL = `SELECT id, name FROM companies WHERE id = $1`;

/** $1 = category or sub-category id → { scope, id, name, category_name }. */
const SCOPE_SQL = `
  SELECT 'category' AS scope, k.id, k.name, k.name AS category_name FROM categories k WHERE k.id = $1
  UNION ALL
  SELECT 'subcategory', s.id, s.name, k.name FROM subcategories s JOIN categories k ON k.id = s.category_id WHERE s.id = $1
  LIMIT 1`;

/** Serialises one user's requests for the rest of the transaction. $1 = user id. */
const LOCK_REQUESTER_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('pricelists:' || $1::text, 0))`;

/** The user's unfinished lists (counted under the lock above, so concurrent requests cannot slip past the limit). */
const COUNT_ACTIVE_SQL = `
  SELECT count(*)::int AS active FROM pricelists
   WHERE requested_by = $1::uuid AND status IN ('queued', 'running') AND expires_at > now()`;

/** $1 requester, $2 company, $3 format, $4 scope, $5 scope id, $6 scope name. */
const INSERT_SQL = `
  INSERT INTO pricelists (requested_by, company_id, format, scope, scope_id, scope_name)
  VALUES ($1, $2, $3, $4, $5, $6)
  RETURNING id, status, created_at`;

/** The caller's own lists, newest first. $1 = user id, $2 = optional company filter. */
const LIST_SQL = `
  SELECT ${VIEW_COLUMNS}
    FROM pricelists l JOIN companies c ON c.id = l.company_id
   WHERE l.requested_by = $1 AND l.expires_at > now() AND ($2::uuid IS NULL OR l.company_id = $2)
   ORDER BY l.created_at DESC, l.id DESC
   LIMIT 20`;

/** One list: $1 = id, $2 = caller id, $3 = caller is a superadmin. */
const ONE_SQL = `
  SELECT ${VIEW_COLUMNS}
    FROM pricelists l JOIN companies c ON c.id = l.company_id
   WHERE l.id = $1 AND l.expires_at > now() AND (l.requested_by = $2 OR $3::boolean)`;

/**
 * The list built for an announced (not cancelled) price change's notice to the company, newest first.
 * $1 = price change id, $2 = company id.
 */
const NOTICE_LIST_SQL = `
  SELECT ${VIEW_COLUMNS}
    FROM pricelists l JOIN companies c ON c.id = l.company_id
    JOIN price_changes pc ON pc.id = l.price_change_id
   WHERE l.price_change_id = $1 AND l.company_id = $2 AND l.status = 'ready' AND l.expires_at > now()
     AND pc.notice_sent_at IS NOT NULL AND pc.status <> 'cancelled'
   ORDER BY l.finished_at DESC, l.id
   LIMIT 1`;

export interface PricelistRow {
  id: string;
  status: PricelistStatus;
  format: PricelistFormat;
  rows: number;
  total: number | null;
  scope: PricelistScope;
  scope_name: string;
  company_id: string;
  company_name: string;
  error: string | null;
  storage_name: string | null;
  size: string | null;
  created_at: Date;
  expires_at: Date;
}

export function toView(r: PricelistRow): PricelistView {
  const created = new Date(r.created_at);
  return {
    _id: r.id,
    status: r.status,
    format: r.format,
    rows: r.rows,
    total: r.total,
    scope: r.scope,
    scope_name: r.scope_name,
    company_id: r.company_id,
    company_name: r.company_name,
    file_name: pricelistFileName(r.company_name, r.scope === 'catalogue' ? null : r.scope_name, created, r.format),
    error: r.error,
    created_at: created.toISOString(),
    expires_at: new Date(r.expires_at).toISOString(),
  };
}

export function findCompany(db: Db, id: string): Promise<{ id: string; name: string } | null> {
  return queryOne(db, COMPANY_SQL, [id]);
}

export interface ScopeNode {
  scope: 'category' | 'subcategory';
  id: string;
  name: string;
  category_name: string;
}

export function findScope(db: Db, id: string): Promise<ScopeNode | null> {
  return queryOne<ScopeNode>(db, SCOPE_SQL, [id]);
}

/** Serialises the requester's requests until the transaction ends. */
export async function lockRequester(db: Db, userId: string): Promise<void> {
  await execute(db, LOCK_REQUESTER_SQL, [userId]);
}

export async function countActive(db: Db, userId: string): Promise<number> {
  return (await queryOne<{ active: number }>(db, COUNT_ACTIVE_SQL, [userId]))!.active;
}

export async function insertPricelist(
  db: Db,
  v: {
    requester: string;
    companyId: string;
    format: PricelistFormat;
    scope: PricelistScope;
    scopeId: string | null;
    scopeName: string;
  },
): Promise<{ id: string; status: 'queued' }> {
  return (await queryOne<{ id: string; status: 'queued' }>(db, INSERT_SQL, [
    v.requester,
    v.companyId,
    v.format,
    v.scope,
    v.scopeId,
    v.scopeName,
  ]))!;
}

export function listPricelists(db: Db, userId: string, companyId: string | null): Promise<PricelistRow[]> {
  return queryRows<PricelistRow>(db, LIST_SQL, [userId, companyId]);
}

export function findPricelist(db: Db, id: string, userId: string, superadmin: boolean): Promise<PricelistRow | null> {
  return queryOne<PricelistRow>(db, ONE_SQL, [id, userId, superadmin]);
}

export function findNoticeList(db: Db, priceChangeId: string, companyId: string): Promise<PricelistRow | null> {
  return queryOne<PricelistRow>(db, NOTICE_LIST_SQL, [priceChangeId, companyId]);
}
