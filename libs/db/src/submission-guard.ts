import type { EntityManager } from 'typeorm';
import { execute, queryOne } from './sql';

/** The tables a user submits requests into (each has `requested_by`, `idempotency_key`, `created_at`). */
export type SubmissionTable = 'order_requests' | 'quote_requests';

export interface SubmittedRow {
  id: string;
  number: string;
  status: string;
}

export type SubmissionGate =
  /** The same user sent the same Idempotency-Key before: answer with that request, write nothing. */
  | { kind: 'repeat'; row: SubmittedRow }
  /** The user submitted `perHour` or more in the last hour. */
  | { kind: 'too_many' }
  | { kind: 'open' };

/**
 * The gate in front of a submission, inside the submission's transaction `m`: an advisory lock per
 * user and table (two submissions of one user queue, so the key check and the hourly count below see
 * each other), then the Idempotency-Key (a repeat returns the first request), then the hourly limit.
 * The unique index `(requested_by, idempotency_key)` of each table stays the last word.
 */
export async function openSubmission(
  m: EntityManager,
  table: SubmissionTable,
  userId: string,
  idempotencyKey: string | undefined,
  perHour: number,
): Promise<SubmissionGate> {
  await execute(m, `SELECT pg_advisory_xact_lock(hashtextextended($1 || ':' || $2::text, 0))`, [table, userId]);
  if (idempotencyKey) {
    const row = await queryOne<SubmittedRow>(
      m,
      `SELECT id, number, status FROM ${table} WHERE requested_by = $1 AND idempotency_key = $2`,
      [userId, idempotencyKey],
    );
    if (row) return { kind: 'repeat', row };
  }
  const recent = await queryOne<{ n: number }>(
    m,
    `SELECT count(*)::int AS n FROM ${table} WHERE requested_by = $1 AND created_at > now() - interval '1 hour'`,
    [userId],
  );
  return recent!.n >= perHour ? { kind: 'too_many' } : { kind: 'open' };
}
