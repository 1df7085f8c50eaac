import { escapeLike, execute, queryOne, queryRows, type Db } from '@portal/db';
import { AUDIT_ACTIONS, type AuditAction } from '@portal/contracts';
import type { ActivityKind, EmailStatus, OpsEmailQuery } from '@portal/domain';

/* Operations dashboard: every statement of the ops module. Plain rows, set-based. */

/** A socket counts as online while its process heartbeats it (every 20 s): gone after this. */
export const ONLINE_WINDOW_S = 60;
/** A worker that has not beaten for this long is stale. */
export const WORKER_STALE_S = 30;

export async function socketJoined(
  db: Db,
  s: { socketId: string; userId: string; role: string; companyId: string | null },
): Promise<void> {
  await execute(
    db,
    `INSERT INTO socket_presence (socket_id, user_id, role, company_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (socket_id) DO UPDATE SET last_seen = now()`,
    [s.socketId, s.userId, s.role, s.companyId],
  );
}

export async function socketsLeft(db: Db, socketIds: string[]): Promise<void> {
  if (socketIds.length) await execute(db, `DELETE FROM socket_presence WHERE socket_id = ANY($1::text[])`, [socketIds]);
}

/** This process's sockets are alive; rows of sockets nobody heartbeats any more are removed. */
export async function heartbeatSockets(db: Db, socketIds: string[]): Promise<void> {
  if (socketIds.length)
    await execute(db, `UPDATE socket_presence SET last_seen = now() WHERE socket_id = ANY($1::text[])`, [socketIds]);
  await execute(db, `DELETE FROM socket_presence WHERE last_seen < now() - interval '10 minutes'`);
}

export interface OnlineRow {
  user_id: string;
  username: string;
  role: string;
  company_id: string | null;
  company_name: string | null;
  since: Date;
  last_seen: Date;
}

export function onlineUsers(db: Db): Promise<OnlineRow[]> {
  return queryRows(
    db,
    `SELECT p.user_id, u.username, u.role, u.company_id, c.name AS company_name, p.since, p.last_seen
       FROM (SELECT user_id, min(since) AS since, max(last_seen) AS last_seen FROM socket_presence
              WHERE last_seen > now() - make_interval(secs => $1) GROUP BY user_id) p
       JOIN users u ON u.id = p.user_id LEFT JOIN companies c ON c.id = u.company_id
      ORDER BY p.since DESC, p.user_id`,
    [ONLINE_WINDOW_S],
  );
}

export interface SummaryRow {
  online_superadmin: number;
  online_admin: number;
  online_employee: number;
  outbox_pending: number;
  outbox_oldest_s: number | null;
  email_sent: number;
  email_deferred: number;
  email_failed: number;
  email_bounced: number;
  email_suppressed: number;
  email_complained: number;
  failing_count: number;
  failing_since: Date | null;
  failing_diagnostic: string | null;
  failing_code: number | null;
  jobs_failed_hour: number;
  activity_marker: string | null;
}

