import type { EntityManager } from 'typeorm';
import type { PriceChangeKind } from '@portal/contracts';
import { execute, queryOne, queryRows, type Db } from '@portal/db';

/**
 * Data access of the worker's price-change runner. "Exactly once" lives here, in the database: every
 * claim is a conditional UPDATE of one row taken with `FOR UPDATE SKIP LOCKED`, so two workers never
 * claim the same change, and the apply re-checks the status under the row lock.
 */

export interface DueChange {
  id: string;
  kind: PriceChangeKind;
  status: 'scheduled' | 'applying';
  company_id: string | null;
  company_name: string | null;
  import_id: string | null;
  effective_at: Date;
  created_by: string | null;
  created_by_name: string;
  created_by_email: string;
}

const CHANGE_COLUMNS = `pc.id, pc.kind, pc.status, pc.company_id, c.name AS company_name, pc.import_id, pc.effective_at,
  pc.created_by, pc.created_by_name, coalesce(u.email, '') AS created_by_email`;
const CHANGE_JOINS = `LEFT JOIN companies c ON c.id = pc.company_id LEFT JOIN users u ON u.id = pc.created_by`;

/**
 * One due change, claimed inside the caller's apply transaction: scheduled → applying under the row lock
 * (`SKIP LOCKED`: another worker takes the next one). Nothing is visible before the apply commits, and a
 * worker that dies mid-apply leaves it scheduled. $1 now, $2 ids this run already tried.
 */
