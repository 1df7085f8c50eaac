/**
 * SQL of quote requests: the request, its lines and its thread. Plain functions over a
 * `Db`, set-based (lines are written and priced in one statement each). Prices are computed with
 * the catalogue's own expression (`customerPriceSql`); the company percentage of each line's
 * category comes from `$pct`, a JSON map product line → percentage chosen in TypeScript by
 * `percentageForProductLine` (key '' = the general discount), so the product-line rule lives once.
 */
import type {
  QuoteLineKind,
  QuoteLineView,
  QuoteMessageView,
  QuoteRequestSummary,
  QuoteStatus,
} from '@portal/contracts';
import type { CompanyPercentages, QuoteListQuery } from '@portal/domain';
import {
  customerPriceSql,
  execute,
  QUOTE_CHANGE_TARGET_COLUMNS,
  queryOne,
  queryRows,
  type Db,
  type QuoteChangeTarget,
} from '@portal/db';

/** The company percentage of category `k`, from the JSON map parameter `$n`. */
const pctOf = (n: number) => `($${n}::jsonb ->> coalesce(k.product_line, ''))::numeric`;

/** Who may see which request: the SQL predicate for a caller ($1 user id, $2 role, $3 company id). */
const SCOPE = `(
  $2::text = 'superadmin'
  OR ($2::text = 'admin' AND q.company_id = $3::uuid)
  OR ($2::text = 'employee' AND q.requested_by = $1::uuid))`;

export interface Caller {
  id: string;
  role: string;
  companyId: string | null;
}
const scopeParams = (c: Caller) => [c.id, c.role, c.companyId];

/* ------------------------------------------------------------------ submission */

export function findCompanyPercentages(
  db: Db,
  companyId: string,
): Promise<(CompanyPercentages & { name: string }) | null> {
  return queryOne(
    db,
    `SELECT name, discount_percentage::text AS discount_percentage, rigidflow_percentage::text AS rigidflow_percentage,
            minipro_percentage::text AS minipro_percentage, polyroll_percentage::text AS polyroll_percentage
       FROM companies WHERE id = $1`,
    [companyId],
  );
}

export interface VariantForLine {
  id: string;
  part_number: string;
  size: string;
  product_name: string;
  catalogue_id: string;
  catalogue_name: string;
  price: string;
}

/** Variants by id with the company's price today. $1 ids, $2 percentage map. */
export function findVariants(db: Db, ids: string[], pct: Record<string, string>): Promise<VariantForLine[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<VariantForLine>(
    db,
    `SELECT v.id, v.part_number, v.size, p.name AS product_name,
            coalesce(p.subcategory_id, p.category_id) AS catalogue_id, coalesce(s.name, k.name) AS catalogue_name,
            ${customerPriceSql(pctOf(2))}::text AS price
       FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
       LEFT JOIN subcategories s ON s.id = p.subcategory_id
      WHERE v.id = ANY($1::uuid[])`,
    [ids, JSON.stringify(pct)],
  );
}

/**
 * Standard variants by part number (case-insensitive), priced for the company — as the catalogue's
 * part-number look-up shows them (odd-size variants appear only in an odd-size search).
 * $1 lower-cased numbers, $2 map.
 */
export function findVariantsByPartNumber(
  db: Db,
  partNumbers: string[],
  pct: Record<string, string>,
): Promise<(VariantForLine & { key: string })[]> {
  if (!partNumbers.length) return Promise.resolve([]);
  return queryRows(
    db,
    `SELECT lower(v.part_number) AS key, v.id, v.part_number, v.size, p.name AS product_name,
            coalesce(p.subcategory_id, p.category_id) AS catalogue_id, coalesce(s.name, k.name) AS catalogue_name,
            ${customerPriceSql(pctOf(2))}::text AS price
       FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
       LEFT JOIN subcategories s ON s.id = p.subcategory_id
      WHERE lower(v.part_number) = ANY($1::text[]) AND NOT v.odd_size`,
    [partNumbers, JSON.stringify(pct)],
  );
}

/** Category or sub-category names by id ("Rigid Flow › Deep"). */
export function findCatalogueNodes(db: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return queryRows(
    db,
    `SELECT k.id, k.name FROM categories k WHERE k.id = ANY($1::uuid[])
     UNION ALL
     SELECT s.id, k.name || ' › ' || s.name FROM subcategories s JOIN categories k ON k.id = s.category_id
      WHERE s.id = ANY($1::uuid[])`,
    [ids],
  );
}

