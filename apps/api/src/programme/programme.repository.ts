import type { Db } from '@portal/db';
import { customerPriceSql, execute, queryOne, queryRows } from '@portal/db';
import { monthEnd } from '@portal/domain';

/** SQL of sites, units, filter slots and recorded changes (one module for the programme aggregate). */

export type FittedKind = 'catalogue' | 'custom_size' | 'agreed_item';

export interface SiteRow {
  id: string;
  company_id: string;
  company_name: string;
  name: string;
  code: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  delivery_notes: string | null;
  time_zone: string;
  status: 'active' | 'archived';
  version: number;
  created_at: Date;
  updated_at: Date;
  contacts: { _id: string; username: string; email: string }[];
}

const SITE_COLUMNS = `s.id, s.company_id, c.name AS company_name, s.name, s.code, s.address_line1, s.address_line2,
  s.city, s.region, s.postal_code, s.country, s.delivery_notes, s.time_zone, s.status, s.version, s.created_at, s.updated_at,
  coalesce((SELECT json_agg(json_build_object('_id', u.id, 'username', u.username, 'email', u.email) ORDER BY u.username)
              FROM site_contacts sc JOIN users u ON u.id = sc.user_id WHERE sc.site_id = s.id), '[]'::json) AS contacts`;

export interface SiteSummaryRow extends SiteRow {
  unit_count: number;
  slot_count: number;
  /** Live slots whose next due date is in [monthStart, monthEnd]. */
  due_this_month: number;
  /** Live slots more than 7 days past their next due date (by the site's today, computed in SQL). */
  overdue_count: number;
}

/** Sites of a company (or of every company: null), with their counts for the list — one query. */
export function listSites(db: Db, companyId: string | null, status: string | undefined): Promise<SiteSummaryRow[]> {
  return queryRows(
    db,
    `WITH today AS (SELECT s.id, (now() AT TIME ZONE s.time_zone)::date AS d FROM sites s
                     WHERE ($1::uuid IS NULL OR s.company_id = $1) AND ($2::text IS NULL OR s.status = $2))
     SELECT ${SITE_COLUMNS},
            (SELECT count(*)::int FROM site_units su WHERE su.site_id = s.id) AS unit_count,
            count(f.id)::int AS slot_count,
            count(f.id) FILTER (WHERE date_trunc('month', f.next_due) = date_trunc('month', t.d))::int AS due_this_month,
            count(f.id) FILTER (WHERE f.next_due + 7 < t.d)::int AS overdue_count
       FROM sites s
       JOIN today t ON t.id = s.id
       JOIN companies c ON c.id = s.company_id
       LEFT JOIN filter_slots f ON f.site_id = s.id AND f.removed_at IS NULL
      GROUP BY s.id, c.name
      ORDER BY c.name, lower(s.name), s.id`,
    [companyId, status ?? null],
  );
}

export function findSite(db: Db, id: string, lock = false): Promise<SiteRow | null> {
  return queryOne(
    db,
    `SELECT ${SITE_COLUMNS} FROM sites s JOIN companies c ON c.id = s.company_id WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [id],
  );
}

export function siteHasChanges(db: Db, siteId: string): Promise<boolean> {
  return queryOne<{ x: number }>(db, `SELECT 1 AS x FROM filter_changes WHERE site_id = $1 LIMIT 1`, [siteId]).then(
    Boolean,
  );
}

export function companyExists(db: Db, id: string): Promise<boolean> {
  return queryOne(db, `SELECT 1 AS x FROM companies WHERE id = $1`, [id]).then(Boolean);
}

/** The ids among `userIds` that are active users of `companyId`. */
export async function companyUsers(db: Db, companyId: string, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND company_id = $2 AND status`,
    [userIds, companyId],
  );
  return new Set(rows.map((r) => r.id));
}

export type SiteWrite = Partial<{
  name: string;
  code: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  delivery_notes: string | null;
  time_zone: string;
  status: 'active' | 'archived';
}>;

const SITE_WRITABLE = [
  'name',
  'code',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'delivery_notes',
  'time_zone',
  'status',
] as const;

