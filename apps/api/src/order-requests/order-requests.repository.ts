/**
 * SQL of order requests and agreed items. Plain functions over a `Db`, set-based: a request's lines
 * are priced in one statement and written in one statement. Money is integer cents (bigint, read as
 * text); catalogue prices use the catalogue's own expression (`customerPriceSql`) with the company's
 * percentage per product line from `$pct` (a JSON map chosen by `percentageForProductLine`).
 */
import type {
  AgreedItemStatus,
  AgreedItemView,
  OrderAction,
  OrderHistoryEntry,
  OrderLineKind,
  OrderLineView,
  OrderRequestSummary,
  OrderStatus,
} from '@portal/contracts';
import {
  DEFAULT_PRICE_HOLD_DAYS,
  centsToDecimalString,
  type AgreedItemListQuery,
  type OrderListQuery,
} from '@portal/domain';
import { customerPriceSql, escapeLike, execute, queryOne, queryRows, type Db } from '@portal/db';

/** Cents (bigint text or number) → the wire's number with 2 decimals. */
export const amount = (cents: string | number | bigint): number => Number(centsToDecimalString(cents));

const pctOf = (n: number) => `($${n}::jsonb ->> coalesce(k.product_line, ''))::numeric`;

/** Who may see which request ($1 user id, $2 role, $3 company id). */
const SCOPE = `(
  $2::text = 'superadmin'
  OR ($2::text = 'admin' AND r.company_id = $3::uuid)
  OR ($2::text = 'employee' AND r.requested_by = $1::uuid))`;

export interface Caller {
  id: string;
  role: string;
  companyId: string | null;
}
const scopeParams = (c: Caller) => [c.id, c.role, c.companyId];

/* ------------------------------------------------------------------ company */

export interface CompanyOrdering {
  name: string;
  discount_percentage: string;
  rigidflow_percentage: string;
  minipro_percentage: string;
  polyroll_percentage: string;
  approval_threshold_cents: string | null;
}

export function findCompanyOrdering(db: Db, companyId: string): Promise<CompanyOrdering | null> {
  return queryOne(
    db,
    `SELECT name, discount_percentage::text AS discount_percentage, rigidflow_percentage::text AS rigidflow_percentage,
            minipro_percentage::text AS minipro_percentage, polyroll_percentage::text AS polyroll_percentage,
            approval_threshold_cents::text AS approval_threshold_cents
       FROM companies WHERE id = $1`,
    [companyId],
  );
}

export async function setApprovalThreshold(
  db: Db,
  companyId: string,
  cents: number | null,
): Promise<{ before: string | null } | null> {
  return queryOne(
    db,
    `UPDATE companies c SET approval_threshold_cents = $2
       FROM (SELECT id, approval_threshold_cents::text AS before FROM companies WHERE id = $1 FOR UPDATE) o
      WHERE c.id = o.id RETURNING o.before`,
    [companyId, cents],
  );
}

/** A site of the company (another company's is none). */
export async function findSite(
  db: Db,
  companyId: string,
  siteId: string,
): Promise<{ id: string; name: string } | null> {
  return queryOne(db, `SELECT id, name FROM sites WHERE id = $1 AND company_id = $2`, [siteId, companyId]);
}

/* ------------------------------------------------------------------ pricing the lines */

export interface PricedVariant {
  id: string;
  part_number: string;
  description: string;
  price_cents: string;
}

/** Standard and odd-size variants by id with the company's price today. $2 percentage map. */
export function priceVariants(db: Db, ids: string[], pct: Record<string, string>): Promise<PricedVariant[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<PricedVariant>(
    db,
    `SELECT v.id, v.part_number, p.name || CASE WHEN v.size <> '' THEN ' ' || v.size ELSE '' END AS description,
            (${customerPriceSql(pctOf(2))} * 100)::bigint::text AS price_cents
       FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
      WHERE v.id = ANY($1::uuid[])`,
    [ids, JSON.stringify(pct)],
  );
}

export interface AgreedRow {
  id: string;
  company_id: string;
  company_name: string;
  source_quote_id: string | null;
  source_quote_number: string | null;
  kind: 'custom_size' | 'unlisted';
  description: string;
  part_number: string | null;
  customer_part_no: string | null;
  catalogue_id: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: 'nominal' | 'exact' | null;
  size_type: string | null;
  price_cents: string;
  price_held_until: string;
  withdrawn: boolean;
  version: number;
  created_at: Date;
}