/** Everything the summary counts, in one round trip (each part on its own index). */
export async function summaryCounts(db: Db): Promise<SummaryRow> {
  const row = await queryOne<SummaryRow>(
    db,
    `WITH online AS (
       SELECT DISTINCT user_id, role FROM socket_presence WHERE last_seen > now() - make_interval(secs => $1)
     ), email AS (
       SELECT status, count(*)::int AS n FROM sent_emails WHERE updated_at > now() - interval '24 hours' GROUP BY status
     ), failing AS (
       -- Messages the system cannot deliver (deferred, or failed without the recipient refusing them).
       SELECT s.updated_at, s.diagnostic, s.smtp_code FROM sent_emails s
        WHERE s.status IN ('deferred', 'failed') AND s.updated_at > now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM email_events e WHERE e.event_id = s.event_id AND e.recipient = s.recipient)
     ), last_failing AS (
       SELECT diagnostic, smtp_code FROM failing ORDER BY updated_at DESC LIMIT 1
     )
     SELECT (SELECT count(*) FROM online WHERE role = 'superadmin')::int AS online_superadmin,
            (SELECT count(*) FROM online WHERE role = 'admin')::int AS online_admin,
            (SELECT count(*) FROM online WHERE role = 'employee')::int AS online_employee,
            (SELECT count(*) FROM outbox WHERE relayed_at IS NULL)::int AS outbox_pending,
            (SELECT extract(epoch FROM now() - min(created_at))::int FROM outbox WHERE relayed_at IS NULL) AS outbox_oldest_s,
            COALESCE((SELECT n FROM email WHERE status = 'sent'), 0) AS email_sent,
            COALESCE((SELECT n FROM email WHERE status = 'deferred'), 0) AS email_deferred,
            COALESCE((SELECT n FROM email WHERE status = 'failed'), 0) AS email_failed,
            COALESCE((SELECT n FROM email WHERE status = 'bounced'), 0) AS email_bounced,
            COALESCE((SELECT n FROM email WHERE status = 'suppressed'), 0) AS email_suppressed,
            COALESCE((SELECT n FROM email WHERE status = 'complained'), 0) AS email_complained,
            (SELECT count(*)::int FROM failing) AS failing_count,
            (SELECT min(updated_at) FROM failing) AS failing_since,
            (SELECT diagnostic FROM last_failing) AS failing_diagnostic,
            (SELECT smtp_code FROM last_failing) AS failing_code,
            (SELECT count(*)::int FROM job_failures WHERE created_at > now() - interval '1 hour') AS jobs_failed_hour,
            concat_ws('|', (SELECT max(created_at)::text FROM audit_log),
                           (SELECT max(updated_at)::text FROM sent_emails),
                           (SELECT max(created_at)::text FROM job_failures)) AS activity_marker`,
    [ONLINE_WINDOW_S],
  );
  return row!;
}

export interface WorkerRow {
  id: string;
  hostname: string;
  pid: number;
  last_beat: Date;
  stopped_at: Date | null;
  stale: boolean;
}

/** Workers seen in the last day (a cleanly stopped one is listed until another takes over). */
export function workerRows(db: Db): Promise<WorkerRow[]> {
  return queryRows(
    db,
    `SELECT id, hostname, pid, last_beat, stopped_at, (last_beat < now() - make_interval(secs => $1)) AS stale
       FROM worker_heartbeats WHERE last_beat > now() - interval '1 day' ORDER BY last_beat DESC LIMIT 50`,
    [WORKER_STALE_S],
  );
}

/**
 * The quote-request and search tiles: each is a statement returning ONE row of named counts; the
 * summary carries it as
 * `quotes` / `search`. `everyMs`: recomputed at most this often (the summary itself runs every second
 * while watched, once per process for every viewer).
 */
export interface SummaryPart {
  key: 'quotes' | 'search';
  sql: string;
  everyMs?: number;
}
export const SUMMARY_PARTS: SummaryPart[] = [
  // Open requests per status (a handful of rows through quote_requests_status_idx) and how long the
  // oldest one the office still has to act on (submitted / in review) has waited.
  {
    key: 'quotes',
    sql: `SELECT count(*) FILTER (WHERE status = 'submitted')::int AS submitted,
                 count(*) FILTER (WHERE status = 'in_review')::int AS in_review,
                 count(*) FILTER (WHERE status = 'info_requested')::int AS info_requested,
                 count(*) FILTER (WHERE status = 'quoted')::int AS quoted,
                 extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('submitted', 'in_review')))::int
                   AS oldest_waiting_s
            FROM quote_requests WHERE status IN ('submitted', 'in_review', 'info_requested', 'quoted')`,
  },
  // Searches and zero-result searches over 24 h: two index-only range counts (search_log_at_idx and the
  // partial search_log_zero_idx), at most every OPS_SEARCH_TILE_MS (set in OpsMonitor).
  {
    key: 'search',
    sql: `SELECT (SELECT count(*) FROM search_log WHERE at > now() - interval '24 hours')::int AS searches,
                 (SELECT count(*) FROM search_log WHERE results = 0 AND at > now() - interval '24 hours')::int
                   AS zero_results`,
  },
];