export async function insertSite(
  db: Db,
  companyId: string,
  input: SiteWrite & { name: string; code: string; time_zone: string },
): Promise<string> {
  const cols = SITE_WRITABLE.filter((k) => input[k] !== undefined);
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO sites (company_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [companyId, ...cols.map((k) => input[k])],
  );
  return row!.id;
}

/** Updates the given fields when `version` matches; false when it did not. */
export async function updateSite(db: Db, id: string, version: number, input: SiteWrite): Promise<boolean> {
  const cols = SITE_WRITABLE.filter((k) => input[k] !== undefined);
  const sets = cols.map((k, i) => `${k} = $${i + 3}`);
  const n = await execute(
    db,
    `UPDATE sites SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1 AND version = $2`,
    [id, version, ...cols.map((k) => input[k])],
  );
  return n > 0;
}

export async function replaceContacts(db: Db, siteId: string, userIds: readonly string[]): Promise<void> {
  await execute(db, `DELETE FROM site_contacts WHERE site_id = $1 AND NOT (user_id = ANY($2::uuid[]))`, [
    siteId,
    userIds,
  ]);
  await execute(
    db,
    `INSERT INTO site_contacts (site_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [siteId, userIds],
  );
}

export async function deleteSite(db: Db, id: string): Promise<void> {
  await execute(db, `DELETE FROM sites WHERE id = $1`, [id]);
}

/* ------------------------------------------------------------------ units */

export interface UnitRow {
  id: string;
  site_id: string;
  company_id: string;
  label: string;
  kind: string;
  location_note: string | null;
  min_merv: number | null;
  max_merv: number | null;
  version: number;
  created_at: Date;
}

const UNIT_COLUMNS = `u.id, u.site_id, u.company_id, u.label, u.kind, u.location_note, u.min_merv, u.max_merv, u.version, u.created_at`;

export function listUnits(db: Db, siteId: string): Promise<UnitRow[]> {
  return queryRows(db, `SELECT ${UNIT_COLUMNS} FROM site_units u WHERE u.site_id = $1 ORDER BY lower(u.label), u.id`, [
    siteId,
  ]);
}

export function findUnit(db: Db, id: string, lock = false): Promise<UnitRow | null> {
  return queryOne(db, `SELECT ${UNIT_COLUMNS} FROM site_units u WHERE u.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export type UnitWrite = Partial<{
  label: string;
  kind: string;
  location_note: string | null;
  min_merv: number | null;
  max_merv: number | null;
}>;
const UNIT_WRITABLE = ['label', 'kind', 'location_note', 'min_merv', 'max_merv'] as const;

export async function insertUnit(db: Db, site: { id: string; company_id: string }, input: UnitWrite): Promise<string> {
  const cols = UNIT_WRITABLE.filter((k) => input[k] !== undefined);
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO site_units (site_id, company_id${cols.map((c) => `, ${c}`).join('')})
     VALUES ($1, $2${cols.map((_, i) => `, $${i + 3}`).join('')}) RETURNING id`,
    [site.id, site.company_id, ...cols.map((k) => input[k])],
  );
  return row!.id;
}

export async function updateUnit(db: Db, id: string, version: number, input: UnitWrite): Promise<boolean> {
  const cols = UNIT_WRITABLE.filter((k) => input[k] !== undefined);
  const sets = cols.map((k, i) => `${k} = $${i + 3}`);
  return (
    (await execute(
      db,
      `UPDATE site_units SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = $1 AND version = $2`,
      [id, version, ...cols.map((k) => input[k])],
    )) > 0
  );
}

/** Live slots of a unit whose variant's MERV lies outside [min, max]. */
export function slotsOutsideMerv(
  db: Db,
  unitId: string,
  min: number | null,
  max: number | null,
): Promise<{ id: string; merv: number }[]> {
  return queryRows(
    db,
    `SELECT f.id, v.merv FROM filter_slots f JOIN variants v ON v.id = f.variant_id
      WHERE f.unit_id = $1 AND f.removed_at IS NULL AND v.merv IS NOT NULL AND f.override_note IS NULL
        AND (($2::int IS NOT NULL AND v.merv < $2) OR ($3::int IS NOT NULL AND v.merv > $3))`,
    [unitId, min, max],
  );
}

/* ------------------------------------------------------------------ slots */

export interface SlotRow {
  id: string;
  unit_id: string;
  site_id: string;
  company_id: string;
  stage: 'pre' | 'final' | 'single';
  fitted_kind: FittedKind;
  variant_id: string | null;
  part_number: string | null;
  product_name: string | null;
  agreed_item_id: string | null;
  agreed_description: string | null;
  /** The agreed item's part number as the company knows it (its own, else the office's). */
  agreed_part_number: string | null;
  merv: number | null;
  efficiency_class: string | null;
  catalogue_id: string | null;
  catalogue_name: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: 'nominal' | 'exact' | null;
  quantity: number;
  interval_unit: 'day' | 'week' | 'month';
  interval_count: number;
  anchor_date: string;
  due_index: number;
  next_due: string;
  notice_days: number;
  override_note: string | null;
  version: number;
  last_changed_on: string | null;
  time_zone: string;
  unit_label: string;
}

const SLOT_COLUMNS = `f.id, f.unit_id, f.site_id, f.company_id, f.stage, f.fitted_kind, f.variant_id, v.part_number,
  p.name AS product_name, f.agreed_item_id, ai.description AS agreed_description,
  coalesce(ai.customer_part_no, ai.part_number) AS agreed_part_number, v.merv, v.efficiency_class, f.catalogue_id, k.name AS catalogue_name,
  f.width::text, f.height::text, f.depth::text, f.measure, f.quantity, f.interval_unit, f.interval_count,
  to_char(f.anchor_date, 'YYYY-MM-DD') AS anchor_date, f.due_index, to_char(f.next_due, 'YYYY-MM-DD') AS next_due,
  f.notice_days, f.override_note, f.version,
  (SELECT to_char(max(x.changed_on), 'YYYY-MM-DD') FROM filter_changes x WHERE x.slot_id = f.id) AS last_changed_on,
  s.time_zone, su.label AS unit_label`;
const SLOT_FROM = `filter_slots f
  JOIN sites s ON s.id = f.site_id
  JOIN site_units su ON su.id = f.unit_id
  LEFT JOIN variants v ON v.id = f.variant_id
  LEFT JOIN products p ON p.id = v.product_id
  LEFT JOIN agreed_items ai ON ai.id = f.agreed_item_id
  LEFT JOIN categories k ON k.id = f.catalogue_id`;

/** Live slots of a site (every unit), one query. */
export function listSlots(db: Db, siteId: string): Promise<SlotRow[]> {
  return queryRows(
    db,
    `SELECT ${SLOT_COLUMNS} FROM ${SLOT_FROM} WHERE f.site_id = $1 AND f.removed_at IS NULL
      ORDER BY f.unit_id, array_position(ARRAY['pre','final','single'], f.stage), f.created_at, f.id`,
    [siteId],
  );
}

export async function findSlot(db: Db, id: string, lock = false): Promise<SlotRow | null> {
  if (lock) await execute(db, `SELECT 1 FROM filter_slots WHERE id = $1 FOR UPDATE`, [id]);
  return queryOne(db, `SELECT ${SLOT_COLUMNS} FROM ${SLOT_FROM} WHERE f.id = $1 AND f.removed_at IS NULL`, [id]);
}

export interface VariantInfo {
  id: string;
  part_number: string;
  merv: number | null;
  efficiency_class: string | null;
  odd_size: boolean;
}

export function findVariant(db: Db, id: string): Promise<VariantInfo | null> {
  return queryOne(db, `SELECT id, part_number, merv, efficiency_class, odd_size FROM variants WHERE id = $1`, [id]);
}

export interface AgreedItemInfo {
  id: string;
  description: string;
  part_number: string | null;
  withdrawn: boolean;
  price_held_until: string;
}

/** One of the company's agreed items (another company's reads as unknown: null). */
export function findCompanyAgreedItem(db: Db, companyId: string, id: string): Promise<AgreedItemInfo | null> {
  return queryOne(
    db,
    `SELECT id, description, coalesce(customer_part_no, part_number) AS part_number, withdrawn,
            to_char(price_held_until, 'YYYY-MM-DD') AS price_held_until
       FROM agreed_items WHERE id = $1 AND company_id = $2`,
    [id, companyId],
  );
}

export function categoryExists(db: Db, id: string): Promise<boolean> {
  return queryOne(db, `SELECT 1 AS x FROM categories WHERE id = $1`, [id]).then(Boolean);
}

/** Locks the company row and counts its live slots (so two creates cannot both pass the limit). */
export async function lockAndCountSlots(db: Db, companyId: string): Promise<number> {
  await execute(db, `SELECT 1 FROM companies WHERE id = $1 FOR UPDATE`, [companyId]);
  const row = await queryOne<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM filter_slots WHERE company_id = $1 AND removed_at IS NULL`,
    [companyId],
  );
  return row?.n ?? 0;
}

export interface SlotWrite {
  stage?: string;
  fitted_kind?: FittedKind;
  variant_id?: string | null;
  agreed_item_id?: string | null;
  catalogue_id?: string | null;
  width?: number | null;
  height?: number | null;
  depth?: number | null;
  measure?: string | null;
  quantity?: number;
  interval_unit?: string;
  interval_count?: number;
  anchor_date?: string;
  due_index?: number;
  next_due?: string;
  notice_days?: number;
  override_note?: string | null;
}
const SLOT_WRITABLE = [
  'stage',
  'fitted_kind',
  'variant_id',
  'agreed_item_id',
  'catalogue_id',
  'width',
  'height',
  'depth',
  'measure',
  'quantity',
  'interval_unit',
  'interval_count',
  'anchor_date',
  'due_index',
  'next_due',
  'notice_days',
  'override_note',
] as const;

export async function insertSlot(db: Db, unit: UnitRow, input: SlotWrite): Promise<string> {
  const cols = SLOT_WRITABLE.filter((k) => input[k] !== undefined);
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO filter_slots (unit_id, site_id, company_id${cols.map((c) => `, ${c}`).join('')})
     VALUES ($1, $2, $3${cols.map((_, i) => `, $${i + 4}`).join('')}) RETURNING id`,
    [unit.id, unit.site_id, unit.company_id, ...cols.map((k) => input[k])],
  );
  return row!.id;
}

/** Updates a live slot; `version` null: no version check (the server's own re-anchor under a row lock). */
export async function updateSlot(db: Db, id: string, version: number | null, input: SlotWrite): Promise<boolean> {
  const cols = SLOT_WRITABLE.filter((k) => input[k] !== undefined);
  const sets = cols.map((k, i) => `${k} = $${i + 3}`);
  return (
    (await execute(
      db,
      `UPDATE filter_slots SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')}
        WHERE id = $1 AND removed_at IS NULL AND ($2::int IS NULL OR version = $2)`,
      [id, version, ...cols.map((k) => input[k])],
    )) > 0
  );
}

/** A slot with recorded changes is kept (removed_at) for the record; one without is deleted. */
export async function removeSlot(db: Db, id: string): Promise<void> {
  const kept = await execute(
    db,
    `UPDATE filter_slots SET removed_at = now(), version = version + 1
      WHERE id = $1 AND EXISTS (SELECT 1 FROM filter_changes WHERE slot_id = $1)`,
    [id],
  );
  if (!kept) await execute(db, `DELETE FROM filter_slots WHERE id = $1`, [id]);
}

/* ------------------------------------------------------------------ changes */

export interface ChangeRow {
  id: string;
  slot_id: string;
  changed_on: string;
  quantity: number;
  variant_id: string | null;
  fitted: string;
  merv: number | null;
  efficiency_class: string | null;
  pressure_drop_in_wc: string | null;
  note: string | null;
  recorded_by: string | null;
  recorded_by_name: string;
  created_at: Date;
}

const CHANGE_COLUMNS = `x.id, x.slot_id, to_char(x.changed_on, 'YYYY-MM-DD') AS changed_on, x.quantity, x.variant_id, x.fitted,
  x.merv, x.efficiency_class, x.pressure_drop_in_wc::text, x.note, x.recorded_by, x.recorded_by_name, x.created_at`;

export async function insertChange(
  db: Db,
  slot: SlotRow,
  input: {
    changed_on: string;
    quantity: number;
    variant_id: string | null;
    agreed_item_id: string | null;
    fitted: string;
    merv: number | null;
    efficiency_class: string | null;
    pressure_drop_in_wc: number | null;
    note: string | null;
    recorded_by: string;
    recorded_by_name: string;
  },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `INSERT INTO filter_changes (slot_id, site_id, company_id, changed_on, quantity, variant_id, fitted, merv,
       efficiency_class, pressure_drop_in_wc, note, recorded_by, recorded_by_name, agreed_item_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      slot.id,
      slot.site_id,
      slot.company_id,
      input.changed_on,
      input.quantity,
      input.variant_id,
      input.fitted,
      input.merv,
      input.efficiency_class,
      input.pressure_drop_in_wc,
      input.note,
      input.recorded_by,
      input.recorded_by_name,
      input.agreed_item_id,
    ],
  );
  return row!.id;
}

