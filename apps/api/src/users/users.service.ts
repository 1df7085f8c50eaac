import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  CreateUserResponse,
  DeleteResponse,
  OrgChange,
  RoleKey,
  UpdateUserResponse,
  UserDetail,
  UserDetailResponse,
  UserListResponse,
  UserStatsResponse,
} from '@portal/contracts';
import {
  addAdministratorSchema,
  addCompanyUserSchema,
  MSG,
  ORG_MSG,
  type UpdateUserInput,
  type UserListQuery,
} from '@portal/domain';
import { publishEvent } from '@portal/db';
import { attachTokenEvent, issueResetToken, SET_PASSWORD_TOKEN_TTL_SECONDS } from '../account/reset-tokens.sql';
import { auditActor, recordAudit } from '../audit/audit.sql';
import { userCreated, userDeleted, userUpdated } from '../audit/org-entries';
import { ApiException } from '../common/api-exception';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import {
  actorOf,
  announceOrgChange,
  assertEmailFree,
  rethrowDuplicateEmail,
  ROLE_NAME,
  toUserRow,
  USER_ROW_COLUMNS,
  userRef,
  type RawUserRow,
} from './org-common';

interface TargetRow {
  id: string;
  username: string;
  email: string;
  role: RoleKey;
  status: boolean;
  company_id: string | null;
  company_name: string | null;
}

/** read: look at a user; write: edit/resend; delete: remove. */
type Intent = 'read' | 'write' | 'delete';

