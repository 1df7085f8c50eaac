import { IMPORTED_SLOT_FIELDS, importedSlotAction, type ExistingSlotFit, type ImportedSlotFit } from '@portal/domain';
import { execute, queryOne, queryRows, type SqlRunner } from './sql';

/**
 * SQL of the programme import (`POST sites/import`): the import row and its status, the staged rows
 * and errors the worker's dry run writes, the company's programme the dry run compares against, and
 * the set-based apply. Rows are matched by site code + unit label (case-insensitive) + stage; a unit
 * with two live slots of one stage is matched by its oldest.
 */

export type SitesImportStatus = 'queued' | 'validating' | 'ready' | 'invalid' | 'failed' | 'applied';

export interface SitesImportRow {
  id: string;
  company_id: string;
  status: SitesImportStatus;
  file_name: string;
  format: 'csv' | 'xlsx';
  storage_name: string;
  total_rows: number;
  done_rows: number;
  sites_created: number;
  units_created: number;
  slots_created: number;
  slots_updated: number;
  slots_unchanged: number;
  error_count: number;
  message: string | null;
  started_by: string | null;
  started_by_name: string;
  started_by_email: string;
  started_by_role: string;
  created_at: Date;
  validated_at: Date | null;
  applied_at: Date | null;
}

export interface SitesImportCounts {
  sites_created: number;
  units_created: number;
  slots_created: number;
  slots_updated: number;
  slots_unchanged: number;
  errors: number;
}

