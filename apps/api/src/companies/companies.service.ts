import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  MULTIPLIER_LABELS,
  Multiplier,
  ORG_MSG,
  type CompanyListQuery,
  type CreateCompanyInput,
  type UpdateCompanyInput,
} from '@portal/domain';
import { commitChange, type Db } from '@portal/db';
import { companyCreated, companyDeleted, companyUpdated, userCreated } from '../audit/org-entries';
import { requireAccess } from '../common/access';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { PasswordService } from '../auth/password.service';
import { SessionsService } from '../auth/sessions.service';
import { assertEmailFree, commitChangeWithLink, rethrowDuplicateEmail } from '../org/org';
import { companyExists, insertUser, toUserRow, userIdsOfCompany } from '../org/org.repository';
import { inviteNewUser, unusablePassword } from '../org/invitation-changes';
import { spendMailToRecipient } from '../org/mail-budget';
import * as repo from './companies.repository';

const PERCENT_LABELS = MULTIPLIER_LABELS;

@Injectable()
export class CompaniesService {
  constructor(
    private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** `GET company?page&limit&search&sortBy&sortOrder`: one query for the page and its total. */
  async list(q: CompanyListQuery): Promise<CompanyListResponse> {
    const { list, total } = await repo.companyPage(this.db, q);
    return { status: 200, data: { list, total, page: q.page, limit: q.limit } };
  }

  /** `GET company/` without paging: every company for the selects, by name. */
  async options(): Promise<CompanyOptionsResponse> {
    const list = await repo.companyOptions(this.db);
    return { status: 200, data: { list, total: list.length } };
  }

  async detail(id: string): Promise<CompanyDetailResponse> {
    const company = await this.findOne(this.db, id);
    return {
      status: 200,
      // Both readings of the response: data.company, and data as the company itself.
      data: { ...company, company, totalAdmins: company.total_admins, totalEmployees: company.total_employees },
    };
  }

  /** `POST company`: the company and its administrator, in one transaction. */
  async create(input: CreateCompanyInput, caller: RequestUser): Promise<CreateCompanyResponse> {
    await assertEmailFree(this.db, input.email);
    const passwordHash = await this.passwords.hash(input.invite ? unusablePassword() : input.password!);
    try {
      return await this.db.transaction(async (m) => {
        const companyId = await repo.insertCompany(m, input.name);
        const admin = (await insertUser(m, {
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'admin',
          companyId,
        }))!;
        const created = await this.findOne(m, companyId);
        const change = {
          events: [
            {
              type: 'company.created' as const,
              payload: {
                companyId,
                name: input.name,
                admin: {
                  userId: admin._id,
                  username: admin.username,
                  email: admin.email,
                  role: 'admin' as const,
                  companyId,
                  companyName: input.name,
                },
                ...(input.invite ? { invited: true } : {}),
              },
            },
          ],
          audit: [
            companyCreated(created),
            userCreated({ ...admin, id: admin._id, role: 'admin', status: admin.status }),
          ],
        };
        // An invited administrator gets the invitation's link, not a set-password link.
        if (input.invite) await commitChange(m, caller.actor, change);
        else {
          await spendMailToRecipient(m, admin.email);
          await commitChangeWithLink(m, caller.actor, admin._id, change);
        }
        const invitation = input.invite ? await inviteNewUser(m, caller.actor, admin) : null;
        return {
          status: 200,
          message: ORG_MSG.success.companyAdded,
          data: { company: created, admin: { ...toUserRow(admin), invitation } },
        };
      });
    } catch (err) {
      rethrowDuplicateEmail(err);
    }
  }

  /** `PATCH company/{id}`. Deactivating ends every session of the company's users at once. */
  async update(id: string, input: UpdateCompanyInput, caller: RequestUser): Promise<UpdateCompanyResponse> {
    return this.db.transaction(async (m) => {
      const before = await this.findOne(m, id, true);
      const changes = companyChanges(before, input);
      if (changes.length) {
        await repo.updateCompany(m, id, input);
        if (before.status && input.status === false) {
          const userIds = await userIdsOfCompany(m, id);
          await this.sessions.revokeAllForUsers(m, userIds, 'disabled', null, caller.actor);
        }
        const entry = companyUpdated(id, before, asPercentages(input));
        await commitChange(m, caller.actor, {
          events: [{ type: 'company.updated', payload: { companyId: id, name: input.name ?? before.name, changes } }],
          audit: entry ? [entry] : [],
        });
      }
      const company = changes.length ? await this.findOne(m, id) : before;
      return { status: 200, message: ORG_MSG.success.dataUpdated, data: { company } };
    });
  }

  /** `DELETE company/{id}`: the company and all its users (cascade), their sessions ended, in one transaction. */
  async remove(id: string, caller: RequestUser): Promise<DeleteResponse> {
    return this.db.transaction(async (m) => {
      const company = await this.findOne(m, id, true);
      const userIds = await userIdsOfCompany(m, id, true);
      await this.sessions.revokeAllForUsers(m, userIds, 'deleted', null, caller.actor);
      await repo.deleteCompany(m, id);
      await commitChange(m, caller.actor, {
        events: [
          { type: 'company.deleted', payload: { companyId: id, name: company.name, deletedUsers: userIds.length } },
        ],
        audit: [companyDeleted(company, userIds.length)],
      });
      return { status: 200, message: ORG_MSG.success.companyDeleted, data: { deleted: userIds.length } };
    });
  }

  /**
   * `GET company/user/{companyId}[?status]`: the company's users. An admin reaches only their own
   * company (from the session); any other id is 404, exactly like an unknown one.
   */
  async users(
    companyId: string,
    status: boolean | undefined,
    caller: RequestUser,
    search = '',
  ): Promise<CompanyUsersResponse> {
    requireAccess(caller, { companies: [companyId] }, new ApiException(404, ORG_MSG.company.notFound));
    const users = await repo.companyUsers(this.db, companyId, status, search);
    if (!users.length && !(await companyExists(this.db, companyId))) {
      throw new ApiException(404, ORG_MSG.company.notFound);
    }
    return { status: 200, data: { users, totalcount: users.length } };
  }

  private async findOne(db: Db, id: string, lock = false): Promise<CompanyListItem> {
    if (lock && !(await companyExists(db, id, true))) throw new ApiException(404, ORG_MSG.company.notFound);
    const company = await repo.findCompany(db, id);
    if (!company) throw new ApiException(404, ORG_MSG.company.notFound);
    return company;
  }
}

/** What an update changes, as the notification lists it. */
function companyChanges(before: CompanyListItem, input: UpdateCompanyInput): OrgChange[] {
  const changes: OrgChange[] = [];
  if (input.name !== undefined && input.name !== before.name) {
    changes.push({ field: 'name', label: 'Name', from: `"${before.name}"`, to: `"${input.name}"` });
  }
  if (input.status !== undefined && input.status !== before.status) {
    changes.push({ field: 'status', label: 'Status', from: statusLabel(before.status), to: statusLabel(input.status) });
  }
  for (const field of Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]) {
    const next = input[field];
    const prev = Multiplier.fromPercentage(before[field])!;
    if (next !== undefined && next !== prev) {
      changes.push({
        field,
        label: PERCENT_LABELS[field],
        from: Multiplier.toMultiplierText(prev),
        to: Multiplier.toMultiplierText(next),
      });
    }
  }
  return changes;
}

/** The input with its multipliers as the percentage numbers the audit log records. */
function asPercentages(input: UpdateCompanyInput): Partial<CompanyListItem> {
  const out: Partial<CompanyListItem> = { name: input.name, status: input.status };
  for (const field of Object.keys(PERCENT_LABELS) as (keyof typeof PERCENT_LABELS)[]) {
    const units = input[field];
    if (units !== undefined) out[field] = Multiplier.toPercentageNumber(units);
  }
  return out;
}

function statusLabel(active: boolean): string {
  return active ? 'Active' : 'Inactive';
}
