import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  CompanyDetailResponse,
  CompanyListItem,
  CompanyListResponse,
  CompanyOptionsResponse,
  CompanyUsersResponse,
  CreateCompanyResponse,
  DeleteResponse,
  OrgChange,
  UpdateCompanyResponse,
} from '@portal/contracts';
import {
  exactPercentageToMultiplier,
  ORG_MSG,
  type CompanyListQuery,
  type CompanySortField,
  type CreateCompanyInput,
  type UpdateCompanyInput,
} from '@portal/domain';
import { publishEvent } from '@portal/db';
import { attachTokenEvent, issueResetToken, SET_PASSWORD_TOKEN_TTL_SECONDS } from '../account/reset-tokens.sql';
import { auditActor, recordAudit } from '../audit/audit.sql';
import { companyCreated, companyDeleted, companyUpdated, userCreated } from '../audit/org-entries';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import {
  actorOf,
  announceOrgChange,
  assertEmailFree,
  likePattern,
  rethrowDuplicateEmail,
  toUserRow,
  USER_ROW_COLUMNS,
  type RawUserRow,
} from '../users/org-common';

/** Company columns of a `CompanyListItem`, from `c`; percentages as plain numbers. */
const COMPANY_COLUMNS = `
  c.id AS "_id", c.name, c.status, c.created_at AS "createdAt", c.picture,
  c.discount_percentage::float8 AS discount_percentage, c.rigidflow_percentage::float8 AS rigidflow_percentage,
  c.minipro_percentage::float8 AS minipro_percentage, c.polyroll_percentage::float8 AS polyroll_percentage`;

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

const PERCENT_LABELS = {
  discount_percentage: 'Price Multiplier',
  rigidflow_percentage: 'Rigidflow Multiplier',
  minipro_percentage: 'Minipro Multiplier',
  polyroll_percentage: 'Polyroll Multiplier',
} as const;

type RawCompany = Omit<CompanyListItem, 'createdAt'> & { createdAt: Date; total?: string | number };