/** Serialises one user's submissions until the transaction ends. */
export interface NewRequest {
  companyId: string;
  userId: string;
  requesterName: string;
  note: string | null;
  customerReference: string | null;
  neededBy: string | null;
  madeToOrder: boolean;
  idempotencyKey: string | null;
  lineCount: number;
}

export function insertRequest(
  db: Db,
  r: NewRequest,
): Promise<{ id: string; number: string; status: QuoteStatus } | null> {
  return queryOne(
    db,
    `INSERT INTO quote_requests (company_id, requested_by, requester_name, note, customer_reference, needed_by,
                                 made_to_order, idempotency_key, line_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id, number, status`,
    [
      r.companyId,
      r.userId,
      r.requesterName,
      r.note,
      r.customerReference,
      r.neededBy,
      r.madeToOrder,
      r.idempotencyKey,
      r.lineCount,
    ],
  );
}

export interface NewLine {
  kind: QuoteLineKind;
  variant_id: string | null;
  part_number: string | null;
  description: string | null;
  catalogue_id: string | null;
  catalogue_name: string | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  measure: string | null;
  size_type: string | null;
  quantity: number;
  snapshot_price: string | null;
}

/** All lines of a request in one statement; positions follow the array order. */
export async function insertLines(db: Db, requestId: string, lines: NewLine[]): Promise<void> {
  const col = <K extends keyof NewLine>(k: K) => lines.map((l) => l[k]);
  await execute(
    db,
    `INSERT INTO quote_request_lines (quote_request_id, position, kind, variant_id, part_number, description, catalogue_id,
                                      catalogue_name, width, height, depth, measure, size_type, quantity, snapshot_price)
     SELECT $1, u.ord, u.kind, u.variant_id, u.part_number, u.description, u.catalogue_id, u.catalogue_name, u.width,
            u.height, u.depth, u.measure, u.size_type, u.quantity, u.snapshot_price
       FROM unnest($2::text[], $3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::text[], $8::numeric[], $9::numeric[],
                   $10::numeric[], $11::text[], $12::text[], $13::int[], $14::numeric[])
            WITH ORDINALITY AS u(kind, variant_id, part_number, description, catalogue_id, catalogue_name, width, height,
                                 depth, measure, size_type, quantity, snapshot_price, ord)`,
    [
      requestId,
      col('kind'),
      col('variant_id'),
      col('part_number'),
      col('description'),
      col('catalogue_id'),
      col('catalogue_name'),
      col('width'),
      col('height'),
      col('depth'),
      col('measure'),
      col('size_type'),
      col('quantity'),
      col('snapshot_price'),
    ],
  );
}

/* ------------------------------------------------------------------ reads */

const SUMMARY_COLUMNS = `${QUOTE_CHANGE_TARGET_COLUMNS},
  q.assignee_id, a.username AS assignee_name, q.line_count, q.customer_reference, q.valid_until::text AS valid_until,
  q.revision, q.created_at, q.updated_at`;

const SUMMARY_FROM = `
  quote_requests q JOIN companies c ON c.id = q.company_id LEFT JOIN users a ON a.id = q.assignee_id`;

