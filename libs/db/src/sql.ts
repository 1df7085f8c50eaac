import type { DataSource, EntityManager } from 'typeorm';

/**
 * What a data-access function runs SQL on: the DataSource (a pooled connection per call) or the
 * EntityManager of a transaction the service opened. Repositories take this; services never write SQL.
 */
export type Db = DataSource | EntityManager;

/**
 * Anything that runs a statement: a `Db` (TypeORM answers rows, or `[rows, count]` for UPDATE/DELETE),
 * or a plain pg connection (`Client`, `PoolClient`: a `QueryResult`) for a process that should not
 * load TypeORM (the price-list build process). The helpers below read either answer; nothing else
 * needs to know which it was.
 */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** The rows and the changed-row count of an answer, whichever runner gave it. */
function split(result: unknown): { rows: unknown[]; count: number | null } {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return { rows: result[0] as unknown[], count: result[1] };
  }
  if (Array.isArray(result)) return { rows: result, count: null };
  const pg = result as { rows?: unknown[]; rowCount?: number | null; command?: string } | null;
  if (pg && Array.isArray(pg.rows)) {
    const changes = pg.command === 'UPDATE' || pg.command === 'DELETE';
    return { rows: pg.rows, count: changes ? (pg.rowCount ?? 0) : null };
  }
  return { rows: [], count: null };
}

/** Every row a statement returns, typed by the caller's row interface. */
export async function queryRows<T>(db: SqlRunner, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return split(await db.query(sql, params as unknown[])).rows as T[];
}

/** The first row, or null. */
export async function queryOne<T>(db: SqlRunner, sql: string, params: readonly unknown[] = []): Promise<T | null> {
  return ((await queryRows<T>(db, sql, params))[0] as T | undefined) ?? null;
}

/** Runs a statement for its effect; returns how many rows it changed (UPDATE/DELETE) or returned. */
export async function execute(db: SqlRunner, sql: string, params: readonly unknown[] = []): Promise<number> {
  const { rows, count } = split(await db.query(sql, params as unknown[]));
  return count ?? rows.length;
}

/**
 * A Postgres unique_violation (23505), as pg or TypeORM (`driverError`) reports it; with
 * `constraint`, only a violation of that constraint (or one that names none).
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.driverError?.code;
  const named = e?.constraint ?? e?.driverError?.constraint;
  return code === '23505' && (constraint === undefined || named === undefined || named === constraint);
}

/** `s` as a literal inside a LIKE pattern (`\` is Postgres' default LIKE escape). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
