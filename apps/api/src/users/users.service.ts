import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  CreateUserResponse,
  DeleteResponse,
  OrgChange,
  UpdateUserResponse,
  UserDetail,
  UserDetailResponse,
  UserListResponse,
  UserStatsResponse,
} from '@portal/contracts';
import { MSG, ORG_MSG, type NewUserInput, type UpdateUserInput, type UserListQuery } from '@portal/domain';
import { commitChange, type ChangeEvent, type Db } from '@portal/db';
import { userCreated, userDeleted, userUpdated } from '../audit/org-entries';
import { isSuperadmin, requireAccess } from '../common/access';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { assertEmailFree, commitChangeWithLink, rethrowDuplicateEmail, userRef } from '../org/org';
import { companyExists, insertUser, toUserRow } from '../org/org.repository';
import { inviteNewUser, resendOpenInvitation, unusablePassword } from '../org/invitation-changes';
import * as repo from './users.repository';
import { spendMailToRecipient } from '../org/mail-budget';
import { guardEmailProbe } from '../org/email-probe';
import { voidLiveResetTokens } from '../identity/account-tokens.repository';
import type { TargetRow } from './users.repository';

/** read: look at a user; write: edit/resend; delete: remove. */
type Intent = 'read' | 'write' | 'delete';