export function listChanges(db: Db, slotId: string): Promise<ChangeRow[]> {
  return queryRows(
    db,
    `SELECT ${CHANGE_COLUMNS} FROM filter_changes x WHERE x.slot_id = $1 ORDER BY x.changed_on DESC, x.created_at DESC`,
    [slotId],
  );
}

/** The slot's row (live or removed) for a history read: company and site only. */
export function findSlotOwner(db: Db, id: string): Promise<{ id: string; company_id: string; site_id: string } | null> {
  return queryOne(db, `SELECT id, company_id, site_id FROM filter_slots WHERE id = $1`, [id]);
}

/* ------------------------------------------------------------------ what is due */

export interface DueSlotRow {
  slot_id: string;
  site_id: string;
  site_name: string;
  site_code: string;
  time_zone: string;
  unit_label: string;
  stage: string;
  fitted_kind: FittedKind;
  variant_id: string | null;
  agreed_item_id: string | null;
  /** A catalogue slot's part number; an agreed item's (the company's own, else the office's, else its description). */
  part_number: string | null;
  variant_size: string | null;
  catalogue_id: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: 'nominal' | 'exact' | null;
  quantity: number;
  interval_unit: 'day' | 'week' | 'month';
  interval_count: number;
  anchor_date: string;
  due_index: number;
  next_due: string;
  /** Today's company price in dollars (catalogue slots; an agreed item's agreed price while held; null for custom sizes). */
  unit_price: string | null;
}

