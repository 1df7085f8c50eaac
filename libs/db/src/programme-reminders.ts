import type { EntityManager } from 'typeorm';
import type { ProgrammeReminderEvent } from '@portal/contracts';
import { OVERDUE_AFTER_DAYS, REMINDER_HOUR } from '@portal/domain';
import { commitChange, SYSTEM_ACTOR } from './change';
import { queryRows } from './sql';

/**
 * The filter-programme reminder sweep, set-based. A digest is one row of `programme_reminders`
 * (site, due month, kind) — its primary key makes it exactly once: the INSERT … ON CONFLICT DO
 * NOTHING and the digest's outbox event are one transaction, so two workers (the second INSERT waits
 * for the first's commit, then inserts nothing) or a restart mid-sweep (rolled back: nothing sent,
 * the next sweep sends it) never send twice.
 *
 * - `due`: live slots of active sites, not yet due at the site, grouped by due month; sent once the
 *   site's local time has passed 07:00 on the first day within notice_days of the earliest due date.
 * - `overdue`: slots more than 7 days past their due date, grouped by due month.
 * Recipients: the site's active contacts, else the company's active admins.
 */
export async function sendProgrammeReminders(m: EntityManager, now: Date): Promise<ProgrammeReminderEvent[]> {
  const rows = await queryRows<
    Omit<ProgrammeReminderEvent, 'recipients'> & { recipients: ProgrammeReminderEvent['recipients'] }
  >(
    m,
    `WITH live AS (
       SELECT f.site_id, s.company_id, s.name AS site_name, s.time_zone, f.next_due, f.notice_days, f.quantity, f.fitted_kind,
              (($1::timestamptz) AT TIME ZONE s.time_zone)::date AS today
         FROM filter_slots f JOIN sites s ON s.id = f.site_id
        WHERE f.removed_at IS NULL AND s.status = 'active'
     ),
     grouped AS (
       SELECT site_id, company_id, site_name, to_char(next_due, 'YYYY-MM') AS month,
              CASE WHEN next_due + ${OVERDUE_AFTER_DAYS} < today THEN 'overdue' ELSE 'due' END AS kind,
              min(next_due) AS first_due, sum(quantity)::int AS filters,
              count(*) FILTER (WHERE fitted_kind = 'custom_size')::int AS odd_sizes, count(*)::int AS slots,
              min(next_due - notice_days) AS notice_from, min(time_zone) AS time_zone
         FROM live
        WHERE next_due >= today OR next_due + ${OVERDUE_AFTER_DAYS} < today
        GROUP BY 1, 2, 3, 4, 5
     ),
     ready AS (
       SELECT * FROM grouped
        WHERE kind = 'overdue'
           OR ((notice_from + make_time(${REMINDER_HOUR}, 0, 0)) AT TIME ZONE time_zone) <= $1::timestamptz
     ),
     sent AS (
       INSERT INTO programme_reminders (site_id, due_month, kind, slot_count)
       SELECT site_id, month, kind, slots FROM ready
       ON CONFLICT DO NOTHING
       RETURNING site_id, due_month, kind
     )
     SELECT r.kind, r.site_id AS "siteId", r.site_name AS "siteName", r.company_id AS "companyId", r.month,
            to_char(r.first_due, 'YYYY-MM-DD') AS "firstDue", r.filters, r.odd_sizes AS "oddSizes",
            coalesce(
              (SELECT json_agg(json_build_object('userId', u.id, 'email', u.email, 'username', u.username, 'role', u.role)
                               ORDER BY u.username)
                 FROM site_contacts c JOIN users u ON u.id = c.user_id AND u.status WHERE c.site_id = r.site_id),
              (SELECT json_agg(json_build_object('userId', u.id, 'email', u.email, 'username', u.username, 'role', u.role)
                               ORDER BY u.username)
                 FROM users u WHERE u.company_id = r.company_id AND u.role = 'admin' AND u.status),
              '[]'::json) AS recipients
       FROM sent x JOIN ready r ON r.site_id = x.site_id AND r.month = x.due_month AND r.kind = x.kind
      ORDER BY r.site_id, r.month, r.kind`,
    [now.toISOString()],
  );
  if (rows.length) {
    await commitChange(m, SYSTEM_ACTOR, {
      events: rows.map((payload) => ({ type: 'programme.reminder' as const, payload })),
    });
  }
  return rows;
}
