import type {
  MultiplierMove,
  PriceChangeItem,
  PriceChangeKind,
  PriceChangeNotice,
  PriceChangePreview,
  PriceChangePreviewRow,
  PriceChangeStatus,
  PriceLineKey,
} from '@portal/contracts';
import { allowedPriceChangeActions, noticeAt, type PriceChangeListQuery } from '@portal/domain';
import { customerPriceSql, execute, queryOne, queryRows, type Db } from '@portal/db';

/** SQL of scheduled price changes (one aggregate: the change, its targets, the import it holds). */

export const PRICE_LINES: readonly PriceLineKey[] = ['discount', 'rigidflow', 'minipro', 'polyroll'];

/** A company's percentage for the variant's category (`k`), from columns `<prefix>discount` …. */
function pctForLine(prefix: string): string {
  return `CASE k.product_line WHEN 'rigidflow' THEN ${prefix}rigidflow WHEN 'minipro' THEN ${prefix}minipro
            WHEN 'polyroll' THEN ${prefix}polyroll ELSE ${prefix}discount END`;
}

/** A company price in integer cents, by the screens' own expression. */
function centsSql(pct: string, list = 'v.list_price_cents'): string {
  return `(${customerPriceSql(pct, list)} * 100)::bigint`;
}

interface ItemRow {
  _id: string;
  kind: PriceChangeKind;
  status: PriceChangeStatus;
  company_id: string | null;
  company_name: string | null;
  import_id: string | null;
  import_file_name: string | null;
  new_pct: Record<PriceLineKey, string | null>;
  current_pct: Record<PriceLineKey, string> | null;
  previous_percentages: Record<PriceLineKey, string> | null;
  effective_at: Date;
  notice_days: number;
  notice_sent_at: Date | null;
  version: number;
  message: string | null;
  created_by_name: string;
  created_at: Date;
  applied_at: Date | null;
  total?: string;
}

const ITEM_SELECT = `
  SELECT pc.id AS _id, pc.kind, pc.status, pc.company_id, c.name AS company_name, pc.import_id,
         i.file_name AS import_file_name,
         jsonb_build_object('discount', pc.discount_percentage::text, 'rigidflow', pc.rigidflow_percentage::text,
                            'minipro', pc.minipro_percentage::text, 'polyroll', pc.polyroll_percentage::text) AS new_pct,
         CASE WHEN c.id IS NOT NULL THEN
           jsonb_build_object('discount', c.discount_percentage::text, 'rigidflow', c.rigidflow_percentage::text,
                              'minipro', c.minipro_percentage::text, 'polyroll', c.polyroll_percentage::text) END AS current_pct,
         pc.previous_percentages, pc.effective_at, pc.notice_days, pc.notice_sent_at, pc.version, pc.message,
         pc.created_by_name, pc.created_at, pc.applied_at
    FROM price_changes pc
    LEFT JOIN companies c ON c.id = pc.company_id
    LEFT JOIN catalogue_imports i ON i.id = pc.import_id`;

function toItem(r: ItemRow): PriceChangeItem {
  const before = r.status === 'applied' && r.previous_percentages ? r.previous_percentages : r.current_pct;
  const multipliers: MultiplierMove[] = [];
  if (r.kind === 'company_multipliers') {
    for (const line of PRICE_LINES) {
      const to = r.new_pct[line];
      if (to !== null && to !== undefined) multipliers.push({ line, from: before?.[line] ?? to, to });
    }
  }
  return {
    _id: r._id,
    kind: r.kind,
    status: r.status,
    company_id: r.company_id,
    company_name: r.company_name,
    import_id: r.import_id,
    import_file_name: r.import_file_name,
    multipliers,
    effective_at: r.effective_at.toISOString(),
    notice_days: r.notice_days,
    notice_at: noticeAt(r.effective_at, r.notice_days).toISOString(),
    notice_sent_at: r.notice_sent_at?.toISOString() ?? null,
    version: r.version,
    message: r.message,
    created_by_name: r.created_by_name,
    created_at: r.created_at.toISOString(),
    applied_at: r.applied_at?.toISOString() ?? null,
    allowed_actions: allowedPriceChangeActions(r.status),
  };
}

export async function findPriceChange(db: Db, id: string, lock = false): Promise<PriceChangeItem | null> {
  if (lock) await execute(db, `SELECT 1 FROM price_changes WHERE id = $1 FOR UPDATE`, [id]);
  const row = await queryOne<ItemRow>(db, `${ITEM_SELECT} WHERE pc.id = $1`, [id]);
  return row ? toItem(row) : null;
}