const pctOf = (n: number) => `($${n}::jsonb ->> coalesce(vk.product_line, ''))::numeric`;

/**
 * Every live slot of a company's active sites due on or before `until` (the caller expands the
 * repeats inside the asked months), priced at the company's price today (an agreed item at its
 * agreed price while it is held on `today`) — one query.
 */
export function dueSlots(
  db: Db,
  companyId: string,
  siteId: string | null,
  until: string,
  pct: Record<string, string>,
  today: string,
): Promise<DueSlotRow[]> {
  return queryRows(
    db,
    `SELECT f.id AS slot_id, s.id AS site_id, s.name AS site_name, s.code AS site_code, s.time_zone,
            su.label AS unit_label, f.stage, f.fitted_kind, f.variant_id, f.agreed_item_id,
            coalesce(v.part_number, ai.customer_part_no, ai.part_number, ai.description) AS part_number,
            v.size AS variant_size,
            coalesce(f.catalogue_id, ai.catalogue_id) AS catalogue_id,
            coalesce(f.width, ai.width)::text AS width, coalesce(f.height, ai.height)::text AS height,
            coalesce(f.depth, ai.depth)::text AS depth, coalesce(f.measure, ai.measure) AS measure,
            f.quantity, f.interval_unit, f.interval_count,
            to_char(f.anchor_date, 'YYYY-MM-DD') AS anchor_date, f.due_index, to_char(f.next_due, 'YYYY-MM-DD') AS next_due,
            CASE WHEN v.id IS NOT NULL THEN ${customerPriceSql(pctOf(4))}::text
                 WHEN ai.id IS NOT NULL AND NOT ai.withdrawn AND ai.price_held_until >= $5::date
                   THEN (ai.price_cents::numeric / 100)::text END AS unit_price
       FROM filter_slots f
       JOIN sites s ON s.id = f.site_id AND s.status = 'active'
       JOIN site_units su ON su.id = f.unit_id
       LEFT JOIN variants v ON v.id = f.variant_id
       LEFT JOIN agreed_items ai ON ai.id = f.agreed_item_id
       LEFT JOIN products vp ON vp.id = v.product_id
       LEFT JOIN categories vk ON vk.id = vp.category_id
      WHERE f.company_id = $1 AND f.removed_at IS NULL AND f.next_due <= $3::date
        AND ($2::uuid IS NULL OR f.site_id = $2)
      ORDER BY lower(s.name), s.id, lower(su.label), array_position(ARRAY['pre','final','single'], f.stage), f.id`,
    [companyId, siteId, until, JSON.stringify(pct), today],
  );
}