/** The tiles due, each as its one row of counts. */
export async function summaryParts(
  db: Db,
  parts: SummaryPart[],
): Promise<Partial<Record<SummaryPart['key'], Record<string, number | null>>>> {
  const out: Partial<Record<SummaryPart['key'], Record<string, number | null>>> = {};
  for (const p of parts) out[p.key] = (await queryOne<Record<string, number | null>>(db, p.sql)) ?? {};
  return out;
}

/* ---- activity ---- */

export interface ActivityRow {
  id: string;
  kind: ActivityKind;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  company_id: string | null;
  company_name: string | null;
  entity_id: string | null;
  detail: Record<string, unknown> | null;
}

/**
 * One source of the activity feed: a SELECT giving ActivityRow columns for rows older than $1,
 * of company $2 (null: any), newest first, at most $3.
 */
export interface ActivitySource {
  kind: ActivityKind;
  sql: string;
  /** The newest row it can show (an index-only lookup): the feed is read again only when one moved. */
  marker: string;
}

/** The audit actions of one area of the record (`pricelist` → every `pricelist.*`). */
export const actionsOf = (area: string): AuditAction[] =>
  (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => a.startsWith(`${area}.`));

/** The quote audit actions the feed shows (thread messages are not activity of their own). */
export const QUOTE_ACTIVITY_ACTIONS = actionsOf('quote_request').filter((a) => a !== 'quote_request.message_added');

/** `a.action IN (…)`: names from the record, never input, so written as literals (the index's equality). */
const actionIn = (actions: readonly AuditAction[]) => `a.action IN (${actions.map((a) => `'${a}'`).join(', ')})`;

const auditSource = (kind: ActivityKind, where: string): ActivitySource => ({
  kind,
  sql: `SELECT a.id::text AS id, '${kind}'::text AS kind, a.created_at AS at, a.actor_id, a.actor_username AS actor_name,
               a.company_id, c.name AS company_name, a.entity_id, COALESCE(a.after, a.before) AS detail
          FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id
         WHERE ${where} AND a.created_at < $1 AND ($2::uuid IS NULL OR a.company_id = $2)
         ORDER BY a.created_at DESC LIMIT $3`,
  marker: `SELECT max(created_at) FROM audit_log`,
});

export const ACTIVITY_SOURCES: ActivitySource[] = [
  auditSource('signin', actionIn(['auth.login'])),
  auditSource('signin_failed', actionIn(['auth.login_failed'])),
  auditSource('pricelist', actionIn(actionsOf('pricelist'))),
  auditSource('import', `a.entity = 'catalogue_import'`),
  {
    kind: 'bounce',
    sql: `SELECT s.event_id::text || ':' || s.recipient AS id, 'bounce'::text AS kind, s.updated_at AS at,
                 u.id AS actor_id, u.username AS actor_name, u.company_id, c.name AS company_name, u.id::text AS entity_id,
                 jsonb_build_object('recipient', s.recipient, 'template', s.template, 'status', s.status,
                   'smtp_code', s.smtp_code, 'enhanced_status', s.enhanced_status, 'diagnostic', s.diagnostic) AS detail
            FROM sent_emails s LEFT JOIN users u ON u.email = s.recipient LEFT JOIN companies c ON c.id = u.company_id
           WHERE s.status IN ('failed', 'bounced', 'complained') AND s.updated_at < $1
             AND ($2::uuid IS NULL OR u.company_id = $2)
           ORDER BY s.updated_at DESC LIMIT $3`,
    marker: `SELECT max(updated_at) FROM sent_emails`,
  },
  {
    kind: 'job_failed',
    sql: `SELECT j.id::text AS id, 'job_failed'::text AS kind, j.created_at AS at, NULL::uuid AS actor_id,
                 NULL::text AS actor_name, NULL::uuid AS company_id, NULL::text AS company_name, j.job_id AS entity_id,
                 jsonb_build_object('queue', j.queue, 'name', j.name, 'reason', j.reason, 'attempts', j.attempts) AS detail
            FROM job_failures j WHERE j.created_at < $1 AND $2::uuid IS NULL
           ORDER BY j.created_at DESC LIMIT $3`,
    marker: `SELECT max(created_at) FROM job_failures`,
  },
  // Quote requests: what moved a request, from their audit entries (written by quoteChange).
  {
    kind: 'quote',
    sql: `SELECT a.id::text AS id, 'quote'::text AS kind, a.created_at AS at, a.actor_id, a.actor_username AS actor_name,
                 a.company_id, c.name AS company_name, a.entity_id,
                 jsonb_build_object('action', substr(a.action, length('quote_request.') + 1), 'number', q.number) AS detail
            FROM audit_log a LEFT JOIN companies c ON c.id = a.company_id
            LEFT JOIN quote_requests q ON q.id::text = a.entity_id
           WHERE ${actionIn(QUOTE_ACTIVITY_ACTIONS)}
             AND a.created_at < $1 AND ($2::uuid IS NULL OR a.company_id = $2)
           ORDER BY a.created_at DESC LIMIT $3`,
    marker: `SELECT max(created_at) FROM audit_log`,
  },
  // Searches that found nothing, through the partial index search_log_zero_idx.
  {
    kind: 'search_zero',
    sql: `SELECT s.id::text AS id, 'search_zero'::text AS kind, s.at, s.user_id AS actor_id, u.username AS actor_name,
                 s.company_id, c.name AS company_name, NULL::text AS entity_id,
                 jsonb_build_object('term', COALESCE(s.raw, concat_ws(' × ', s.width, s.height, s.depth)),
                   'search', s.kind) AS detail
            FROM search_log s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = s.company_id
           WHERE s.results = 0 AND s.at < $1 AND ($2::uuid IS NULL OR s.company_id = $2)
           ORDER BY s.at DESC LIMIT $3`,
    marker: `SELECT max(at) FROM search_log WHERE results = 0`,
  },
];