/** Upcoming first (by date), then the rest newest first. A company's filter includes list-price changes. */
export async function listPriceChanges(
  db: Db,
  q: PriceChangeListQuery,
): Promise<{ list: PriceChangeItem[]; total: number }> {
  const rows = await queryRows<ItemRow>(
    db,
    `${ITEM_SELECT.replace('SELECT pc.id', 'SELECT count(*) OVER () AS total, pc.id')}
      WHERE ($1::text IS NULL OR pc.status = $1)
        AND ($2::uuid IS NULL OR pc.company_id = $2 OR pc.kind = 'list_prices')
      ORDER BY (pc.status IN ('scheduled', 'applying')) DESC,
               CASE WHEN pc.status IN ('scheduled', 'applying') THEN pc.effective_at END ASC,
               pc.effective_at DESC, pc.id
      LIMIT $3 OFFSET $4`,
    [q.status ?? null, q.companyId ?? null, q.limit, (q.page - 1) * q.limit],
  );
  return { list: rows.map(toItem), total: Number(rows[0]?.total ?? 0) };
}

export interface NewPriceChange {
  kind: PriceChangeKind;
  companyId: string | null;
  importId: string | null;
  /** Percentages as SQL numeric text ('45.50'), per line; absent lines keep the company's value. */
  percentages: Partial<Record<PriceLineKey, string>>;
  effectiveAt: string;
  noticeDays: number;
  by: string;
  byName: string;
}