export async function insertSitesImport(
  db: SqlRunner,
  r: {
    id: string;
    companyId: string;
    fileName: string;
    format: 'csv' | 'xlsx';
    storageName: string;
    size: number;
    rows: number;
    startedBy: { id: string; username: string; email: string; role: string };
  },
): Promise<void> {
  await execute(
    db,
    `INSERT INTO sites_imports (id, company_id, file_name, format, storage_name, size_bytes, total_rows,
                                started_by, started_by_name, started_by_email, started_by_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      r.id,
      r.companyId,
      r.fileName,
      r.format,
      r.storageName,
      r.size,
      r.rows,
      r.startedBy.id,
      r.startedBy.username,
      r.startedBy.email,
      r.startedBy.role,
    ],
  );
}

export function findSitesImport(db: SqlRunner, id: string, lock = false): Promise<SitesImportRow | null> {
  return queryOne<SitesImportRow>(db, `SELECT * FROM sites_imports WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

/** Moves the import from one of `from` to `to`; false when it was in another status. */
export async function moveSitesImport(
  db: SqlRunner,
  id: string,
  from: SitesImportStatus[],
  to: SitesImportStatus,
  message: string | null = null,
): Promise<boolean> {
  return (
    (await execute(
      db,
      `UPDATE sites_imports SET status = $3, message = coalesce($4, message),
              applied_at = CASE WHEN $3 = 'applied' THEN now() ELSE applied_at END
        WHERE id = $1 AND status = ANY($2::text[])`,
      [id, from, to, message],
    )) > 0
  );
}

export async function saveSitesImportProgress(db: SqlRunner, id: string, done: number): Promise<void> {
  await execute(db, `UPDATE sites_imports SET done_rows = $2 WHERE id = $1`, [id, done]);
}

/** Ends a dry run: `ready` or `invalid`, with its counts. False when the import was no longer validating. */
export async function finishSitesDryRun(
  db: SqlRunner,
  id: string,
  status: 'ready' | 'invalid',
  rows: number,
  c: SitesImportCounts,
): Promise<boolean> {
  return (
    (await execute(
      db,
      `UPDATE sites_imports SET status = $2, total_rows = $3, done_rows = $3, sites_created = $4, units_created = $5,
              slots_created = $6, slots_updated = $7, slots_unchanged = $8, error_count = $9, validated_at = now()
        WHERE id = $1 AND status = 'validating'`,
      [
        id,
        status,
        rows,
        c.sites_created,
        c.units_created,
        c.slots_created,
        c.slots_updated,
        c.slots_unchanged,
        c.errors,
      ],
    )) > 0
  );
}

/** A re-run dry run starts from nothing. */
export async function clearSitesImportStaging(db: SqlRunner, id: string): Promise<void> {
  await execute(db, `DELETE FROM sites_import_errors WHERE import_id = $1`, [id]);
  await execute(db, `DELETE FROM sites_import_rows WHERE import_id = $1`, [id]);
}

export interface SitesImportError {
  seq: number;
  line: number | null;
  column: string | null;
  message: string;
}

export async function insertSitesImportErrors(db: SqlRunner, id: string, errors: SitesImportError[]): Promise<void> {
  if (!errors.length) return;
  await execute(
    db,
    `INSERT INTO sites_import_errors (import_id, seq, line, "column", message)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[])`,
    [
      id,
      errors.map((e) => e.seq),
      errors.map((e) => e.line),
      errors.map((e) => e.column),
      errors.map((e) => e.message),
    ],
  );
}

export function sitesImportErrors(
  db: SqlRunner,
  id: string,
  limit: number,
  offset: number,
): Promise<{ row: number | null; column: string | null; message: string }[]> {
  return queryRows(
    db,
    `SELECT line AS row, "column", message FROM sites_import_errors WHERE import_id = $1 ORDER BY seq LIMIT $2 OFFSET $3`,
    [id, limit, offset],
  );
}

export async function countSitesImportErrors(db: SqlRunner, id: string): Promise<number> {
  return (
    (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM sites_import_errors WHERE import_id = $1`, [id]))
      ?.n ?? 0
  );
}

/** A resolved row of the file: what the slot should be after the import. */
export interface StagedSlotRow {
  line: number;
  action: 'create' | 'update' | 'unchanged';
  site_code: string;
  site_name: string;
  unit_label: string;
  unit_kind: string;
  stage: string;
  fitted_kind: 'catalogue' | 'custom_size';
  variant_id: string | null;
  catalogue_id: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: string | null;
  fitted: string;
  quantity: number;
  interval_unit: string;
  interval_count: number;
  anchor_date: string;
  next_due: string;
}

const STAGED_COLUMNS: (keyof StagedSlotRow)[] = [
  'line',
  'action',
  'site_code',
  'site_name',
  'unit_label',
  'unit_kind',
  'stage',
  'fitted_kind',
  'variant_id',
  'catalogue_id',
  'width',
  'height',
  'depth',
  'measure',
  'fitted',
  'quantity',
  'interval_unit',
  'interval_count',
  'anchor_date',
  'next_due',
];
const STAGED_TYPES: Record<keyof StagedSlotRow, string> = {
  line: 'int',
  action: 'text',
  site_code: 'text',
  site_name: 'text',
  unit_label: 'text',
  unit_kind: 'text',
  stage: 'text',
  fitted_kind: 'text',
  variant_id: 'uuid',
  catalogue_id: 'uuid',
  width: 'numeric',
  height: 'numeric',
  depth: 'numeric',
  measure: 'text',
  fitted: 'text',
  quantity: 'int',
  interval_unit: 'text',
  interval_count: 'int',
  anchor_date: 'date',
  next_due: 'date',
};

/** One INSERT … SELECT FROM unnest(…) per batch. */
export async function insertStagedSlotRows(db: SqlRunner, id: string, rows: StagedSlotRow[]): Promise<void> {
  if (!rows.length) return;
  await execute(
    db,
    `INSERT INTO sites_import_rows (import_id, ${STAGED_COLUMNS.join(', ')})
     SELECT $1, * FROM unnest(${STAGED_COLUMNS.map((c, i) => `$${i + 2}::${STAGED_TYPES[c]}[]`).join(', ')})`,
    [id, ...STAGED_COLUMNS.map((c) => rows.map((r) => r[c]))],
  );
}

/* ------------------------------------------------------------------ the programme as it is */

export interface ProgrammeSiteRow {
  id: string;
  code: string;
  status: string;
}
export interface ProgrammeUnitRow {
  id: string;
  site_id: string;
  label: string;
  min_merv: number | null;
  max_merv: number | null;
}
export interface ProgrammeSlotRow {
  id: string;
  unit_id: string;
  stage: string;
  /** What the slot holds now (the import itself fits only catalogue parts and custom sizes). */
  fitted_kind: 'catalogue' | 'custom_size' | 'agreed_item';
  variant_id: string | null;
  catalogue_id: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: string | null;
  quantity: number;
  interval_unit: string;
  interval_count: number;
  anchor_date: string;
}

/** The company's sites, units and (per unit and stage, the oldest) live slots. */
export async function companyProgramme(db: SqlRunner, companyId: string) {
  const [sites, units, slots, live] = await Promise.all([
    queryRows<ProgrammeSiteRow>(db, `SELECT id, code, status FROM sites WHERE company_id = $1`, [companyId]),
    queryRows<ProgrammeUnitRow>(
      db,
      `SELECT id, site_id, label, min_merv, max_merv FROM site_units WHERE company_id = $1`,
      [companyId],
    ),
    queryRows<ProgrammeSlotRow>(
      db,
      `SELECT DISTINCT ON (unit_id, stage) id, unit_id, stage, fitted_kind, variant_id, catalogue_id, width::text,
              height::text, depth::text, measure, quantity, interval_unit, interval_count, anchor_date::text
         FROM filter_slots WHERE company_id = $1 AND removed_at IS NULL
        ORDER BY unit_id, stage, created_at, id`,
      [companyId],
    ),
    queryOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM filter_slots WHERE company_id = $1 AND removed_at IS NULL`,
      [companyId],
    ),
  ]);
  return { sites, units, slots, liveSlots: live?.n ?? 0 };
}

/* ------------------------------------------------------------------ apply */

/** The staged rows joined to the company's active sites and their units (after the missing ones were created). */
const TARGETS = `
  SELECT r.*, u.id AS unit_id, s.id AS site_id,
         (SELECT f.id FROM filter_slots f
           WHERE f.unit_id = u.id AND f.stage = r.stage AND f.removed_at IS NULL
           ORDER BY f.created_at, f.id LIMIT 1) AS slot_id
    FROM sites_import_rows r
    JOIN sites s ON s.company_id = $2 AND lower(s.code) = lower(r.site_code) AND s.status = 'active'
    JOIN site_units u ON u.site_id = s.id AND lower(u.label) = lower(r.unit_label)
   WHERE r.import_id = $1`;

const AS_TEXT = new Set(['width', 'height', 'depth', 'anchor_date']);
/** What a slot or staged row (alias `a`) holds, as JSON: sizes and the anchor as text, as the dry run reads them. */
const fitOf = (a: string) =>
  `jsonb_build_object(${IMPORTED_SLOT_FIELDS.map((f) => `'${f}', ${a}.${f}${AS_TEXT.has(f) ? '::text' : ''}`).join(', ')})`;

/**
 * The live slots the staged rows name, with what each holds now and what its row says; the ones that
 * differ (by the dry run's rule, `importedSlotAction`) are the ones to update.
 */
async function slotsToUpdate(db: SqlRunner, importId: string, companyId: string): Promise<string[]> {
  const pairs = await queryRows<{ slot_id: string; now: ExistingSlotFit; row: ImportedSlotFit }>(
    db,
    `WITH t AS (${TARGETS})
     SELECT t.slot_id, ${fitOf('f')} AS now, ${fitOf('t')} AS row
       FROM t JOIN filter_slots f ON f.id = t.slot_id`,
    [importId, companyId],
  );
  return pairs.filter((p) => importedSlotAction(p.now, p.row) === 'update').map((p) => p.slot_id);
}

export interface AppliedSitesImport {
  sites: { id: string; code: string }[];
  units: { id: string; site_id: string; label: string }[];
  updated: { id: string; site_id: string; line: number }[];
  created: { id: string; site_id: string; line: number }[];
}

/**
 * Applies the staged rows to the programme as it is now (call inside a transaction that holds the
 * company's slot lock): missing sites, then units, then slots; existing slots that differ are updated
 * (a new interval or anchor restarts the schedule at the staged next due date; a quantity or filter
 * alone keeps it). Rows that already match write nothing, so applying the same file twice changes
 * nothing the second time.
 */
export async function applySitesImport(
  db: SqlRunner,
  importId: string,
  companyId: string,
  timeZone: string,
): Promise<AppliedSitesImport> {
  const sites = await queryRows<{ id: string; code: string }>(
    db,
    `INSERT INTO sites (company_id, code, name, time_zone)
     SELECT DISTINCT ON (lower(site_code)) $2::uuid, site_code, site_name, $3
       FROM sites_import_rows WHERE import_id = $1
      ORDER BY lower(site_code), line
     ON CONFLICT (company_id, lower(code)) DO NOTHING
     RETURNING id, code`,
    [importId, companyId, timeZone],
  );
  const units = await queryRows<{ id: string; site_id: string; label: string }>(
    db,
    `INSERT INTO site_units (site_id, company_id, label, kind)
     SELECT DISTINCT ON (s.id, lower(r.unit_label)) s.id, $2::uuid, r.unit_label, r.unit_kind
       FROM sites_import_rows r
       JOIN sites s ON s.company_id = $2 AND lower(s.code) = lower(r.site_code) AND s.status = 'active'
      WHERE r.import_id = $1
      ORDER BY s.id, lower(r.unit_label), r.line
     ON CONFLICT (site_id, lower(label)) DO NOTHING
     RETURNING id, site_id, label`,
    [importId, companyId],
  );
  const differing = await slotsToUpdate(db, importId, companyId);
  const updated = await queryRows<{ id: string; site_id: string; line: number }>(
    db,
    `WITH t AS (${TARGETS})
     UPDATE filter_slots f
        SET fitted_kind = t.fitted_kind, variant_id = t.variant_id, catalogue_id = t.catalogue_id, width = t.width,
            height = t.height, depth = t.depth, measure = t.measure, quantity = t.quantity,
            interval_unit = t.interval_unit, interval_count = t.interval_count, anchor_date = t.anchor_date,
            due_index = CASE WHEN (f.interval_unit, f.interval_count, f.anchor_date)
                                  = (t.interval_unit, t.interval_count, t.anchor_date) THEN f.due_index ELSE 1 END,
            next_due = CASE WHEN (f.interval_unit, f.interval_count, f.anchor_date)
                                 = (t.interval_unit, t.interval_count, t.anchor_date) THEN f.next_due ELSE t.next_due END,
            version = f.version + 1, updated_at = now()
       FROM t
      WHERE f.id = t.slot_id AND f.id = ANY($3::uuid[])
     RETURNING f.id, f.site_id, t.line`,
    [importId, companyId, differing],
  );
  const created = await queryRows<{ id: string; site_id: string; line: number }>(
    db,
    `WITH t AS (${TARGETS}), ins AS (
       INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, catalogue_id, width,
                                 height, depth, measure, quantity, interval_unit, interval_count, anchor_date,
                                 due_index, next_due)
       SELECT t.unit_id, t.site_id, $2, t.stage, t.fitted_kind, t.variant_id, t.catalogue_id, t.width, t.height,
              t.depth, t.measure, t.quantity, t.interval_unit, t.interval_count, t.anchor_date, 1, t.next_due
         FROM t WHERE t.slot_id IS NULL
         ORDER BY t.line
       RETURNING id, site_id, unit_id, stage)
     SELECT ins.id, ins.site_id, t.line FROM ins JOIN t ON t.unit_id = ins.unit_id AND t.stage = ins.stage`,
    [importId, companyId],
  );
  return { sites, units, updated, created };
}