/** The newest row of every source, in one round trip: what the feed's first page depends on. */
export async function activityMarker(db: Db, sources: ActivitySource[]): Promise<string> {
  const markers = [...new Set(sources.map((s) => s.marker))];
  if (!markers.length) return '';
  const row = await queryOne<{ marker: string | null }>(
    db,
    `SELECT concat_ws('|', ${markers.map((m) => `(${m})::text`).join(', ')}) AS marker`,
  );
  return row?.marker ?? '';
}

export async function activity(
  db: Db,
  sources: ActivitySource[],
  q: { before: Date; companyId: string | null; limit: number },
): Promise<ActivityRow[]> {
  if (!sources.length) return [];
  return queryRows(
    db,
    `SELECT * FROM (${sources.map((s) => `(${s.sql})`).join(' UNION ALL ')}) x ORDER BY at DESC, id DESC LIMIT $3`,
    [q.before, q.companyId, q.limit],
  );
}

/* ---- usage ---- */

export interface UsageRow {
  company_id: string;
  name: string;
  status: boolean;
  users: number;
  active_7d: number;
  active_30d: number;
  signins: number;
  pricelists: number;
  searches: number;
  zero_results: number;
  quote_requests: number;
  last_activity: Date | null;
  daily: number[];
}

/**
 * Per company: users active in the last 7/30 days (by their last sign-in), sign-ins, price lists,
 * searches (and those with no result) and quote requests from `fromDay` to `toDay` (UTC days,
 * inclusive), the last sign-in, and sign-ins per day over the 90 days up to `toDay` — all from
 * `ops_company_daily` (kept by triggers on audit_log and search_log), never from those hot tables.
 * `dormantDays`: only companies nobody signed in to for that long.
 */