/* ------------------------------------------------------------------ the record */

export interface RecordRow {
  unit_label: string;
  unit_kind: string;
  slot_id: string;
  stage: string;
  removed: boolean;
  changed_on: string;
  quantity: number;
  fitted: string;
  merv: number | null;
  efficiency_class: string | null;
  pressure_drop_in_wc: string | null;
  note: string | null;
  recorded_by_name: string;
}

/** Every recorded change of a site between two dates (inclusive), per unit and slot — one query. */
export function siteRecords(db: Db, siteId: string, from: string | null, to: string | null): Promise<RecordRow[]> {
  return queryRows(
    db,
    `SELECT su.label AS unit_label, su.kind AS unit_kind, f.id AS slot_id, f.stage, f.removed_at IS NOT NULL AS removed,
            to_char(x.changed_on, 'YYYY-MM-DD') AS changed_on, x.quantity, x.fitted, x.merv, x.efficiency_class,
            x.pressure_drop_in_wc::text, x.note, x.recorded_by_name
       FROM filter_changes x
       JOIN filter_slots f ON f.id = x.slot_id
       JOIN site_units su ON su.id = f.unit_id
      WHERE x.site_id = $1 AND ($2::date IS NULL OR x.changed_on >= $2) AND ($3::date IS NULL OR x.changed_on <= $3)
      ORDER BY lower(su.label), su.id, array_position(ARRAY['pre','final','single'], f.stage), f.created_at, f.id,
               x.changed_on, x.created_at`,
    [siteId, from, to],
  );
}