@Injectable()
export class UsersService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** `POST user` (input already resolved per role by the controller). */
  async create(input: NewUserInput, caller: RequestUser): Promise<CreateUserResponse> {
    return guardEmailProbe(this.db, caller, input.email, () => this.createUser(input, caller));
  }

  private async createUser(input: NewUserInput, caller: RequestUser): Promise<CreateUserResponse> {
    if (!(await companyExists(this.db, input.companyId)))
      throw new ApiException(404, ORG_MSG.company.notFound, { company_id: ORG_MSG.company.notFound });
    await assertEmailFree(this.db, input.email);
    const passwordHash = await this.passwords.hash(input.password ?? unusablePassword());
    try {
      return await this.db.transaction(async (m) => {
        const row = await insertUser(m, { ...input, passwordHash });
        if (!row) throw new ApiException(404, ORG_MSG.company.notFound);
        const invited = input.password === null;
        const change = {
          events: [
            {
              type: 'user.created' as const,
              payload: {
                userId: row._id,
                username: row.username,
                email: row.email,
                role: row.role_key,
                companyId: row.company_id,
                companyName: row.companyName,
                ...(invited ? { invited: true } : {}),
              },
            },
          ],
          audit: [userCreated({ ...row, id: row._id, role: row.role_key })],
        };
        // An invited person gets the invitation's link, not a set-password link.
        if (invited) await commitChange(m, caller.actor, change);
        else {
          await spendMailToRecipient(m, row.email);
          await commitChangeWithLink(m, caller.actor, row._id, change);
        }
        const invitation = invited ? await inviteNewUser(m, caller.actor, row) : null;
        const message = input.role === 'admin' ? ORG_MSG.success.adminAdded : ORG_MSG.success.employeeAdded;
        return { status: 201, message, data: { ...toUserRow(row), invitation } };
      });
    } catch (err) {
      rethrowDuplicateEmail(err);
    }
  }

  /** `GET user/?page&limit[&status]`: the administrators of every company, newest first. */
  async administrators(q: UserListQuery): Promise<UserListResponse> {
    const data = await repo.userPage(this.db, { role: 'admin' }, q.status, q.page, q.limit, q.search);
    return { status: 200, data };
  }

  /** `GET user/employee[?status]`: the admin's own company's employees (company from the session). */
  async employees(caller: RequestUser, q: UserListQuery): Promise<UserListResponse> {
    if (!caller.companyId) throw new ApiException(403, MSG.session.companyMissing);
    const scope = { role: 'employee', companyId: caller.companyId } as const;
    return { status: 200, data: await repo.userPage(this.db, scope, q.status, q.page, q.limit, q.search) };
  }

  /** `GET user/total` */
  async stats(): Promise<UserStatsResponse> {
    const row = (await repo.userStats(this.db))!;
    return { status: 200, data: row };
  }

  /** `GET user/{id}`: superadmin any user; admin only users of their own company. */
  async detail(id: string, caller: RequestUser): Promise<UserDetailResponse> {
    await this.authorize(this.db, [id], caller, 'read');
    return { status: 200, data: await this.loadDetail(this.db, id) };
  }

  /** `PATCH user/{id}`: status, username, email only. Disabling ends the user's sessions at once. */
  async update(id: string, input: UpdateUserInput, caller: RequestUser): Promise<UpdateUserResponse> {
    // Only a change of address can meet another person's address (`id` is a checked UUID).
    if (input.email === undefined || (await repo.currentEmail(this.db, id)) === input.email) {
      return this.updateUser(id, input, caller);
    }
    return guardEmailProbe(this.db, caller, input.email, () => this.updateUser(id, input, caller));
  }

  private async updateUser(id: string, input: UpdateUserInput, caller: RequestUser): Promise<UpdateUserResponse> {
    try {
      return await this.db.transaction(async (m) => {
        const [before] = await this.authorize(m, [id], caller, 'write', true);
        const changes: OrgChange[] = [];
        if (input.username !== undefined && input.username !== before.username) {
          changes.push({ field: 'username', label: 'User Name', from: before.username, to: input.username });
        }
        const emailChanged = input.email !== undefined && input.email !== before.email;
        if (emailChanged) {
          await assertEmailFree(m, input.email!, id);
          // The new address is told about the move: a mail the admin makes the portal send.
          await spendMailToRecipient(m, input.email!);
          changes.push({ field: 'email', label: 'Email', from: before.email, to: input.email! });
          // An admin re-points the account without the new address confirming (docs/SECURITY.md):
          // links already mailed to the old address must not outlive the move.
          await voidLiveResetTokens(m, id, 'email_changed');
        }
        const statusChanged = input.status !== undefined && input.status !== before.status;
        if (changes.length || statusChanged) {
          await repo.updateUser(m, id, input);
          const after: TargetRow = {
            ...before,
            username: input.username ?? before.username,
            email: input.email ?? before.email,
            status: input.status ?? before.status,
          };
          const events: ChangeEvent[] = [];
          if (changes.length) {
            events.push({
              type: 'user.updated',
              payload: { ...userRef(after), changes, previousEmail: emailChanged ? before.email : null },
            });
          }
          if (statusChanged) {
            if (!after.status) await this.sessions.revokeAllForUsers(m, [id], 'disabled', null, caller.actor);
            events.push({ type: 'user.status_changed', payload: { ...userRef(after), active: after.status } });
          }
          const entry = userUpdated(before, input);
          await commitChange(m, caller.actor, { events, audit: entry ? [entry] : [] });
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
  async remove(ids: string[], caller: RequestUser): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      const targets = await this.authorize(m, ids, caller, 'delete', true);
      await this.sessions.revokeAllForUsers(m, ids, 'deleted', null, caller.actor);
      await repo.deleteUsers(m, ids);
      await commitChange(m, caller.actor, {
        events: targets.map((t) => ({ type: 'user.deleted', payload: userRef(t) })),
        audit: targets.map(userDeleted),
      });
      const message = ids.length === 1 ? ORG_MSG.success.userDeleted : ORG_MSG.success.usersDeleted;
      return { status: 200, message, data: { deleted: targets.length } };
    });
  }

  /**
   * `GET user/resend/{id}`: emails the sign-in and set-password links (never a password). A person
   * invited who has not accepted yet gets a new invitation instead (a revoked invitation
   * is not bypassed by a set-password link).
   */
  async resend(id: string, caller: RequestUser): Promise<{ status: number; message: string }> {
    return this.db.transaction(async (m) => {
      const [target] = await this.authorize(m, [id], caller, 'write');
      // Either mail spends the recipient's one mail budget (counted in this transaction), whoever asks.
      if (await resendOpenInvitation(m, caller.actor, target)) return { status: 200, message: ORG_MSG.user.resent };
      await spendMailToRecipient(m, target.email, ORG_MSG.user.resendTooMany);
      await commitChangeWithLink(m, caller.actor, target.id, {
        events: [{ type: 'user.resend_requested', payload: userRef(target) }],
      });
      return { status: 200, message: ORG_MSG.user.resent };
    });
  }

  /**
   * Set-based access check (the pattern of Immich's `requireAccess`). Unknown ids and users of another
   * company are 404 alike; visible but protected targets (self, superadmins, an admin's fellow
   * admins) are 403. Returns the rows in the order of `ids`. Also used by invitations.
   */
  async authorize(db: Db, ids: string[], caller: RequestUser, intent: Intent, lock = false): Promise<TargetRow[]> {
    const rows = await repo.findTargets(db, ids, lock);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const notFound = new ApiException(404, ORG_MSG.user.notFound);
    if (!ids.every((id) => byId.has(id))) throw notFound;
    const targets = ids.map((id) => byId.get(id)!);
    requireAccess(caller, { companies: targets.map((t) => t.company_id) }, notFound);
    if (intent === 'read') return targets;
    for (const t of targets) {
      if (t.id === caller.id) {
        throw new ApiException(
          403,
          intent === 'delete' ? ORG_MSG.user.cannotDeleteSelf : ORG_MSG.user.cannotChangeSelf,
        );
      }
      if (t.role === 'superadmin') throw new ApiException(403, ORG_MSG.user.cannotTouchSuperadmin);
      if (!isSuperadmin(caller) && t.role !== 'employee') throw new ApiException(403, ORG_MSG.user.cannotTouchAdmin);
    }
    return targets;
  }

  private async loadDetail(db: Db, id: string): Promise<UserDetail> {
    const detail = await repo.findUserDetail(db, id);
    if (!detail) throw new ApiException(404, ORG_MSG.user.notFound);
    return detail;
  }
}