const AGREED_COLUMNS = `a.id, a.company_id, c.name AS company_name, a.source_quote_id, a.source_quote_number, a.kind,
  a.description, a.part_number, a.customer_part_no, a.catalogue_id, a.width::float8 AS width, a.height::float8 AS height,
  a.depth::float8 AS depth, a.measure, a.size_type, a.price_cents::text AS price_cents,
  a.price_held_until::text AS price_held_until, a.withdrawn, a.version, a.created_at`;

export function agreedStatus(a: Pick<AgreedRow, 'withdrawn' | 'price_held_until'>, today: string): AgreedItemStatus {
  if (a.withdrawn) return 'withdrawn';
  return a.price_held_until < today ? 'expired' : 'active';
}

export function toAgreedView(a: AgreedRow, today: string): AgreedItemView {
  return {
    _id: a.id,
    description: a.description,
    customer_part_no: a.customer_part_no,
    part_number: a.part_number,
    width: a.width,
    height: a.height,
    depth: a.depth,
    measure: a.measure,
    size_type: a.size_type,
    catalogue_id: a.catalogue_id,
    price: amount(a.price_cents),
    price_held_until: a.price_held_until,
    status: agreedStatus(a, today),
    source_quote: { _id: a.source_quote_id, number: a.source_quote_number },
    company: { _id: a.company_id, name: a.company_name },
  };
}

/** The company's agreed items among `ids` (another company's are simply absent). */
export function findAgreedItems(db: Db, companyId: string, ids: string[]): Promise<AgreedRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<AgreedRow>(
    db,
    `SELECT ${AGREED_COLUMNS} FROM agreed_items a JOIN companies c ON c.id = a.company_id
      WHERE a.id = ANY($1::uuid[]) AND a.company_id = $2`,
    [ids, companyId],
  );
}

/** One agreed item the caller may see (superadmin: any; others: their company's). */
export function findAgreedItem(db: Db, caller: Caller, id: string, lock = false): Promise<AgreedRow | null> {
  return queryOne<AgreedRow>(
    db,
    `SELECT ${AGREED_COLUMNS} FROM agreed_items a JOIN companies c ON c.id = a.company_id
      WHERE a.id = $1 AND ($2::text = 'superadmin' OR a.company_id = $3::uuid)${lock ? ' FOR UPDATE OF a' : ''}`,
    [id, caller.role, caller.companyId],
  );
}