export async function claimDue(m: EntityManager, now: Date, tried: string[]): Promise<DueChange | null> {
  const claimed = await queryOne<{ id: string }>(
    m,
    `UPDATE price_changes SET status = 'applying', updated_at = now()
      WHERE id = (SELECT id FROM price_changes
                   WHERE status = 'scheduled' AND effective_at <= $1 AND NOT (id = ANY($2::uuid[]))
                   ORDER BY effective_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [now, tried],
  );
  return claimed ? loadChange(m, claimed.id) : null;
}

export function loadChange(db: Db, id: string): Promise<DueChange | null> {
  return queryOne<DueChange>(db, `SELECT ${CHANGE_COLUMNS} FROM price_changes pc ${CHANGE_JOINS} WHERE pc.id = $1`, [
    id,
  ]);
}

export interface PercentageMove {
  field: 'discount_percentage' | 'rigidflow_percentage' | 'minipro_percentage' | 'polyroll_percentage';
  from: string;
  to: string;
}

/**
 * Writes the scheduled multipliers into the company (remembering the ones they replace) and returns
 * the fields that moved. $1 change id.
 */
export async function applyMultipliers(m: EntityManager, id: string): Promise<PercentageMove[]> {
  const before = await queryOne<Record<string, string | null>>(
    m,
    `SELECT c.discount_percentage::text AS d_from, pc.discount_percentage::text AS d_to,
            c.rigidflow_percentage::text AS r_from, pc.rigidflow_percentage::text AS r_to,
            c.minipro_percentage::text AS m_from, pc.minipro_percentage::text AS m_to,
            c.polyroll_percentage::text AS p_from, pc.polyroll_percentage::text AS p_to
       FROM price_changes pc JOIN companies c ON c.id = pc.company_id WHERE pc.id = $1 FOR UPDATE OF c`,
    [id],
  );
  if (!before) return [];
  await execute(
    m,
    `UPDATE price_changes pc SET previous_percentages = jsonb_build_object(
        'discount', c.discount_percentage::text, 'rigidflow', c.rigidflow_percentage::text,
        'minipro', c.minipro_percentage::text, 'polyroll', c.polyroll_percentage::text)
       FROM companies c WHERE pc.id = $1 AND c.id = pc.company_id`,
    [id],
  );
  await execute(
    m,
    `UPDATE companies c SET
        discount_percentage = coalesce(pc.discount_percentage, c.discount_percentage),
        rigidflow_percentage = coalesce(pc.rigidflow_percentage, c.rigidflow_percentage),
        minipro_percentage = coalesce(pc.minipro_percentage, c.minipro_percentage),
        polyroll_percentage = coalesce(pc.polyroll_percentage, c.polyroll_percentage),
        updated_at = now()
       FROM price_changes pc WHERE pc.id = $1 AND c.id = pc.company_id`,
    [id],
  );
  const moves: PercentageMove[] = [];
  const pairs = [
    ['discount_percentage', 'd'],
    ['rigidflow_percentage', 'r'],
    ['minipro_percentage', 'm'],
    ['polyroll_percentage', 'p'],
  ] as const;
  for (const [field, k] of pairs) {
    const from = before[`${k}_from`]!;
    const to = before[`${k}_to`];
    if (to !== null && Number(to) !== Number(from)) moves.push({ field, from, to });
  }
  return moves;
}

export async function finishApplied(m: EntityManager, id: string, at: Date): Promise<void> {
  await execute(
    m,
    `UPDATE price_changes SET status = 'applied', applied_at = $2, version = version + 1, updated_at = now()
      WHERE id = $1 AND status = 'applying'`,
    [id, at],
  );
}

/** applying → failed with a reason; its targets go (the instant is free again). */
export async function markFailed(m: EntityManager, id: string, message: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    m,
    `UPDATE price_changes SET status = 'failed', message = $2, version = version + 1, updated_at = now()
      WHERE id = $1 AND status IN ('scheduled', 'applying') RETURNING id`,
    [id, message],
  );
  await execute(m, `DELETE FROM price_change_targets WHERE price_change_id = $1`, [id]);
  return row !== null;
}

/** The held import: scheduled → applying (the import's own apply step then finishes it). */
export async function startImportApply(m: EntityManager, importId: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    m,
    `UPDATE catalogue_imports SET status = 'applying', updated_at = now() WHERE id = $1 AND status = 'scheduled'
     RETURNING id`,
    [importId],
  );
  return row !== null;
}

export async function importConflict(m: EntityManager, importId: string, message: string): Promise<void> {
  await execute(
    m,
    `UPDATE catalogue_imports SET status = 'conflict', message = $2, updated_at = now()
      WHERE id = $1 AND status IN ('scheduled', 'applying')`,
    [importId, message],
  );
}

/* ------------------------------------------------------------------ notice */

/** One change whose notice is due, claimed (notice_sent_at set) under SKIP LOCKED. $1 now. */
export async function claimNotice(m: EntityManager, now: Date): Promise<DueChange | null> {
  const row = await queryOne<{ id: string }>(
    m,
    `UPDATE price_changes SET notice_sent_at = $1
      WHERE id = (SELECT id FROM price_changes
                   WHERE status = 'scheduled' AND notice_sent_at IS NULL
                     AND effective_at - make_interval(days => notice_days) <= $1
                   ORDER BY effective_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [now],
  );
  return row ? loadChange(m, row.id) : null;
}

export interface AdminRecipient {
  userId: string;
  username: string;
  email: string;
  companyId: string;
  companyName: string;
}

/** Active admins of active companies: one company ($1), or all of them ($1 null). */
export function companyAdmins(db: Db, companyId: string | null): Promise<AdminRecipient[]> {
  return queryRows<AdminRecipient>(
    db,
    `SELECT u.id AS "userId", u.username, u.email, c.id AS "companyId", c.name AS "companyName"
       FROM users u JOIN companies c ON c.id = u.company_id
      WHERE u.role = 'admin' AND u.status AND c.status AND ($1::uuid IS NULL OR c.id = $1)
      ORDER BY c.name, c.id, u.username`,
    [companyId],
  );
}

/**
 * One price list per admin, of the whole catalogue at the new prices (the existing builder;
 * `price_change_id` makes it read the change's percentages or list prices), kept until a week after
 * the change. Returns the lists, for their `pricelist.requested` events.
 */
/** The notice's list is a spreadsheet: it opens anywhere and is small enough to attach to an email. */
export const NOTICE_LIST_FORMAT = 'xlsx' as const;

export function requestNoticeLists(
  m: EntityManager,
  changeId: string,
  admins: AdminRecipient[],
  scopeName: string,
): Promise<{ id: string; requested_by: string; company_id: string }[]> {
  if (!admins.length) return Promise.resolve([]);
  return queryRows(
    m,
    `INSERT INTO pricelists (requested_by, company_id, format, scope, scope_id, scope_name, price_change_id, expires_at)
     SELECT a.user_id, a.company_id, '${NOTICE_LIST_FORMAT}', 'catalogue', NULL, $3, pc.id, pc.effective_at + interval '7 days'
       FROM unnest($2::uuid[], $4::uuid[]) AS a(user_id, company_id)
       JOIN price_changes pc ON pc.id = $1
     RETURNING id, requested_by, company_id`,
    [changeId, admins.map((a) => a.userId), scopeName, admins.map((a) => a.companyId)],
  );
}

/* ------------------------------------------------------------------ timers */

/** Instants (effective or notice) of scheduled changes between $1 and $2: the worker arms a timer for each. */
export async function upcomingInstants(db: Db, from: Date, to: Date): Promise<Date[]> {
  const rows = await queryRows<{ at: Date }>(
    db,
    `SELECT effective_at AS at FROM price_changes WHERE status = 'scheduled' AND effective_at > $1 AND effective_at <= $2
     UNION
     SELECT effective_at - make_interval(days => notice_days) FROM price_changes
      WHERE status = 'scheduled' AND notice_sent_at IS NULL
        AND effective_at - make_interval(days => notice_days) > $1
        AND effective_at - make_interval(days => notice_days) <= $2`,
    [from, to],
  );
  return rows.map((r) => r.at);
}
