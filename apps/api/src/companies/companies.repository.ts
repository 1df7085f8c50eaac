import type { CompanyListItem, UserRow } from '@portal/contracts';
import { execute, queryOne, queryRows, type Db } from '@portal/db';
import {
  centsToDecimalString,
  Multiplier,
  type CompanyListQuery,
  type CompanySortField,
  type MultiplierUnits,
  type PercentageField,
} from '@portal/domain';
import {
  likePattern,
  searchParam,
  toUserRow,
  USER_ROW_COLUMNS,
  USER_ROW_INVITATION_COLUMNS,
  userSearchSql,
  type RawUserRow,
} from '../org/org.repository';
import { LATEST_INVITATION_JOIN } from '../identity/invitations.repository';

/** Company columns of a `CompanyListItem`, from `c`; percentages as exact text. */
const COMPANY_COLUMNS = `
  c.id AS "_id", c.name, c.status, c.created_at AS "createdAt", c.picture,
  c.discount_percentage::text AS discount_percentage, c.rigidflow_percentage::text AS rigidflow_percentage,
  c.minipro_percentage::text AS minipro_percentage, c.polyroll_percentage::text AS polyroll_percentage,
  c.approval_threshold_cents::text AS approval_threshold_cents`;

/** Per-company user counts, read from the (company_id, role, status) index. */
const COUNTS_LATERAL = `
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE u.role = 'admin')::int AS total_admins,
           count(*) FILTER (WHERE u.role = 'employee')::int AS total_employees
      FROM users u WHERE u.company_id = c.id
  ) t ON true`;

/** Whitelisted ORDER BY expressions (never interpolate the request). */
const SORT_SQL: Record<CompanySortField, string> = {
  name: 'lower(c.name)',
  discount_percentage: 'c.discount_percentage',
  status: 'c.status',
  total_admins: 't.total_admins',
  total_employees: 't.total_employees',
  createdAt: 'c.created_at',
};

type RawCompany = Omit<CompanyListItem, 'createdAt' | PercentageField | 'approval_threshold'> &
  Record<PercentageField, string> & {
    createdAt: Date;
    total?: string | number;
    approval_threshold_cents: string | null;
  };

/** numeric(5,2) text → the JSON number the API has always sent (45.5). */
const percentageOut = (text: string) => Multiplier.toPercentageNumber(Multiplier.fromPercentage(text)!);

function toCompany(r: RawCompany): CompanyListItem {
  return {
    _id: r._id,
    name: r.name,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    picture: r.picture,
    discount_percentage: percentageOut(r.discount_percentage),
    rigidflow_percentage: percentageOut(r.rigidflow_percentage),
    minipro_percentage: percentageOut(r.minipro_percentage),
    polyroll_percentage: percentageOut(r.polyroll_percentage),
    total_admins: Number(r.total_admins ?? 0),
    total_employees: Number(r.total_employees ?? 0),
    approval_threshold:
      r.approval_threshold_cents === null ? null : Number(centsToDecimalString(r.approval_threshold_cents)),
  };
}

/** One page of companies and the total, in one query (an exact count only past the end). */
export async function companyPage(db: Db, q: CompanyListQuery): Promise<{ list: CompanyListItem[]; total: number }> {
  const dir = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const order = `${SORT_SQL[q.sortBy]} ${dir}, c.id ${dir}`;
  const offset = (q.page - 1) * q.limit;
  const where = q.search ? `WHERE c.name ILIKE $3 ESCAPE '\\'` : '';
  const params: unknown[] = [q.limit, offset, ...(q.search ? [likePattern(q.search)] : [])];
  const byCount = q.sortBy === 'total_admins' || q.sortBy === 'total_employees';
  // Sorting by a stored column pages first and counts users for that page only.
  const sql = byCount
    ? `SELECT ${COMPANY_COLUMNS}, t.total_admins, t.total_employees, count(*) OVER () AS total
         FROM companies c ${COUNTS_LATERAL} ${where}
        ORDER BY ${order} LIMIT $1 OFFSET $2`
    : `WITH page AS (
         SELECT c.*, count(*) OVER () AS total FROM companies c ${where}
          ORDER BY ${order} LIMIT $1 OFFSET $2)
       SELECT ${COMPANY_COLUMNS}, t.total_admins, t.total_employees, c.total
         FROM page c ${COUNTS_LATERAL}
        ORDER BY ${order}`;
  const rows = await queryRows<RawCompany>(db, sql, params);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && offset > 0) {
    const c = await queryOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM companies c ${q.search ? `WHERE c.name ILIKE $1 ESCAPE '\\'` : ''}`,
      q.search ? [likePattern(q.search)] : [],
    );
    total = c!.n;
  }
  return { list: rows.map(toCompany), total };
}

/** Every company for the selects, by name. */
export function companyOptions(db: Db): Promise<{ _id: string; name: string; status: boolean }[]> {
  return queryRows(db, `SELECT id AS "_id", name, status FROM companies ORDER BY lower(name), id`);
}

/** The company with its user counts, or null. */
export async function findCompany(db: Db, id: string): Promise<CompanyListItem | null> {
  const row = await queryOne<RawCompany>(
    db,
    `SELECT ${COMPANY_COLUMNS}, t.total_admins, t.total_employees FROM companies c ${COUNTS_LATERAL} WHERE c.id = $1`,
    [id],
  );
  return row ? toCompany(row) : null;
}

export async function insertCompany(db: Db, name: string): Promise<string> {
  const row = await queryOne<{ id: string }>(db, `INSERT INTO companies (name) VALUES ($1) RETURNING id`, [name]);
  return row!.id;
}

export type CompanyPatch = { name?: string; status?: boolean } & Partial<Record<PercentageField, MultiplierUnits>>;

const percentageIn = (units: MultiplierUnits | undefined) =>
  units === undefined ? null : Multiplier.toPercentageText(units);

/** Writes the given fields (absent ones keep their value). */
export async function updateCompany(db: Db, id: string, p: CompanyPatch): Promise<void> {
  await execute(
    db,
    `UPDATE companies SET
       name = COALESCE($2, name), status = COALESCE($3, status),
       discount_percentage = COALESCE($4::numeric, discount_percentage),
       rigidflow_percentage = COALESCE($5::numeric, rigidflow_percentage),
       minipro_percentage = COALESCE($6::numeric, minipro_percentage),
       polyroll_percentage = COALESCE($7::numeric, polyroll_percentage),
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      p.name ?? null,
      p.status ?? null,
      percentageIn(p.discount_percentage),
      percentageIn(p.rigidflow_percentage),
      percentageIn(p.minipro_percentage),
      percentageIn(p.polyroll_percentage),
    ],
  );
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await execute(db, `DELETE FROM companies WHERE id = $1`, [id]);
}

/** The company's users (admins first, newest first), optionally by status. */
export async function companyUsers(
  db: Db,
  companyId: string,
  status: boolean | undefined,
  search = '',
): Promise<UserRow[]> {
  const rows = await queryRows<RawUserRow>(
    db,
    `SELECT ${USER_ROW_COLUMNS}, ${USER_ROW_INVITATION_COLUMNS}
       FROM companies c JOIN users u ON u.company_id = c.id
       ${LATEST_INVITATION_JOIN}
      WHERE c.id = $1 AND ($2::boolean IS NULL OR u.status = $2) AND ${userSearchSql('$3')}
      ORDER BY (u.role = 'admin') DESC, u.created_at DESC, u.id`,
    [companyId, status ?? null, searchParam(search)],
  );
  return rows.map(toUserRow);
}