export interface SummaryRow extends QuoteChangeTarget {
  assignee_id: string | null;
  assignee_name: string | null;
  line_count: number;
  customer_reference: string | null;
  valid_until: string | null;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

export function toSummary(r: SummaryRow): QuoteRequestSummary {
  return {
    _id: r.id,
    number: r.number,
    status: r.status,
    company: { _id: r.company_id, name: r.company_name },
    requested_by: { _id: r.requested_by, name: r.requester_name },
    assignee: r.assignee_id ? { _id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    line_count: r.line_count,
    customer_reference: r.customer_reference,
    valid_until: r.valid_until,
    revision: r.revision,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** One page of the requests the caller may see, newest first, with the total. */
export async function listRequests(
  db: Db,
  caller: Caller,
  query: QuoteListQuery,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const where = `${SCOPE}
    AND ($4::text[] IS NULL OR q.status = ANY($4::text[]))
    AND ($5::uuid IS NULL OR q.company_id = $5)
    AND ($6::text IS NULL OR ($6 = 'me' AND q.assignee_id = $1::uuid) OR ($6 = 'none' AND q.assignee_id IS NULL))`;
  const params = [
    ...scopeParams(caller),
    query.status ?? null,
    caller.role === 'superadmin' ? (query.companyId ?? null) : null,
    caller.role === 'superadmin' ? (query.assignee ?? null) : null,
  ];
  const [rows, total] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE ${where}
        ORDER BY q.created_at DESC, q.id DESC LIMIT $7 OFFSET $8`,
      [...params, query.limit, (query.page - 1) * query.limit],
    ),
    queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM quote_requests q WHERE ${where}`, params),
  ]);
  return { rows, total: total!.n };
}

/** Requests per status (the desk's counters); superadmins only. $1 optional company. */
export async function countByStatus(db: Db, companyId: string | null): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    `SELECT status, count(*)::int AS n FROM quote_requests WHERE ($1::uuid IS NULL OR company_id = $1) GROUP BY status`,
    [companyId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export interface RequestRow extends SummaryRow {
  note: string | null;
  needed_by: string | null;
  expires_at: Date | null;
  made_to_order: boolean;
  decision_reason: string | null;
  version: number;
}

const REQUEST_COLUMNS = `${SUMMARY_COLUMNS}, q.note, q.needed_by::text AS needed_by, q.expires_at, q.made_to_order,
  q.decision_reason, q.version`;

/** One request the caller may see (null: unknown or not theirs). `lock` takes the row for update. */
export function findRequest(db: Db, caller: Caller, id: string, lock = false): Promise<RequestRow | null> {
  return queryOne<RequestRow>(
    db,
    `SELECT ${REQUEST_COLUMNS} FROM ${SUMMARY_FROM} WHERE q.id = $4 AND ${SCOPE}${lock ? ' FOR UPDATE OF q' : ''}`,
    [...scopeParams(caller), id],
  );
}

interface LineRow extends Omit<QuoteLineView, '_id'> {
  id: string;
}

/**
 * The request's lines in position order. `office` adds, for superadmins, today's company price of a
 * catalogue line and the three closest standard variants of a custom size's category (the depth
 * nearest the one asked for first, then by nominal width and height: a 3″ request is not offered 1″
 * parts while the family has deeper ones), both priced for the request's company. $2 percentage map.
 */
export async function findLines(
  db: Db,
  requestId: string,
  office: { pct: Record<string, string> } | null,
): Promise<QuoteLineView[]> {
  const extra = office
    ? `, (SELECT ${customerPriceSql(pctOf(2))}::float8
            FROM variants v JOIN products p ON p.id = v.product_id JOIN categories k ON k.id = p.category_id
           WHERE v.id = l.variant_id) AS today_price,
         CASE WHEN l.kind = 'custom_size' THEN coalesce((
           SELECT json_agg(json_build_object('_id', n.id, 'part_number', n.part_number, 'size', n.size,
                                             'depth', n.depth, 'customer_price', n.price) ORDER BY n.depth_gap, n.dist)
             FROM (SELECT v.id, v.part_number, v.size, v.depth::float8 AS depth, ${customerPriceSql(pctOf(2))}::float8 AS price,
                          abs(coalesce(v.depth, l.depth) - l.depth) AS depth_gap,
                          abs(v.nominal_width - l.width) + abs(v.nominal_height - l.height) AS dist
                     FROM products p JOIN categories k ON k.id = p.category_id JOIN variants v ON v.product_id = p.id
                    WHERE (p.category_id = l.catalogue_id OR p.subcategory_id = l.catalogue_id)
                      AND NOT v.odd_size AND v.nominal_width IS NOT NULL
                    ORDER BY depth_gap, dist, v.part_number LIMIT 3) n), '[]'::json) END AS nearest_variants`
    : '';
  const rows = await queryRows<LineRow>(
    db,
    `SELECT l.id, l.position, l.kind, l.variant_id, l.part_number, l.description, l.catalogue_id, l.catalogue_name,
            l.width::float8 AS width, l.height::float8 AS height, l.depth::float8 AS depth, l.measure, l.size_type,
            l.quantity, l.snapshot_price::float8 AS snapshot_price, l.quoted_price::float8 AS quoted_price,
            l.lead_time_days, l.line_status, l.line_note${extra}
       FROM quote_request_lines l WHERE l.quote_request_id = $1 ORDER BY l.position`,
    office ? [requestId, JSON.stringify(office.pct)] : [requestId],
  );
  return rows.map(({ id, ...rest }) => {
    const line: QuoteLineView = { _id: id, ...rest };
    if (office && line.kind !== 'custom_size') delete line.nearest_variants;
    return line;
  });
}

export async function findMessages(db: Db, requestId: string): Promise<QuoteMessageView[]> {
  const rows = await queryRows<{
    id: string;
    kind: QuoteMessageView['kind'];
    body: string;
    author_id: string | null;
    author_name: string;
    author_role: string | null;
    created_at: Date;
  }>(
    db,
    `SELECT id, kind, body, author_id, author_name, author_role, created_at
       FROM quote_request_messages WHERE quote_request_id = $1 ORDER BY created_at, id`,
    [requestId],
  );
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    body: r.body,
    author: { _id: r.author_id, name: r.author_name, role: r.author_role },
    created_at: new Date(r.created_at).toISOString(),
  }));
}