export async function listAgreedItems(
  db: Db,
  companyId: string | null,
  query: AgreedItemListQuery,
  today: string,
): Promise<{ rows: AgreedRow[]; total: number }> {
  const where = `($1::uuid IS NULL OR a.company_id = $1)
    AND ($2::text IS NULL
      OR ($2 = 'withdrawn' AND a.withdrawn)
      OR ($2 = 'expired' AND NOT a.withdrawn AND a.price_held_until < $4::date)
      OR ($2 = 'active' AND NOT a.withdrawn AND a.price_held_until >= $4::date))
    AND ($3::text IS NULL OR a.description ILIKE $3 ESCAPE '\\' OR a.customer_part_no ILIKE $3 ESCAPE '\\'
      OR a.part_number ILIKE $3 ESCAPE '\\' OR a.source_quote_number ILIKE $3 ESCAPE '\\')`;
  const params = [companyId, query.status ?? null, query.q ? `%${escapeLike(query.q)}%` : null, today];
  const [rows, total] = await Promise.all([
    queryRows<AgreedRow>(
      db,
      `SELECT ${AGREED_COLUMNS} FROM agreed_items a JOIN companies c ON c.id = a.company_id WHERE ${where}
        ORDER BY a.created_at DESC, a.id DESC LIMIT $5 OFFSET $6`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
    queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM agreed_items a WHERE ${where}`, params),
  ]);
  return { rows, total: total!.n };
}

/**
 * The quote's priced custom and unlisted lines become agreed items of its company (once per line),
 * held until the quote's `price_held_until` (default: its validity + 365 days), their first price kept
 * in the price history. Returns the items created.
 */
export async function createAgreedItemsFromQuote(
  db: Db,
  quoteId: string,
  actorId: string,
): Promise<{ id: string; description: string }[]> {
  const rows = await queryRows<{ id: string; description: string; price_cents: string; price_held_until: string }>(
    db,
    `INSERT INTO agreed_items (company_id, source_quote_id, source_quote_number, source_line_id, kind, description,
                               part_number, catalogue_id, width, height, depth, measure, size_type, price_cents,
                               price_held_until)
     SELECT q.company_id, q.id, q.number, l.id, l.kind,
            coalesce(l.description, coalesce(l.catalogue_name || ' ', '') || coalesce(l.part_number, '')),
            l.part_number, l.catalogue_id, l.width, l.height, l.depth, l.measure, l.size_type,
            round(l.quoted_price * 100)::bigint,
            coalesce(q.price_held_until, q.valid_until + ${DEFAULT_PRICE_HOLD_DAYS})
       FROM quote_request_lines l JOIN quote_requests q ON q.id = l.quote_request_id
      WHERE q.id = $1 AND l.kind IN ('custom_size', 'unlisted') AND l.line_status = 'quoted'
        AND l.quoted_price IS NOT NULL
     ON CONFLICT (source_line_id) DO NOTHING
     RETURNING id, description, price_cents::text AS price_cents, price_held_until::text AS price_held_until`,
    [quoteId],
  );
  if (rows.length) await insertPriceHistory(db, rows, actorId);
  return rows.map((r) => ({ id: r.id, description: r.description }));
}

async function insertPriceHistory(
  db: Db,
  rows: { id: string; price_cents: string; price_held_until: string }[],
  actorId: string,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO agreed_item_prices (agreed_item_id, price_cents, price_held_until, changed_by)
     SELECT u.id, u.cents, u.held, $4 FROM unnest($1::uuid[], $2::bigint[], $3::date[]) AS u(id, cents, held)`,
    [rows.map((r) => r.id), rows.map((r) => r.price_cents), rows.map((r) => r.price_held_until), actorId],
  );
}

export async function updateAgreedItem(
  db: Db,
  id: string,
  u: { priceCents?: number; heldUntil?: string; withdrawn?: boolean; customerPartNo?: string | null },
  actorId: string,
): Promise<AgreedRow> {
  const row = await queryOne<{ price_cents: string; price_held_until: string; priced: boolean }>(
    db,
    `UPDATE agreed_items SET
        price_cents = coalesce($2::bigint, price_cents),
        price_held_until = coalesce($3::date, price_held_until),
        withdrawn = coalesce($4::boolean, withdrawn),
        customer_part_no = CASE WHEN $5::boolean THEN $6 ELSE customer_part_no END,
        version = version + 1, updated_at = now()
      WHERE id = $1
      RETURNING price_cents::text AS price_cents, price_held_until::text AS price_held_until,
                ($2::bigint IS NOT NULL OR $3::date IS NOT NULL) AS priced`,
    [
      id,
      u.priceCents ?? null,
      u.heldUntil ?? null,
      u.withdrawn ?? null,
      u.customerPartNo !== undefined,
      u.customerPartNo ?? null,
    ],
  );
  if (row!.priced) await insertPriceHistory(db, [{ id, ...row! }], actorId);
  return (await queryOne<AgreedRow>(
    db,
    `SELECT ${AGREED_COLUMNS} FROM agreed_items a JOIN companies c ON c.id = a.company_id WHERE a.id = $1`,
    [id],
  ))!;
}

/** The price history of an agreed item, oldest first. */
export function agreedPriceHistory(
  db: Db,
  id: string,
): Promise<{ price_cents: string; price_held_until: string; changed_at: Date }[]> {
  return queryRows(
    db,
    `SELECT price_cents::text AS price_cents, price_held_until::text AS price_held_until, changed_at
       FROM agreed_item_prices WHERE agreed_item_id = $1 ORDER BY changed_at, id`,
    [id],
  );
}

/** What this company paid per unit on its last order request, per variant and per agreed item. */
export function lastPrices(
  db: Db,
  companyId: string,
  variantIds: string[],
  agreedIds: string[],
): Promise<{ key: string; cents: string }[]> {
  if (!variantIds.length && !agreedIds.length) return Promise.resolve([]);
  return queryRows(
    db,
    `SELECT DISTINCT ON (key) key, cents FROM (
       SELECT coalesce(l.variant_id, l.agreed_item_id)::text AS key, l.unit_price_cents::text AS cents, r.created_at, r.id
         FROM order_request_lines l JOIN order_requests r ON r.id = l.order_request_id
        WHERE r.company_id = $1 AND (l.variant_id = ANY($2::uuid[]) OR l.agreed_item_id = ANY($3::uuid[]))
     ) x ORDER BY key, created_at DESC, id DESC`,
    [companyId, variantIds, agreedIds],
  );
}

/* ------------------------------------------------------------------ reorder sources */

export interface SourceLine {
  kind: OrderLineKind;
  variant_id: string | null;
  agreed_item_id: string | null;
  quantity: number;
}

/** An order request's lines, when the caller may see it (null: unknown or not theirs). */
export async function linesOfOrder(db: Db, caller: Caller, id: string): Promise<SourceLine[] | null> {
  const seen = await queryOne<{ id: string }>(db, `SELECT r.id FROM order_requests r WHERE r.id = $4 AND ${SCOPE}`, [
    ...scopeParams(caller),
    id,
  ]);
  if (!seen) return null;
  return queryRows<SourceLine>(
    db,
    `SELECT kind, variant_id, agreed_item_id, quantity FROM order_request_lines WHERE order_request_id = $1
      ORDER BY position`,
    [id],
  );
}

/**
 * An accepted quote's catalogue lines and the agreed items made from its other lines, when the caller
 * may see the quote. null: unknown or not theirs; 'not_accepted': visible but not accepted.
 */
export async function linesOfQuote(db: Db, caller: Caller, id: string): Promise<SourceLine[] | null | 'not_accepted'> {
  const q = await queryOne<{ status: string }>(
    db,
    `SELECT r.status FROM quote_requests r WHERE r.id = $4 AND ${SCOPE}`,
    [...scopeParams(caller), id],
  );
  if (!q) return null;
  if (q.status !== 'accepted') return 'not_accepted';
  return queryRows<SourceLine>(
    db,
    `SELECT 'catalogue' AS kind, l.variant_id, NULL::uuid AS agreed_item_id, l.quantity, l.position
       FROM quote_request_lines l WHERE l.quote_request_id = $1 AND l.kind = 'catalogue' AND l.variant_id IS NOT NULL
     UNION ALL
     SELECT 'agreed_item', NULL, a.id, l.quantity, l.position
       FROM agreed_items a JOIN quote_request_lines l ON l.id = a.source_line_id WHERE a.source_quote_id = $1
     ORDER BY position`,
    [id],
  );
}

/* ------------------------------------------------------------------ submission */

/** The total of a request, in cents (for the answer to a repeated submission). */
export async function totalCentsOf(db: Db, id: string): Promise<string> {
  const row = await queryOne<{ total_cents: string }>(
    db,
    `SELECT total_cents::text AS total_cents FROM order_requests WHERE id = $1`,
    [id],
  );
  return row!.total_cents;
}

export interface NewOrder {
  companyId: string;
  siteId: string | null;
  userId: string;
  requesterName: string;
  status: OrderStatus;
  poNumber: string | null;
  customerReference: string | null;
  neededBy: string | null;
  note: string | null;
  totalCents: string;
  lineCount: number;
  idempotencyKey: string | null;
}

export async function insertRequest(db: Db, r: NewOrder): Promise<{ id: string; number: string }> {
  return (await queryOne(
    db,
    `INSERT INTO order_requests (company_id, site_id, requested_by, requester_name, status, po_number,
                                 customer_reference, needed_by, note, total_cents, line_count, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id, number`,
    [
      r.companyId,
      r.siteId,
      r.userId,
      r.requesterName,
      r.status,
      r.poNumber,
      r.customerReference,
      r.neededBy,
      r.note,
      r.totalCents,
      r.lineCount,
      r.idempotencyKey,
    ],
  ))!;
}

export interface NewOrderLine {
  kind: OrderLineKind;
  variant_id: string | null;
  agreed_item_id: string | null;
  part_number: string | null;
  description: string;
  quantity: number;
  unit_price_cents: string;
  line_total_cents: string;
}

export async function insertLines(db: Db, requestId: string, lines: NewOrderLine[]): Promise<void> {
  const col = <K extends keyof NewOrderLine>(k: K) => lines.map((l) => l[k]);
  await execute(
    db,
    `INSERT INTO order_request_lines (order_request_id, position, kind, variant_id, agreed_item_id, part_number,
                                      description, quantity, unit_price_cents, line_total_cents)
     SELECT $1, u.ord, u.kind, u.variant_id, u.agreed_item_id, u.part_number, u.description, u.quantity, u.unit, u.total
       FROM unnest($2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[])
            WITH ORDINALITY AS u(kind, variant_id, agreed_item_id, part_number, description, quantity, unit, total, ord)`,
    [
      requestId,
      col('kind'),
      col('variant_id'),
      col('agreed_item_id'),
      col('part_number'),
      col('description'),
      col('quantity'),
      col('unit_price_cents'),
      col('line_total_cents'),
    ],
  );
}

export async function insertHistory(
  db: Db,
  h: {
    requestId: string;
    action: OrderAction;
    from: OrderStatus | null;
    to: OrderStatus;
    actorId: string;
    actorName: string;
    actorRole: string;
    details: Record<string, unknown> | null;
  },
): Promise<void> {
  await execute(
    db,
    `INSERT INTO order_request_history (order_request_id, action, from_status, to_status, actor_id, actor_name,
                                        actor_role, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      h.requestId,
      h.action,
      h.from,
      h.to,
      h.actorId,
      h.actorName,
      h.actorRole,
      h.details ? JSON.stringify(h.details) : null,
    ],
  );
}

/* ------------------------------------------------------------------ reads */

const SUMMARY_COLUMNS = `r.id, r.number, r.status, r.company_id, c.name AS company_name, r.site_id, r.requested_by,
  r.requester_name, r.po_number, r.customer_reference, r.needed_by::text AS needed_by, r.line_count,
  r.total_cents::text AS total_cents, r.version, r.created_at, r.updated_at`;
const SUMMARY_FROM = `order_requests r JOIN companies c ON c.id = r.company_id`;

export interface SummaryRow {
  id: string;
  number: string;
  status: OrderStatus;
  company_id: string;
  company_name: string;
  site_id: string | null;
  requested_by: string | null;
  requester_name: string;
  po_number: string | null;
  customer_reference: string | null;
  needed_by: string | null;
  line_count: number;
  total_cents: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export function toSummary(r: SummaryRow, site: { _id: string; name: string } | null = null): OrderRequestSummary {
  return {
    _id: r.id,
    number: r.number,
    status: r.status,
    company: { _id: r.company_id, name: r.company_name },
    site,
    requested_by: { _id: r.requested_by, name: r.requester_name },
    po_number: r.po_number,
    customer_reference: r.customer_reference,
    needed_by: r.needed_by,
    line_count: r.line_count,
    total: amount(r.total_cents),
    version: r.version,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function listRequests(
  db: Db,
  caller: Caller,
  query: OrderListQuery,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = `${SCOPE}
    AND ($4::text[] IS NULL OR r.status = ANY($4::text[]))
    AND ($5::uuid IS NULL OR r.company_id = $5)
    AND ($6::text IS NULL OR r.number ILIKE $6 ESCAPE '\\' OR r.po_number ILIKE $6 ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM order_request_lines l WHERE l.order_request_id = r.id AND l.part_number ILIKE $6 ESCAPE '\\'))`;
  const params = [
    ...scopeParams(caller),
    query.status ?? null,
    caller.role === 'superadmin' ? (query.companyId ?? null) : null,
    query.q ? `%${escapeLike(query.q)}%` : null,
  ];
  // Without a search, the office's and an admin's totals come from the counters (a trigger keeps
  // them, see migration 1795820000000-order-request-counts); an employee's own requests are few.
  const counted = !query.q && (caller.role === 'superadmin' || (caller.role === 'admin' && !!caller.companyId));
  const countedCompany = caller.role === 'admin' ? caller.companyId : (params[4] as string | null);
  const [rows, total] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $7 OFFSET $8`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
    counted
      ? queryOne<{ n: number }>(
          db,
          `SELECT coalesce(sum(n), 0)::int AS n FROM order_request_counts
            WHERE ($1::uuid IS NULL OR company_id = $1) AND ($2::text[] IS NULL OR status = ANY($2::text[]))`,
          [countedCompany, query.status ?? null],
        )
      : queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM order_requests r WHERE ${where}`, params),
  ]);
  return { rows, total: total!.n };
}

/** Requests per status (the office's desk), from the counters the database keeps. */
export async function countByStatus(db: Db, companyId: string | null): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    `SELECT status, sum(n)::int AS n FROM order_request_counts
      WHERE ($1::uuid IS NULL OR company_id = $1) GROUP BY status HAVING sum(n) > 0`,
    [companyId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface RequestRow extends SummaryRow {
  note: string | null;
  office_ref: string | null;
  ships_on: string | null;
  tracking: string | null;
  decision_reason: string | null;
}

export function findRequest(db: Db, caller: Caller, id: string, lock = false): Promise<RequestRow | null> {
  return queryOne<RequestRow>(
    db,
    `SELECT ${SUMMARY_COLUMNS}, r.note, r.office_ref, r.ships_on::text AS ships_on, r.tracking, r.decision_reason
       FROM ${SUMMARY_FROM} WHERE r.id = $4 AND ${SCOPE}${lock ? ' FOR UPDATE OF r' : ''}`,
    [...scopeParams(caller), id],
  );
}

export async function findLines(db: Db, requestId: string): Promise<OrderLineView[]> {
  const rows = await queryRows<{
    id: string;
    kind: OrderLineKind;
    variant_id: string | null;
    agreed_item_id: string | null;
    part_number: string | null;
    description: string;
    quantity: number;
    unit_price_cents: string;
    line_total_cents: string;
  }>(
    db,
    `SELECT id, kind, variant_id, agreed_item_id, part_number, description, quantity,
            unit_price_cents::text AS unit_price_cents, line_total_cents::text AS line_total_cents
       FROM order_request_lines WHERE order_request_id = $1 ORDER BY position`,
    [requestId],
  );
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    variant_id: r.variant_id,
    agreed_item_id: r.agreed_item_id,
    part_number: r.part_number,
    description: r.description,
    quantity: r.quantity,
    unit_price: amount(r.unit_price_cents),
    line_total: amount(r.line_total_cents),
  }));
}

export async function findHistory(db: Db, requestId: string): Promise<OrderHistoryEntry[]> {
  const rows = await queryRows<{
    action: OrderAction;
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    actor_id: string | null;
    actor_name: string;
    actor_role: string | null;
    details: Record<string, unknown> | null;
    created_at: Date;
  }>(
    db,
    `SELECT action, from_status, to_status, actor_id, actor_name, actor_role, details, created_at
       FROM order_request_history WHERE order_request_id = $1 ORDER BY id`,
    [requestId],
  );
  return rows.map((h) => ({
    action: h.action,
    from: h.from_status,
    to: h.to_status,
    by: { _id: h.actor_id, name: h.actor_name, role: h.actor_role },
    at: new Date(h.created_at).toISOString(),
    details: h.details,
  }));
}

export async function updateStatus(
  db: Db,
  id: string,
  u: {
    status: OrderStatus;
    officeRef?: string | null;
    shipsOn?: string | null;
    tracking?: string | null;
    decisionReason?: string | null;
  },
): Promise<number> {
  const row = await queryOne<{ version: number }>(
    db,
    `UPDATE order_requests SET status = $2,
        office_ref = CASE WHEN $3::boolean THEN $4 ELSE office_ref END,
        ships_on = CASE WHEN $5::boolean THEN $6::date ELSE ships_on END,
        tracking = CASE WHEN $7::boolean THEN $8 ELSE tracking END,
        decision_reason = CASE WHEN $9::boolean THEN $10 ELSE decision_reason END,
        version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING version`,
    [
      id,
      u.status,
      u.officeRef !== undefined,
      u.officeRef ?? null,
      u.shipsOn !== undefined,
      u.shipsOn ?? null,
      u.tracking !== undefined,
      u.tracking ?? null,
      u.decisionReason !== undefined,
      u.decisionReason ?? null,
    ],
  );
  return row!.version;
}

/* ------------------------------------------------------------------ export */

export interface ExportLine {
  number: string;
  created_at: Date;
  status: OrderStatus;
  company_name: string;
  requester_name: string;
  po_number: string | null;
  customer_reference: string | null;
  needed_by: string | null;
  office_ref: string | null;
  total_cents: string;
  position: number;
  kind: OrderLineKind;
  part_number: string | null;
  description: string;
  quantity: number;
  unit_price_cents: string;
  line_total_cents: string;
}

/** Every line of the requests submitted from `from` to `to` (dates in `tz`), oldest first; at most `max`. */
export function exportLines(db: Db, from: string, to: string, tz: string, max: number): Promise<ExportLine[]> {
  return queryRows<ExportLine>(
    db,
    `SELECT r.number, r.created_at, r.status, c.name AS company_name, r.requester_name, r.po_number,
            r.customer_reference, r.needed_by::text AS needed_by, r.office_ref, r.total_cents::text AS total_cents,
            l.position, l.kind, l.part_number, l.description, l.quantity, l.unit_price_cents::text AS unit_price_cents,
            l.line_total_cents::text AS line_total_cents
       FROM order_requests r JOIN companies c ON c.id = r.company_id
       JOIN order_request_lines l ON l.order_request_id = r.id
      WHERE r.created_at >= ($1::date::timestamp AT TIME ZONE $3) AND r.created_at < (($2::date + 1)::timestamp AT TIME ZONE $3)
      ORDER BY r.created_at, r.id, l.position LIMIT $4`,
    [from, to, tz, max],
  );
}