export function usage(db: Db, q: { fromDay: string; toDay: string; dormantDays: number | null }): Promise<UsageRow[]> {
  return queryRows(
    db,
    `WITH u AS (
       SELECT company_id, count(*)::int AS users,
              count(*) FILTER (WHERE current_login > now() - interval '7 days')::int AS active_7d,
              count(*) FILTER (WHERE current_login > now() - interval '30 days')::int AS active_30d,
              max(current_login) AS last_activity
         FROM users WHERE company_id IS NOT NULL GROUP BY company_id
     ), d AS (
       SELECT company_id, day, signins, pricelists, searches, zero_results, quote_requests FROM ops_company_daily
        WHERE day >= LEAST($1::date, $2::date - 90)
          AND day <= $2::date
     ), a AS (
       SELECT company_id, sum(signins)::int AS signins, sum(pricelists)::int AS pricelists,
              sum(searches)::int AS searches, sum(zero_results)::int AS zero_results,
              sum(quote_requests)::int AS quote_requests FROM d
        WHERE day >= $1::date GROUP BY company_id
     )
     SELECT c.id AS company_id, c.name, c.status, COALESCE(u.users, 0) AS users, COALESCE(u.active_7d, 0) AS active_7d,
            COALESCE(u.active_30d, 0) AS active_30d, COALESCE(a.signins, 0) AS signins,
            COALESCE(a.pricelists, 0) AS pricelists, COALESCE(a.searches, 0) AS searches,
            COALESCE(a.zero_results, 0) AS zero_results, COALESCE(a.quote_requests, 0) AS quote_requests, u.last_activity,
            ARRAY(SELECT COALESCE(d.signins, 0)
                    FROM generate_series($2::date - 89,
                                         $2::date, interval '1 day') g
                    LEFT JOIN d ON d.company_id = c.id AND d.day = g::date
                   ORDER BY g) AS daily
       FROM companies c LEFT JOIN u ON u.company_id = c.id LEFT JOIN a ON a.company_id = c.id
      WHERE $3::int IS NULL OR u.last_activity IS NULL OR u.last_activity < now() - make_interval(days => $3::int)
      ORDER BY COALESCE(a.signins, 0) DESC, c.name, c.id`,
    [q.fromDay, q.toDay, q.dormantDays],
  );
}

/* ---- email ---- */

export interface EmailRow {
  event_id: string;
  recipient: string;
  template: string;
  status: EmailStatus;
  smtp_code: number | null;
  enhanced_status: string | null;
  diagnostic: string | null;
  attempts: number;
  sent_at: Date;
  updated_at: Date;
  total: string;
}

export const EMAIL_PAGE_SIZE = 50;

export function emailPage(db: Db, q: OpsEmailQuery): Promise<EmailRow[]> {
  return queryRows(
    db,
    `SELECT event_id, recipient, template, status, smtp_code, enhanced_status, diagnostic, attempts, sent_at, updated_at,
            count(*) OVER () AS total
       FROM sent_emails
      WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR recipient LIKE $2)
      ORDER BY updated_at DESC, event_id, recipient LIMIT $3 OFFSET $4`,
    [
      q.status ?? null,
      q.q ? `%${escapeLike(q.q.toLowerCase())}%` : null,
      EMAIL_PAGE_SIZE,
      (q.page - 1) * EMAIL_PAGE_SIZE,
    ],
  );
}

export interface SuppressionRow {
  address: string;
  reason: string;
  smtp_code: number | null;
  enhanced_status: string | null;
  diagnostic: string | null;
  created_at: Date;
  user_id: string | null;
  username: string | null;
  company_id: string | null;
  company_name: string | null;
}

export function suppressions(db: Db): Promise<SuppressionRow[]> {
  return queryRows(
    db,
    `SELECT s.address, s.reason, s.smtp_code, s.enhanced_status, s.diagnostic, s.created_at,
            u.id AS user_id, u.username, u.company_id, c.name AS company_name
       FROM email_suppressions s LEFT JOIN users u ON u.email = s.address LEFT JOIN companies c ON c.id = u.company_id
      ORDER BY s.created_at DESC LIMIT 500`,
  );
}

/** A user's address and company (for the company admin's "Try again"). */
export function userAddress(db: Db, userId: string): Promise<{ email: string; company_id: string | null } | null> {
  return queryOne(db, `SELECT email, company_id FROM users WHERE id = $1`, [userId]);
}

/** The company of the user with this address (null: none, or a superadmin). */
export async function companyOfAddress(db: Db, address: string): Promise<string | null> {
  const row = await queryOne<{ company_id: string | null }>(db, `SELECT company_id FROM users WHERE email = $1`, [
    address,
  ]);
  return row?.company_id ?? null;
}
