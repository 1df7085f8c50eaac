import { type Db, type SqlRunner, queryRows } from '@portal/db';

/** Runs one statement and gives its rows: the send lock's own session, or the pool (`onPool`). */
export type RunSql = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export const onPool =
  (db: Db): RunSql =>
  (sql, params) =>
    queryRows(db, sql, params);

/** A `RunSql` as the shared repositories take it (libs/db `email-deliverability`). */
export const runner = (run: RunSql): SqlRunner => ({ query: (sql, params) => run(sql, params) });
