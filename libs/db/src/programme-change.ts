import type { AuditEntry, ChangeBuilder } from './change';
import { execute, queryRows, type SqlRunner } from './sql';

/**
 * A site's programme change, for the exit (`commitChange(m, actor, programmeChange(...))`): the audit
 * entries and the live `programme.changed` to the company's active admins and the site's contacts
 * (never the actor, never another company).
 */
export function programmeChange(change: {
  companyId: string;
  siteIds: readonly string[];
  audit: AuditEntry[];
}): ChangeBuilder {
  return async (m, actor) => {
    const people = await queryRows<{ site_id: string; user_id: string }>(
      m,
      `SELECT s.id AS site_id, u.id AS user_id
       FROM sites s
       JOIN users u ON u.company_id = s.company_id AND u.status
      WHERE s.id = ANY($1::uuid[]) AND s.company_id = $2
        AND (u.role = 'admin' OR EXISTS (SELECT 1 FROM site_contacts c WHERE c.site_id = s.id AND c.user_id = u.id))`,
      [change.siteIds, change.companyId],
    );
    const bySite = new Map<string, string[]>();
    for (const p of people) {
      if (p.user_id === actor.id) continue;
      bySite.set(p.site_id, [...(bySite.get(p.site_id) ?? []), p.user_id]);
    }
    return {
      audit: change.audit,
      events: change.siteIds.map((siteId) => ({
        type: 'programme.changed' as const,
        payload: { site_id: siteId, userIds: bySite.get(siteId) ?? [] },
      })),
    };
  };
}

/**
 * Fills `variants.merv` from product names (or part numbers and sizes) that say "MERV 13", where it
 * is not set yet — the migration's rule, for catalogues loaded after it (the demo seed). Returns how
 * many variants it filled.
 */
export async function fillMervFromNames(db: SqlRunner): Promise<number> {
  return execute(
    db,
    `UPDATE variants v SET merv = m.merv
       FROM (SELECT v2.id, coalesce((regexp_match(p.name, 'MERV[\\s-]*(\\d{1,2})(?!\\d)', 'i'))[1],
                                    (regexp_match(v2.part_number || ' ' || v2.size, 'MERV[\\s-]*(\\d{1,2})(?!\\d)', 'i'))[1])::int AS merv
               FROM variants v2 JOIN products p ON p.id = v2.product_id WHERE v2.merv IS NULL) m
      WHERE v.id = m.id AND m.merv BETWEEN 1 AND 16`,
  );
}