/* ------------------------------------------------------------------ forecast and export */

export interface ForecastTotalRow {
  fitted_kind: FittedKind;
  variant_id: string | null;
  agreed_item_id: string | null;
  part_number: string | null;
  product_name: string | null;
  catalogue_id: string | null;
  catalogue_name: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: 'nominal' | 'exact' | null;
  /** Months of the window (1 = the first) with something due, and the quantity due in each. */
  buckets: number[];
  amounts: number[];
}

/**
 * The supplier's committed demand, summed in the database: every live slot of an active site is
 * expanded into its due dates up to the window's last day — `next_due` for the slot's `due_index`,
 * then due(n) = anchor + n × interval (Postgres clamps a month to its last day from the anchor, like
 * `due()`), at most `maxRepeats` of them — and each date is counted in its month of the window (an
 * earlier one in the first month). One row per variant, per agreed item and per custom size
 * (catalogue, dimensions, measure); the category filter applies to the variant's category, the agreed
 * item's or the custom size's catalogue. `months` are consecutive 'YYYY-MM'. Run it in a transaction.
 *
 * The grouping key is one text per slot ('v|' variant id, 'a|' agreed item id, or 'c|' and the custom
 * size's fields joined by '|'), so the sums are a small hash table. JIT is off for the statement: the planner takes each slot's
 * `generate_series` for 1,000 rows, prices the statement in the millions and would spend seconds
 * compiling a query that runs in a fraction of that.
 */