function toCompany(r: RawCompany): CompanyListItem {
  return {
    _id: r._id,
    name: r.name,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    picture: r.picture,
    discount_percentage: Number(r.discount_percentage),
    rigidflow_percentage: Number(r.rigidflow_percentage),
    minipro_percentage: Number(r.minipro_percentage),
    polyroll_percentage: Number(r.polyroll_percentage),
    total_admins: Number(r.total_admins ?? 0),
    total_employees: Number(r.total_employees ?? 0),
  };
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** `GET company?page&limit&search&sortBy&sortOrder`: one query for the page and its total. */
  async list(q: CompanyListQuery): Promise<CompanyListResponse> {
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
    const rows: RawCompany[] = await this.db.query(sql, params);
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) {
      const c: { n: number }[] = await this.db.query(
        `SELECT count(*)::int AS n FROM companies c ${q.search ? `WHERE c.name ILIKE $1 ESCAPE '\\'` : ''}`,
        q.search ? [likePattern(q.search)] : [],
      );
      total = c[0].n;
    }
    return { status: 200, data: { list: rows.map(toCompany), total, page: q.page, limit: q.limit } };
  }

  /** `GET company/` without paging: every company for the selects, by name. */
  async options(): Promise<CompanyOptionsResponse> {
    const list: { _id: string; name: string; status: boolean }[] = await this.db.query(
      `SELECT id AS "_id", name, status FROM companies ORDER BY lower(name), id`,
    );
    return { status: 200, data: { list, total: list.length } };
  }

  async detail(id: string): Promise<CompanyDetailResponse> {
    const company = await this.findOne(this.db.manager, id);
    return {
      status: 200,
      // Both readings of the response: data.company, and data as the company itself.
      data: { ...company, company, totalAdmins: company.total_admins, totalEmployees: company.total_employees },
    };
  }

  /** `POST company`: the company and its administrator, in one transaction. */
  async create(input: CreateCompanyInput, actor: RequestUser): Promise<CreateCompanyResponse> {
    await assertEmailFree(this.db.manager, input.email);
    const hash = await this.passwords.hash(input.password);
    try {
      return await this.db.transaction(async (m) => {
        const [company]: { id: string }[] = await m.query(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
          input.name,
        ]);
        const [admin]: RawUserRow[] = await m.query(
          `WITH ins AS (
             INSERT INTO users (username, email, password_hash, role, company_id) VALUES ($1, $2, $3, 'admin', $4) RETURNING *)
           SELECT ${USER_ROW_COLUMNS} FROM ins u JOIN companies c ON c.id = u.company_id`,
          [input.username, input.email, hash, company.id],
        );
        const link = await issueResetToken(m, admin._id, SET_PASSWORD_TOKEN_TTL_SECONDS, null);
        const eventId = await publishEvent(
          m,
          'company.created',
          {
            token: link.token,
            tokenExpiresAt: link.expiresAt,
            companyId: company.id,
            name: input.name,
            admin: {
              userId: admin._id,
              username: admin.username,
              email: admin.email,
              role: 'admin',
              companyId: company.id,
              companyName: input.name,
            },
            actor: actorOf(actor),
          },
          actor.id,
        );
        await attachTokenEvent(m, link.id, eventId);
        await announceOrgChange(m, { entity: 'company', action: 'created', companyId: company.id });
        const created = await this.findOne(m, company.id);
        await recordAudit(m, auditActor(actor), [
          companyCreated(created),
          userCreated({ ...admin, id: admin._id, role: 'admin', status: admin.status }),
        ]);
        return {
          status: 200,
          message: ORG_MSG.success.companyAdded,
          data: { company: created, admin: toUserRow(admin) },
        };
      });
    } catch (err) {
      rethrowDuplicateEmail(err);
    }
  }

  /** `PATCH company/{id}`. Deactivating ends every session of the company's users at once. */
  async update(id: string, input: UpdateCompanyInput, actor: RequestUser): Promise<UpdateCompanyResponse> {
    return this.db.transaction(async (m) => {
      const before = await this.findOne(m, id, true);
      const changes: OrgChange[] = [];
      if (input.name !== undefined && input.name !== before.name) {
        changes.push({ field: 'name', label: 'Name', from: `"${before.name}"`, to: `"${input.name}"` });
      }
      if (input.status !== undefined && input.status !== before.status) {
        changes.push({
          field: 'status',
          label: 'Status',
          from: statusLabel(before.status),
          to: statusLabel(input.status),
        });
      }
      for (const field of Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]) {
        const next = input[field];
        if (next !== undefined && next !== before[field]) {
          changes.push({
            field,
            label: PERCENT_LABELS[field],
            from: exactPercentageToMultiplier(before[field]),
            to: exactPercentageToMultiplier(next),
          });
        }
      }
      if (changes.length) {
        await m.query(
          `UPDATE companies SET
             name = COALESCE($2, name), status = COALESCE($3, status),
             discount_percentage = COALESCE($4, discount_percentage), rigidflow_percentage = COALESCE($5, rigidflow_percentage),
             minipro_percentage = COALESCE($6, minipro_percentage), polyroll_percentage = COALESCE($7, polyroll_percentage),
             updated_at = now()
           WHERE id = $1`,
          [
            id,
            input.name ?? null,
            input.status ?? null,
            input.discount_percentage ?? null,
            input.rigidflow_percentage ?? null,
            input.minipro_percentage ?? null,
            input.polyroll_percentage ?? null,
          ],
        );
        if (before.status && input.status === false) {
          const users: { id: string }[] = await m.query(`SELECT id FROM users WHERE company_id = $1`, [id]);
          await this.sessions.revokeAllForUsers(
            m,
            users.map((u) => u.id),
            'disabled',
            null,
            auditActor(actor),
          );
        }
        const entry = companyUpdated(id, before, input);
        if (entry) await recordAudit(m, auditActor(actor), [entry]);
        await publishEvent(
          m,
          'company.updated',
          { companyId: id, name: input.name ?? before.name, changes, actor: actorOf(actor) },
          actor.id,
        );
        await announceOrgChange(m, { entity: 'company', action: 'updated', companyId: id });
      }
      const company = changes.length ? await this.findOne(m, id) : before;
      return { status: 200, message: ORG_MSG.success.dataUpdated, data: { company } };
    });
  }

  /** `DELETE company/{id}`: the company and all its users (cascade), their sessions ended, in one transaction. */
  async remove(id: string, actor: RequestUser): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      const company = await this.findOne(m, id, true);
      const users: { id: string }[] = await m.query(`SELECT id FROM users WHERE company_id = $1 FOR UPDATE`, [id]);
      await this.sessions.revokeAllForUsers(
        m,
        users.map((u) => u.id),
        'deleted',
        null,
        auditActor(actor),
      );
      await m.query(`DELETE FROM companies WHERE id = $1`, [id]);
      await recordAudit(m, auditActor(actor), [companyDeleted(company, users.length)]);
      await publishEvent(
        m,
        'company.deleted',
        { companyId: id, name: company.name, deletedUsers: users.length, actor: actorOf(actor) },
        actor.id,
      );
      await announceOrgChange(m, { entity: 'company', action: 'deleted', companyId: id });
      return { status: 200, message: ORG_MSG.success.companyDeleted, data: { deleted: users.length } };
    });
  }

  /**
   * `GET company/user/{companyId}[?status]`: the company's users. An admin reaches only their own
   * company (from the session); any other id is 404, exactly like an unknown one.
   */
  async users(companyId: string, status: boolean | undefined, actor: RequestUser): Promise<CompanyUsersResponse> {
    if (actor.role !== 'superadmin' && actor.companyId !== companyId)
      throw new ApiException(404, ORG_MSG.company.notFound);
    const rows: (RawUserRow & { company_exists: boolean })[] = await this.db.query(
      `SELECT ${USER_ROW_COLUMNS}
         FROM companies c JOIN users u ON u.company_id = c.id
        WHERE c.id = $1 AND ($2::boolean IS NULL OR u.status = $2)
        ORDER BY (u.role = 'admin') DESC, u.created_at DESC, u.id`,
      [companyId, status ?? null],
    );
    if (!rows.length) {
      const exists: unknown[] = await this.db.query(`SELECT 1 FROM companies WHERE id = $1`, [companyId]);
      if (!exists.length) throw new ApiException(404, ORG_MSG.company.notFound);
    }
    return { status: 200, data: { users: rows.map(toUserRow), totalcount: rows.length } };
  }

  private async findOne(m: EntityManager, id: string, lock = false): Promise<CompanyListItem> {
    if (lock) {
      const locked: unknown[] = await m.query(`SELECT 1 FROM companies WHERE id = $1 FOR UPDATE`, [id]);
      if (!locked.length) throw new ApiException(404, ORG_MSG.company.notFound);
    }
    const rows: RawCompany[] = await m.query(
      `SELECT ${COMPANY_COLUMNS}, t.total_admins, t.total_employees FROM companies c ${COUNTS_LATERAL} WHERE c.id = $1`,
      [id],
    );
    if (!rows.length) throw new ApiException(404, ORG_MSG.company.notFound);
    return toCompany(rows[0]);
  }
}

function statusLabel(active: boolean): string {
  return active ? 'Active' : 'Inactive';
}