export async function insertPriceChange(db: Db, c: NewPriceChange): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO price_changes (kind, company_id, import_id, discount_percentage, rigidflow_percentage,
                                minipro_percentage, polyroll_percentage, effective_at, notice_days, created_by,
                                created_by_name)
     VALUES ($1, $2, $3, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8, $9, $10, $11) RETURNING id`,
    [
      c.kind,
      c.companyId,
      c.importId,
      c.percentages.discount ?? null,
      c.percentages.rigidflow ?? null,
      c.percentages.minipro ?? null,
      c.percentages.polyroll ?? null,
      c.effectiveAt,
      c.noticeDays,
      c.by,
      c.byName,
    ],
  );
  return row!.id;
}

/**
 * What the change moves: (scope, line, instant). The unique index refuses a second scheduled change to
 * the same company (or the catalogue) and line at the same instant — `isUniqueViolation` → 409.
 */
export async function replaceTargets(
  db: Db,
  id: string,
  scope: string,
  lines: readonly PriceLineKey[],
  effectiveAt: string,
): Promise<void> {
  await execute(db, `DELETE FROM price_change_targets WHERE price_change_id = $1`, [id]);
  await execute(
    db,
    `INSERT INTO price_change_targets (price_change_id, scope, product_line, effective_at)
     SELECT $1, $2, l, $4 FROM unnest($3::text[]) AS l`,
    [id, scope, lines, effectiveAt],
  );
}

export async function targetLines(db: Db, id: string): Promise<PriceLineKey[]> {
  const rows = await queryRows<{ product_line: PriceLineKey }>(
    db,
    `SELECT product_line FROM price_change_targets WHERE price_change_id = $1`,
    [id],
  );
  return rows.map((r) => r.product_line);
}

export async function deleteTargets(db: Db, id: string): Promise<void> {
  await execute(db, `DELETE FROM price_change_targets WHERE price_change_id = $1`, [id]);
}

export async function updatePriceChange(
  db: Db,
  id: string,
  p: { effectiveAt?: string; noticeDays?: number; percentages?: Partial<Record<PriceLineKey, string>> },
): Promise<void> {
  const pct = p.percentages;
  await execute(
    db,
    `UPDATE price_changes SET
       effective_at = coalesce($2, effective_at), notice_days = coalesce($3, notice_days),
       -- A new date is a new announcement: the notice goes out again.
       notice_sent_at = CASE WHEN $2::timestamptz IS NOT NULL AND $2::timestamptz <> effective_at THEN NULL
                             ELSE notice_sent_at END,
       discount_percentage = CASE WHEN $4 THEN $5::numeric ELSE discount_percentage END,
       rigidflow_percentage = CASE WHEN $4 THEN $6::numeric ELSE rigidflow_percentage END,
       minipro_percentage = CASE WHEN $4 THEN $7::numeric ELSE minipro_percentage END,
       polyroll_percentage = CASE WHEN $4 THEN $8::numeric ELSE polyroll_percentage END,
       version = version + 1, updated_at = now()
     WHERE id = $1`,
    [
      id,
      p.effectiveAt ?? null,
      p.noticeDays ?? null,
      pct !== undefined,
      pct?.discount ?? null,
      pct?.rigidflow ?? null,
      pct?.minipro ?? null,
      pct?.polyroll ?? null,
    ],
  );
}

export async function cancelPriceChange(db: Db, id: string): Promise<void> {
  await execute(
    db,
    `UPDATE price_changes SET status = 'cancelled', version = version + 1, updated_at = now()
      WHERE id = $1 AND status = 'scheduled'`,
    [id],
  );
  await deleteTargets(db, id);
}

/* ------------------------------------------------------------------ the import a change holds */

export interface HeldImport {
  id: string;
  status: string;
  file_name: string;
}

export function lockImport(db: Db, id: string): Promise<HeldImport | null> {
  return queryOne<HeldImport>(db, `SELECT id, status, file_name FROM catalogue_imports WHERE id = $1 FOR UPDATE`, [id]);
}

export async function setImportStatus(db: Db, id: string, from: string, to: string): Promise<void> {
  await execute(db, `UPDATE catalogue_imports SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`, [
    id,
    from,
    to,
  ]);
}

/**
 * Whether the dry run is older than the catalogue it was computed on: a staged variant's version moved
 * or it is gone, a part number to create exists by now, or a node it names is gone.
 */
export async function importIsStale(db: Db, id: string): Promise<boolean> {
  const row = await queryOne<{ stale: boolean }>(
    db,
    `SELECT EXISTS (
        SELECT 1 FROM catalogue_import_changes c LEFT JOIN variants v ON v.id = c.variant_id
         WHERE c.import_id = $1 AND c.kind IN ('update', 'delete') AND (v.id IS NULL OR v.version <> c.base_version))
     OR EXISTS (
        SELECT 1 FROM catalogue_import_changes c JOIN variants v ON lower(v.part_number) = lower(c.part_number)
         WHERE c.import_id = $1 AND c.kind = 'create')
     OR EXISTS (
        SELECT 1 FROM catalogue_import_changes c
         WHERE c.import_id = $1 AND c.kind <> 'delete' AND (
               NOT EXISTS (SELECT 1 FROM categories k WHERE k.id = c.category_id)
            OR (c.product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id))))
       AS stale`,
    [id],
  );
  return row!.stale;
}

/** The product lines whose list prices the import moves (its categories'). */
export async function importPriceLines(db: Db, id: string): Promise<PriceLineKey[]> {
  const rows = await queryRows<{ line: PriceLineKey }>(
    db,
    `SELECT DISTINCT coalesce(k.product_line, 'discount') AS line
       FROM catalogue_import_changes c JOIN categories k ON k.id = c.category_id
      WHERE c.import_id = $1 AND c.kind <> 'delete'`,
    [id],
  );
  return rows.map((r) => r.line);
}

/* ------------------------------------------------------------------ preview */

const PREVIEW_ROWS = 100;

interface PreviewRow extends Omit<PriceChangePreviewRow, 'old_cents' | 'new_cents' | 'change_percent'> {
  old_cents: string;
  new_cents: string;
}

function previewRow(r: PreviewRow): PriceChangePreviewRow {
  const oldCents = Number(r.old_cents);
  const newCents = Number(r.new_cents);
  return {
    ...r,
    old_cents: oldCents,
    new_cents: newCents,
    change_percent: oldCents === 0 ? null : Math.round(((newCents - oldCents) / oldCents) * 10_000) / 100,
  };
}

/**
 * A multiplier change: each variant whose price for the company moves, old and new company price
 * (today's percentages against the scheduled ones; lines the change leaves alone keep theirs).
 */
const MULTIPLIER_PREVIEW_CTE = `
  WITH co AS (
    SELECT c.id, c.name, c.discount_percentage AS discount, c.rigidflow_percentage AS rigidflow,
           c.minipro_percentage AS minipro, c.polyroll_percentage AS polyroll,
           coalesce(p.discount_percentage, c.discount_percentage) AS n_discount,
           coalesce(p.rigidflow_percentage, c.rigidflow_percentage) AS n_rigidflow,
           coalesce(p.minipro_percentage, c.minipro_percentage) AS n_minipro,
           coalesce(p.polyroll_percentage, c.polyroll_percentage) AS n_polyroll
      FROM price_changes p JOIN companies c ON c.id = p.company_id WHERE p.id = $1
  ), moved AS (
    SELECT co.id AS company_id, co.name AS company_name, v.id AS variant_id, v.part_number, pr.name AS product_name,
           ${centsSql(pctForLine('co.'))} AS old_cents, ${centsSql(pctForLine('co.n_'))} AS new_cents,
           k.display_order AS k_order, k.name AS k_name, pr.display_order AS p_order, pr.name AS p_name,
           v.display_order AS v_order
      FROM co CROSS JOIN variants v JOIN products pr ON pr.id = v.product_id JOIN categories k ON k.id = pr.category_id
  )`;

/**
 * A list-price change: each staged update whose list price moves, for every company (old list × the
 * company's percentage against the new list × the same). The first rows in (company, file) order only
 * ever come from the first companies and the first changes: 1,000 companies × 100,000 variants are never
 * crossed.
 */
const LIST_PREVIEW_CTE = `
  WITH ch AS (
    SELECT c.variant_id, c.part_number, c.product_name, c.old_price_cents, c.list_price_cents, k.product_line, c.seq
      FROM price_changes p JOIN catalogue_import_changes c ON c.import_id = p.import_id
      JOIN categories k ON k.id = c.category_id
     WHERE p.id = $1 AND c.kind = 'update' AND c.old_price_cents IS DISTINCT FROM c.list_price_cents
     ORDER BY c.seq LIMIT ${PREVIEW_ROWS}
  ), moved AS (
    SELECT co.id AS company_id, co.name AS company_name, ch.variant_id, ch.part_number, ch.product_name,
           (${customerPriceSql(pctForLine('co.').replaceAll('k.product_line', 'ch.product_line'), 'ch.old_price_cents')} * 100)::bigint AS old_cents,
           (${customerPriceSql(pctForLine('co.').replaceAll('k.product_line', 'ch.product_line'), 'ch.list_price_cents')} * 100)::bigint AS new_cents,
           ch.seq
      FROM ch CROSS JOIN (SELECT id, name, discount_percentage AS discount, rigidflow_percentage AS rigidflow,
                                 minipro_percentage AS minipro, polyroll_percentage AS polyroll FROM companies
                          ORDER BY name, id LIMIT ${PREVIEW_ROWS}) co
  )`;

export async function previewPriceChange(db: Db, item: PriceChangeItem): Promise<PriceChangePreview> {
  if (item.kind === 'company_multipliers') {
    const counts = await queryOne<{ variants: number }>(
      db,
      `${MULTIPLIER_PREVIEW_CTE} SELECT count(*)::int AS variants FROM moved WHERE old_cents <> new_cents`,
      [item._id],
    );
    const rows = await queryRows<PreviewRow>(
      db,
      `${MULTIPLIER_PREVIEW_CTE}
       SELECT company_id, company_name, variant_id, part_number, product_name, old_cents::text, new_cents::text
         FROM moved WHERE old_cents <> new_cents ORDER BY k_order, k_name, p_order, p_name, v_order, part_number LIMIT ${PREVIEW_ROWS}`,
      [item._id],
    );
    const variants = counts?.variants ?? 0;
    return { companies: variants ? 1 : 0, variants, prices: variants, rows: rows.map(previewRow) };
  }
  const counts = (await queryOne<{ variants: number; companies: number }>(
    db,
    `SELECT (SELECT count(*)::int FROM price_changes p JOIN catalogue_import_changes c ON c.import_id = p.import_id
              WHERE p.id = $1 AND c.kind = 'update' AND c.old_price_cents IS DISTINCT FROM c.list_price_cents) AS variants,
            (SELECT count(*)::int FROM companies) AS companies`,
    [item._id],
  ))!;
  const rows = await queryRows<PreviewRow>(
    db,
    `${LIST_PREVIEW_CTE}
     SELECT company_id, company_name, variant_id, part_number, product_name, old_cents::text, new_cents::text
       FROM moved ORDER BY company_name, company_id, seq LIMIT ${PREVIEW_ROWS}`,
    [item._id],
  );
  const companies = counts.variants ? counts.companies : 0;
  return { companies, variants: counts.variants, prices: companies * counts.variants, rows: rows.map(previewRow) };
}

/* ------------------------------------------------------------------ customers' banner */

/** Announced (notice sent), still scheduled changes that move this company's prices. */
export async function noticesForCompany(db: Db, companyId: string): Promise<PriceChangeNotice[]> {
  const rows = await queryRows<{ _id: string; effective_at: Date; list_ready: boolean }>(
    db,
    `SELECT pc.id AS _id, pc.effective_at,
            EXISTS (SELECT 1 FROM pricelists l
                     WHERE l.price_change_id = pc.id AND l.company_id = $1 AND l.status = 'ready'
                       AND l.expires_at > now()) AS list_ready
       FROM price_changes pc
      WHERE pc.status IN ('scheduled', 'applying') AND pc.notice_sent_at IS NOT NULL
        AND (pc.company_id = $1 OR pc.kind = 'list_prices')
      ORDER BY pc.effective_at, pc.id`,
    [companyId],
  );
  return rows.map((r) => ({ _id: r._id, effective_at: r.effective_at.toISOString(), list_ready: r.list_ready }));
}

export async function companyName(db: Db, id: string): Promise<string | null> {
  return (await queryOne<{ name: string }>(db, `SELECT name FROM companies WHERE id = $1`, [id]))?.name ?? null;
}
