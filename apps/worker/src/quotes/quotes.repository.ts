import { QUOTE_CHANGE_TARGET_COLUMNS, queryRows, type Db, type QuoteChangeTarget } from '@portal/db';

export interface ExpiredQuote extends QuoteChangeTarget {
  valid_until: string;
}

/**
 * Marks quoted requests whose validity ended at or before `now` as expired (a batch, rows locked and
 * skipped when another worker holds them) and returns them. `expires_at` is the end of the
 * `valid_until` day in the office's time zone, fixed when the quote was sent.
 */
export function expireDue(db: Db, now: Date, batch: number): Promise<ExpiredQuote[]> {
  return queryRows<ExpiredQuote>(
    db,
    `WITH due AS (
       SELECT id FROM quote_requests
        WHERE status = 'quoted' AND expires_at <= $1
        ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE quote_requests q SET status = 'expired', version = q.version + 1, updated_at = now()
       FROM due, companies c
      WHERE q.id = due.id AND c.id = q.company_id
     RETURNING ${QUOTE_CHANGE_TARGET_COLUMNS}, q.valid_until::text AS valid_until`,
    [now, batch],
  );
}
