import type { CompanyListItem } from '@portal/contracts';
import type { UserSummaryRow } from '../auth/auth.repository';
import type { AuditEntry } from '@portal/db';
import { changedFields } from './changed-fields';

/* Audit entries of the companies and users screens: API field names, changed fields only. */

export const COMPANY_AUDIT_FIELDS = [
  'name',
  'status',
  'discount_percentage',
  'rigidflow_percentage',
  'minipro_percentage',
  'polyroll_percentage',
] as const;

type CompanyFields = Pick<CompanyListItem, (typeof COMPANY_AUDIT_FIELDS)[number]>;

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

export function companyCreated(c: CompanyFields & { _id: string }): AuditEntry {
  return {
    action: 'company.created',
    entity: 'company',
    entityId: c._id,
    companyId: c._id,
    after: pick(c, COMPANY_AUDIT_FIELDS),
  };
}

/** One entry per PATCH; `company.status_changed` when the status is all that changed. Null: no change. */
export function companyUpdated(id: string, before: CompanyFields, input: Partial<CompanyFields>): AuditEntry | null {
  const diff = changedFields(before, input, COMPANY_AUDIT_FIELDS);
  if (!diff) return null;
  const onlyStatus = Object.keys(diff.after).length === 1 && 'status' in diff.after;
  return {
    action: onlyStatus ? 'company.status_changed' : 'company.updated',
    entity: 'company',
    entityId: id,
    companyId: id,
    ...diff,
  };
}

export function companyDeleted(c: CompanyFields & { _id: string }, deletedUsers: number): AuditEntry {
  return {
    action: 'company.deleted',
    entity: 'company',
    entityId: c._id,
    companyId: c._id,
    before: { ...pick(c, COMPANY_AUDIT_FIELDS), users: deletedUsers },
  };
}

type UserFields = Omit<UserSummaryRow, 'company_name'> & { status: boolean };

const USER_AUDIT_FIELDS = ['username', 'email', 'status'] as const;

export function userCreated(u: UserFields): AuditEntry {
  return {
    action: 'user.created',
    entity: 'user',
    entityId: u.id,
    companyId: u.company_id,
    after: { username: u.username, email: u.email, role: u.role, status: u.status, company_id: u.company_id },
  };
}

/** `user.disabled` / `user.enabled` when the status is all that changed, else `user.updated`. */
export function userUpdated(
  before: UserFields,
  input: Partial<Pick<UserFields, (typeof USER_AUDIT_FIELDS)[number]>>,
): AuditEntry | null {
  const diff = changedFields(before, input, USER_AUDIT_FIELDS);
  if (!diff) return null;
  const onlyStatus = Object.keys(diff.after).length === 1 && 'status' in diff.after;
  const action = onlyStatus ? (diff.after.status ? 'user.enabled' : 'user.disabled') : 'user.updated';
  return { action, entity: 'user', entityId: before.id, companyId: before.company_id, ...diff };
}

export function userDeleted(u: UserFields): AuditEntry {
  return {
    action: 'user.deleted',
    entity: 'user',
    entityId: u.id,
    companyId: u.company_id,
    before: { username: u.username, email: u.email, role: u.role, status: u.status },
  };
}