export async function forecastTotals(
  db: Db,
  months: readonly string[],
  categoryId: string | null,
  maxRepeats: number,
): Promise<ForecastTotalRow[]> {
  const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  const lastMonth = months[months.length - 1];
  await execute(db, `SET LOCAL jit = off`);
  return queryRows(
    db,
    `WITH slot AS (
       SELECT CASE f.fitted_kind WHEN 'catalogue' THEN 'v|' || f.variant_id
                                 WHEN 'agreed_item' THEN 'a|' || f.agreed_item_id
                                 ELSE 'c|' || concat_ws('|', f.catalogue_id, f.width, f.height, f.depth, f.measure) END AS key,
              f.quantity, f.interval_count, f.anchor_date, f.due_index, f.next_due,
              CASE f.interval_unit WHEN 'week' THEN 7 * f.interval_count WHEN 'day' THEN f.interval_count END AS step_days,
              (date_part('year', f.anchor_date) * 12 + date_part('month', f.anchor_date))::int AS anchor_month
         FROM filter_slots f
         JOIN sites s ON s.id = f.site_id AND s.status = 'active'
        WHERE f.removed_at IS NULL AND f.next_due <= $1::date
     ),
     due_dates AS (
       SELECT x.key, x.quantity, greatest(1, CASE
                WHEN n = x.due_index THEN width_bucket(x.next_due, $2::date[])
                WHEN x.step_days IS NULL THEN x.anchor_month + n * x.interval_count - $3::int + 1
                ELSE width_bucket(x.anchor_date + n * x.step_days, $2::date[]) END) AS bucket
         FROM slot x
        CROSS JOIN LATERAL generate_series(x.due_index, least(x.due_index + $5::int - 1, greatest(x.due_index,
                CASE WHEN x.step_days IS NULL THEN ($4::int - x.anchor_month) / x.interval_count
                     ELSE ($1::date - x.anchor_date) / x.step_days END))) n
     ),
     per_month AS (
       SELECT key, bucket, sum(quantity)::int AS amount FROM due_dates GROUP BY key, bucket
     ),
     totals AS (
       SELECT key, left(key, 1) AS kind, array_agg(bucket ORDER BY bucket) AS buckets,
              array_agg(amount ORDER BY bucket) AS amounts
         FROM per_month GROUP BY key
     ),
     described AS (
       SELECT t.*, v.id AS variant_id, ai.id AS agreed_item_id,
              coalesce(v.part_number, ai.customer_part_no, ai.part_number) AS part_number,
              coalesce(p.name, ai.description) AS product_name,
              CASE WHEN t.kind = 'c' THEN split_part(t.key, '|', 2)::uuid ELSE coalesce(p.category_id, ai.catalogue_id) END
                AS catalogue_id,
              CASE WHEN t.kind = 'c' THEN split_part(t.key, '|', 3) ELSE ai.width::text END AS width,
              CASE WHEN t.kind = 'c' THEN split_part(t.key, '|', 4) ELSE ai.height::text END AS height,
              CASE WHEN t.kind = 'c' THEN split_part(t.key, '|', 5) ELSE ai.depth::text END AS depth,
              CASE WHEN t.kind = 'c' THEN split_part(t.key, '|', 6) ELSE ai.measure END AS measure
         FROM totals t
         LEFT JOIN variants v ON v.id = CASE WHEN t.kind = 'v' THEN substr(t.key, 3)::uuid END
         LEFT JOIN products p ON p.id = v.product_id
         LEFT JOIN agreed_items ai ON ai.id = CASE WHEN t.kind = 'a' THEN substr(t.key, 3)::uuid END
     )
     SELECT CASE d.kind WHEN 'v' THEN 'catalogue' WHEN 'a' THEN 'agreed_item' ELSE 'custom_size' END AS fitted_kind,
            d.variant_id, d.agreed_item_id, d.part_number, d.product_name, d.catalogue_id, k.name AS catalogue_name,
            d.width, d.height, d.depth, d.measure, d.buckets, d.amounts
       FROM described d
       LEFT JOIN categories k ON k.id = d.catalogue_id
      WHERE $6::uuid IS NULL OR d.catalogue_id = $6`,
    [
      monthEnd(lastMonth),
      months.map((m) => `${m}-01`),
      monthIndex(months[0]),
      monthIndex(lastMonth),
      maxRepeats,
      categoryId,
    ],
  );
}

export interface ExportRow {
  site_code: string;
  site_name: string;
  unit_label: string;
  stage: string;
  fitted_kind: FittedKind;
  /** A variant's part number; an agreed item's (the company's own, else the office's). */
  part_number: string | null;
  agreed_description: string | null;
  /** A custom size's (the slot's, or its agreed item's). */
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: 'nominal' | 'exact' | null;
  quantity: number;
  interval_unit: 'day' | 'week' | 'month';
  interval_count: number;
  anchor_date: string;
}