type RawDetail = TargetRow & {
  picture: string | null;
  last_login: Date | null;
  current_login: Date | null;
  created_at: Date;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

@Injectable()
export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * `POST user`. A superadmin names the company and the role (`action`); an admin always creates an
   * employee of their own company — company and role in the body are ignored.
   */
  async create(body: unknown, actor: RequestUser): Promise<CreateUserResponse> {
    let input: { username: string; email: string; password: string; companyId: string; role: 'admin' | 'employee' };
    if (actor.role === 'superadmin') {
      const v = new ZodPipe(addAdministratorSchema).transform(body);
      input = { username: v.username, email: v.email, password: v.password, companyId: v.company_id, role: v.action };
    } else {
      if (!actor.companyId) throw new ApiException(403, MSG.session.companyMissing);
      const v = new ZodPipe(addCompanyUserSchema).transform(body);
      input = { ...v, companyId: actor.companyId, role: 'employee' };
    }
    const company: unknown[] = await this.db.query(`SELECT 1 FROM companies WHERE id = $1`, [input.companyId]);
    if (!company.length)
      throw new ApiException(404, ORG_MSG.company.notFound, { company_id: ORG_MSG.company.notFound });
    await assertEmailFree(this.db.manager, input.email);
    const hash = await this.passwords.hash(input.password);
    try {
      return await this.db.transaction(async (m) => {
        const rows: RawUserRow[] = await m.query(
          `WITH ins AS (
             INSERT INTO users (username, email, password_hash, role, company_id)
             SELECT $1, $2, $3, $4, c.id FROM companies c WHERE c.id = $5 FOR SHARE OF c
             RETURNING *)
           SELECT ${USER_ROW_COLUMNS} FROM ins u JOIN companies c ON c.id = u.company_id`,
          [input.username, input.email, hash, input.role, input.companyId],
        );
        if (!rows.length) throw new ApiException(404, ORG_MSG.company.notFound);
        const row = rows[0];
        const link = await issueResetToken(m, row._id, SET_PASSWORD_TOKEN_TTL_SECONDS, null);
        const eventId = await publishEvent(
          m,
          'user.created',
          {
            userId: row._id,
            username: row.username,
            email: row.email,
            role: row.role_key,
            companyId: row.company_id,
            companyName: row.companyName,
            actor: actorOf(actor),
            token: link.token,
            tokenExpiresAt: link.expiresAt,
          },
          actor.id,
        );
        await attachTokenEvent(m, link.id, eventId);
        await recordAudit(m, auditActor(actor), [userCreated({ ...row, id: row._id, role: row.role_key })]);
        await announceOrgChange(m, { entity: 'user', action: 'created', companyId: row.company_id });
        const message = input.role === 'admin' ? ORG_MSG.success.adminAdded : ORG_MSG.success.employeeAdded;
        return { status: 201, message, data: toUserRow(row) };
      });
    } catch (err) {
      rethrowDuplicateEmail(err);
    }
  }

  /** `GET user/?page&limit[&status]`: the administrators of every company, newest first. */
  async administrators(q: UserListQuery): Promise<UserListResponse> {
    return this.page(`u.role = 'admin'`, [], q.status, q.page, q.limit);
  }

  /** `GET user/employee[?status]`: the admin's own company's employees (company from the session). */
  async employees(actor: RequestUser, q: UserListQuery): Promise<UserListResponse> {
    if (!actor.companyId) throw new ApiException(403, MSG.session.companyMissing);
    return this.page(`u.role = 'employee' AND u.company_id = $4`, [actor.companyId], q.status, q.page, q.limit);
  }

  /** `GET user/total` */
  async stats(): Promise<UserStatsResponse> {
    const [row]: { activeCompanies: number; totalEmployees: number; totalAdmins: number }[] = await this.db.query(
      `SELECT (SELECT count(*) FROM companies WHERE status)::int AS "activeCompanies",
              (SELECT count(*) FROM users WHERE role = 'employee')::int AS "totalEmployees",
              (SELECT count(*) FROM users WHERE role = 'admin')::int AS "totalAdmins"`,
    );
    return { status: 200, data: row };
  }

  /** `GET user/{id}`: superadmin any user; admin only users of their own company. */
  async detail(id: string, actor: RequestUser): Promise<UserDetailResponse> {
    await this.authorize(this.db.manager, [id], actor, 'read');
    return { status: 200, data: await this.loadDetail(this.db.manager, id) };
  }

  /** `PATCH user/{id}`: status, username, email only. Disabling ends the user's sessions at once. */
  async update(id: string, input: UpdateUserInput, actor: RequestUser): Promise<UpdateUserResponse> {
    try {
      return await this.db.transaction(async (m) => {
        const [before] = await this.authorize(m, [id], actor, 'write', true);
        const changes: OrgChange[] = [];
        if (input.username !== undefined && input.username !== before.username) {
          changes.push({ field: 'username', label: 'User Name', from: before.username, to: input.username });
        }
        const emailChanged = input.email !== undefined && input.email !== before.email;
        if (emailChanged) {
          await assertEmailFree(m, input.email!, id);
          changes.push({ field: 'email', label: 'Email', from: before.email, to: input.email! });
        }
        const statusChanged = input.status !== undefined && input.status !== before.status;
        if (changes.length || statusChanged) {
          await m.query(
            `UPDATE users SET username = COALESCE($2, username), email = COALESCE($3, email), status = COALESCE($4, status),
                    updated_at = now() WHERE id = $1`,
            [id, input.username ?? null, input.email ?? null, input.status ?? null],
          );
          const after: TargetRow = {
            ...before,
            username: input.username ?? before.username,
            email: input.email ?? before.email,
            status: input.status ?? before.status,
          };
          const actorRef = actorOf(actor);
          if (changes.length) {
            await publishEvent(
              m,
              'user.updated',
              { ...userRef(after), changes, previousEmail: emailChanged ? before.email : null, actor: actorRef },
              actor.id,
            );
          }
          if (statusChanged) {
            if (!after.status) await this.sessions.revokeAllForUsers(m, [id], 'disabled', null, auditActor(actor));
            await publishEvent(
              m,
              'user.status_changed',
              { ...userRef(after), active: after.status, actor: actorRef },
              actor.id,
            );
          }
          const entry = userUpdated(before, input);
          if (entry) await recordAudit(m, auditActor(actor), [entry]);
          await announceOrgChange(m, { entity: 'user', action: 'updated', companyId: before.company_id });
        }
        return { status: 200, message: ORG_MSG.success.dataUpdated, data: await this.loadDetail(m, id) };
      });
    } catch (err) {
      rethrowDuplicateEmail(err);
    }
  }

  /**
   * `DELETE user/{id}` and `DELETE user/bulk`: the whole id set is authorized first and deleted in
   * one transaction — one id not allowed and nothing is deleted. Their sessions end at once.
   */
  async remove(ids: string[], actor: RequestUser): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      const targets = await this.authorize(m, ids, actor, 'delete', true);
      await this.sessions.revokeAllForUsers(m, ids, 'deleted', null, auditActor(actor));
      await m.query(`DELETE FROM users WHERE id = ANY($1::uuid[])`, [ids]);
      await recordAudit(m, auditActor(actor), targets.map(userDeleted));
      const actorRef = actorOf(actor);
      for (const t of targets) await publishEvent(m, 'user.deleted', { ...userRef(t), actor: actorRef }, actor.id);
      for (const companyId of new Set(targets.map((t) => t.company_id))) {
        await announceOrgChange(m, { entity: 'user', action: 'deleted', companyId });
      }
      const message = ids.length === 1 ? ORG_MSG.success.userDeleted : ORG_MSG.success.usersDeleted;
      return { status: 200, message, data: { deleted: targets.length } };
    });
  }

  /** `GET user/resend/{id}`: emails the sign-in and set-password links (never a password). */
  async resend(id: string, actor: RequestUser): Promise<{ status: number; message: string }> {
    return this.db.transaction(async (m) => {
      const [target] = await this.authorize(m, [id], actor, 'write');
      const link = await issueResetToken(m, target.id, SET_PASSWORD_TOKEN_TTL_SECONDS, null);
      const eventId = await publishEvent(
        m,
        'user.resend_requested',
        { ...userRef(target), actor: actorOf(actor), token: link.token, tokenExpiresAt: link.expiresAt },
        actor.id,
      );
      await attachTokenEvent(m, link.id, eventId);
      return { status: 200, message: ORG_MSG.user.resent };
    });
  }

  /**
   * Set-based access check (the pattern of Immich's `requireAccess`). Unknown ids and users of another
   * company are 404 alike; visible but protected targets (self, superadmins, an admin's fellow
   * admins) are 403. Returns the rows in the order of `ids`.
   */
  private async authorize(
    m: EntityManager,
    ids: string[],
    actor: RequestUser,
    intent: Intent,
    lock = false,
  ): Promise<TargetRow[]> {
    const rows: TargetRow[] = await m.query(
      `SELECT u.id, u.username, u.email, u.role, u.status, u.company_id, c.name AS company_name
         FROM users u LEFT JOIN companies c ON c.id = u.company_id
        WHERE u.id = ANY($1::uuid[]) ${lock ? 'FOR UPDATE OF u' : ''}`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const visible = (r: TargetRow | undefined): r is TargetRow =>
      !!r && (actor.role === 'superadmin' || (r.company_id !== null && r.company_id === actor.companyId));
    if (!ids.every((id) => visible(byId.get(id)))) throw new ApiException(404, ORG_MSG.user.notFound);
    const targets = ids.map((id) => byId.get(id)!);
    if (intent === 'read') return targets;
    for (const t of targets) {
      if (t.id === actor.id) {
        throw new ApiException(
          403,
          intent === 'delete' ? ORG_MSG.user.cannotDeleteSelf : ORG_MSG.user.cannotChangeSelf,
        );
      }
      if (t.role === 'superadmin') throw new ApiException(403, ORG_MSG.user.cannotTouchSuperadmin);
      if (actor.role !== 'superadmin' && t.role !== 'employee')
        throw new ApiException(403, ORG_MSG.user.cannotTouchAdmin);
    }
    return targets;
  }

  private async loadDetail(m: EntityManager, id: string): Promise<UserDetail> {
    const rows: RawDetail[] = await m.query(
      `SELECT u.id, u.username, u.email, u.role, u.status, u.company_id, u.picture, u.last_login, u.current_login,
              u.created_at, c.name AS company_name
         FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = $1`,
      [id],
    );
    const r = rows[0];
    if (!r) throw new ApiException(404, ORG_MSG.user.notFound);
    return {
      _id: r.id,
      username: r.username,
      email: r.email,
      status: r.status,
      picture: r.picture,
      last_login: iso(r.last_login),
      current_login: iso(r.current_login),
      createdAt: iso(r.created_at)!,
      role_id: { key: r.role },
      role_key: r.role,
      role_name: ROLE_NAME[r.role],
      company_id: r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null,
      companyName: r.company_name,
    };
  }

  /**
   * One page of user rows plus the total, in one query (window count; exact count only past the end).
   * The page is cut before companies are joined, so only the page's rows are joined, not every match.
   */
  private async page(
    where: string,
    extra: unknown[],
    status: boolean | undefined,
    page: number,
    limit: number,
  ): Promise<UserListResponse> {
    const filter = `${where} AND ($1::boolean IS NULL OR u.status = $1)`;
    const params = [status ?? null, limit, (page - 1) * limit, ...extra];
    const rows: (RawUserRow & { total: string })[] = await this.db.query(
      `SELECT ${USER_ROW_COLUMNS}, u.total
         FROM (SELECT u.*, count(*) OVER () AS total FROM users u
                WHERE ${filter}
                ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3) u
         LEFT JOIN companies c ON c.id = u.company_id
        ORDER BY u.created_at DESC, u.id DESC`,
      params,
    );
    let totalcount = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && page > 1) {
      const [c]: { n: number }[] = await this.db.query(
        `SELECT count(*)::int AS n FROM users u WHERE ${filter.replace('$4', '$2')}`,
        [status ?? null, ...extra],
      );
      totalcount = c.n;
    }
    return { status: 200, data: { users: rows.map(toUserRow), totalcount } };
  }
}