/** Whether the current time is past the quote's end of validity. */
export async function isPast(db: Db, at: Date): Promise<boolean> {
  const row = await queryOne<{ past: boolean }>(db, `SELECT now() >= $1::timestamptz AS past`, [at]);
  return row!.past;
}

/* ------------------------------------------------------------------ writes */

export interface StatusUpdate {
  status: QuoteStatus;
  assigneeId?: string | null;
  validUntil?: string | null;
  /** Recompute expires_at from valid_until in this time zone (send-quote); null clears it. */
  expiryTz?: string | null;
  revisionBump?: boolean;
  decisionReason?: string | null;
  quoted?: boolean;
  decided?: boolean;
}

/** Moves the request on and bumps its version; returns the new version. */
export async function updateRequest(
  db: Db,
  id: string,
  u: StatusUpdate,
): Promise<{ version: number; revision: number }> {
  const row = await queryOne<{ version: number; revision: number }>(
    db,
    `UPDATE quote_requests SET
        status = $2,
        assignee_id = CASE WHEN $3::boolean THEN $4::uuid ELSE assignee_id END,
        valid_until = CASE WHEN $5::boolean THEN $6::date ELSE valid_until END,
        expires_at = CASE WHEN $5::boolean THEN (($6::date + 1)::timestamp AT TIME ZONE $7::text) ELSE expires_at END,
        revision = revision + CASE WHEN $8::boolean THEN 1 ELSE 0 END,
        decision_reason = CASE WHEN $9::boolean THEN $10 ELSE decision_reason END,
        quoted_at = CASE WHEN $11::boolean THEN now() ELSE quoted_at END,
        decided_at = CASE WHEN $12::boolean THEN now() ELSE decided_at END,
        version = version + 1,
        updated_at = now()
      WHERE id = $1
      RETURNING version, revision`,
    [
      id,
      u.status,
      u.assigneeId !== undefined,
      u.assigneeId ?? null,
      u.validUntil !== undefined,
      u.validUntil ?? null,
      u.expiryTz ?? 'UTC',
      Boolean(u.revisionBump),
      u.decisionReason !== undefined,
      u.decisionReason ?? null,
      Boolean(u.quoted),
      Boolean(u.decided),
    ],
  );
  return row!;
}

export interface LineAnswer {
  id: string;
  line_status: 'quoted' | 'cannot_quote';
  quoted_cents: number | null;
  lead_time_days: number | null;
  line_note: string | null;
}

/** The office's answer for every line, in one statement. */
export async function answerLines(db: Db, requestId: string, answers: LineAnswer[]): Promise<number> {
  return execute(
    db,
    `UPDATE quote_request_lines l SET line_status = u.line_status, quoted_price = u.cents / 100.0,
            lead_time_days = u.lead, line_note = u.note
       FROM unnest($2::uuid[], $3::text[], $4::bigint[], $5::int[], $6::text[]) AS u(id, line_status, cents, lead, note)
      WHERE l.id = u.id AND l.quote_request_id = $1`,
    [
      requestId,
      answers.map((a) => a.id),
      answers.map((a) => a.line_status),
      answers.map((a) => (a.line_status === 'quoted' ? a.quoted_cents : null)),
      answers.map((a) => a.lead_time_days),
      answers.map((a) => a.line_note),
    ],
  );
}

export async function lineIds(db: Db, requestId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, `SELECT id FROM quote_request_lines WHERE quote_request_id = $1`, [
    requestId,
  ]);
  return rows.map((r) => r.id);
}

export async function insertMessage(
  db: Db,
  m: {
    requestId: string;
    kind: QuoteMessageView['kind'];
    authorId: string;
    authorName: string;
    authorRole: string;
    body: string;
  },
): Promise<void> {
  await execute(
    db,
    `INSERT INTO quote_request_messages (quote_request_id, kind, author_id, author_name, author_role, body)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [m.requestId, m.kind, m.authorId, m.authorName, m.authorRole, m.body],
  );
}

/** A thread message moves `updated_at` (lists re-sort, screens refetch) but not the version. */
export async function touch(db: Db, id: string): Promise<void> {
  await execute(db, `UPDATE quote_requests SET updated_at = now() WHERE id = $1`, [id]);
}

/** How long the agreed prices of the quote's lines hold once accepted (null: validity + 365 days). */
export async function setPriceHeldUntil(db: Db, id: string, date: string | null): Promise<void> {
  await execute(db, `UPDATE quote_requests SET price_held_until = $2::date WHERE id = $1`, [id, date]);
}