/** A company's programme as import columns, one row per live slot — one query. */
export function exportRows(db: Db, companyId: string): Promise<ExportRow[]> {
  return queryRows(
    db,
    `SELECT s.code AS site_code, s.name AS site_name, su.label AS unit_label, f.stage, f.fitted_kind,
            coalesce(v.part_number, ai.customer_part_no, ai.part_number) AS part_number, ai.description AS agreed_description,
            coalesce(f.width, ai.width)::text AS width, coalesce(f.height, ai.height)::text AS height,
            coalesce(f.depth, ai.depth)::text AS depth, coalesce(f.measure, ai.measure) AS measure,
            f.quantity, f.interval_unit, f.interval_count,
            to_char(f.anchor_date, 'YYYY-MM-DD') AS anchor_date
       FROM filter_slots f
       JOIN sites s ON s.id = f.site_id
       JOIN site_units su ON su.id = f.unit_id
       LEFT JOIN variants v ON v.id = f.variant_id
       LEFT JOIN agreed_items ai ON ai.id = f.agreed_item_id
      WHERE f.company_id = $1 AND f.removed_at IS NULL AND s.status = 'active'
      ORDER BY lower(s.code), lower(su.label), array_position(ARRAY['pre','final','single'], f.stage), f.created_at, f.id`,
    [companyId],
  );
}

/* ------------------------------------------------------------------ requesting a month */

export interface ProgrammeRequestRow {
  site_id: string;
  month: string;
  order_request_id: string | null;
  order_number: string | null;
  quote_request_id: string | null;
  quote_number: string | null;
}

const PROGRAMME_REQUEST_COLUMNS = `r.site_id, r.month, r.order_request_id, o.number AS order_number,
  r.quote_request_id, q.number AS quote_number`;
const PROGRAMME_REQUEST_FROM = `programme_requests r
  LEFT JOIN order_requests o ON o.id = r.order_request_id
  LEFT JOIN quote_requests q ON q.id = r.quote_request_id`;

/**
 * Claims the site's month for the caller's transaction: true when this call made the row. A second
 * call waits here while the first is open and gets false once it commits (the primary key decides).
 */
export async function claimProgrammeRequest(
  db: Db,
  companyId: string,
  siteId: string,
  month: string,
  userId: string,
): Promise<boolean> {
  const n = await execute(
    db,
    `INSERT INTO programme_requests (company_id, site_id, month, requested_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id, month) DO NOTHING RETURNING site_id`,
    [companyId, siteId, month, userId],
  );
  return n > 0;
}

export function findProgrammeRequest(db: Db, siteId: string, month: string): Promise<ProgrammeRequestRow | null> {
  return queryOne(
    db,
    `SELECT ${PROGRAMME_REQUEST_COLUMNS} FROM ${PROGRAMME_REQUEST_FROM} WHERE r.site_id = $1 AND r.month = $2`,
    [siteId, month],
  );
}

export async function setProgrammeRequest(
  db: Db,
  siteId: string,
  month: string,
  orderId: string | null,
  quoteId: string | null,
): Promise<void> {
  await execute(
    db,
    `UPDATE programme_requests SET order_request_id = $3, quote_request_id = $4 WHERE site_id = $1 AND month = $2`,
    [siteId, month, orderId, quoteId],
  );
}

/** What was requested for a company's sites in the given months — one query. */
export function programmeRequestsOf(
  db: Db,
  companyId: string,
  months: readonly string[],
): Promise<ProgrammeRequestRow[]> {
  return queryRows(
    db,
    `SELECT ${PROGRAMME_REQUEST_COLUMNS} FROM ${PROGRAMME_REQUEST_FROM} WHERE r.company_id = $1 AND r.month = ANY($2::text[])`,
    [companyId, months],
  );
}

/** The sites of which `userId` is a contact. */
export async function contactSiteIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await queryRows<{ site_id: string }>(db, `SELECT site_id FROM site_contacts WHERE user_id = $1`, [
    userId,
  ]);
  return new Set(rows.map((r) => r.site_id));
}
