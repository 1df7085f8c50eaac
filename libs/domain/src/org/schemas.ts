import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../email';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password';
import { ORG_MSG } from './messages';
import { nameField } from '../text';
import { Multiplier, type MultiplierUnits } from '../catalogue/pricing';
import { newPasswordField } from '../account/schemas';
import { ACCOUNT_MSG } from '../account/messages';
import { INVITATION_MSG } from './invitation';
import { MULTIPLIER_LABELS } from '../catalogue/product-line';

/* ------------------------------------------------------------------ building blocks */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** A path id: anything but a UUID is a 400 'Invalid id' (never a 500 from Postgres). */
export const idSchema = z
  .string({ error: ORG_MSG.invalidId })
  .refine(isUuid, ORG_MSG.invalidId)
  .transform((s) => s.toLowerCase());

/** Names (company, user) are rendered into emails and notifications: no control characters. */
const requiredText = (required: string, max: number, tooLong: string, label: string) =>
  nameField(label, required, max, tooLong);

const email = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, required).refine(isValidEmail, invalid));

const password = (required: string, min: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(MIN_PASSWORD_LENGTH, min)
    .max(MAX_PASSWORD_LENGTH, ORG_MSG.user.passwordTooLong);

/** Selects send 'true'/'false' strings; JSON clients send booleans. */
const booleanish = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: message });

/** `invite: true` sends an invitation instead of taking a password typed by the creator. */
const inviteFlag = booleanish(INVITATION_MSG.inviteInvalid).optional();

/**
 * Either `invite: true` or a password (the spec's client keeps sending a password). Both is a 400
 * naming `invite`; neither is the form's "password required" on `password`.
 */
function passwordOrInvite(v: { invite?: boolean; password?: string }, ctx: z.RefinementCtx, required: string): void {
  if (v.invite && v.password !== undefined) {
    ctx.addIssue({ code: 'custom', message: INVITATION_MSG.inviteOrPassword, path: ['invite'] });
  } else if (!v.invite && v.password === undefined) {
    ctx.addIssue({ code: 'custom', message: required, path: ['password'] });
  }
}

/**
 * A multiplier travels as a percentage (the UI sends multiplier × 100): 0 to 100 with at most two
 * decimals (multiplier step 0.0001). Parsed into the exact `Multiplier` units.
 */
export function percentage(label: string) {
  return unitsField(label, Multiplier.fromPercentage);
}

/** A multiplier as typed in the edit form (0..1, step 0.0001), parsed into `Multiplier` units. */
export function multiplier(label: string) {
  return unitsField(label, Multiplier.fromMultiplier);
}

function unitsField(label: string, parse: (raw: unknown) => MultiplierUnits | null) {
  const message = ORG_MSG.company.multiplierInvalid(label);
  return z.unknown().transform((raw, ctx) => {
    const units = parse(raw);
    if (units === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return units;
  });
}

/* ------------------------------------------------------------------ companies */

/** Add Company modal and `POST company` (password + confirm, or `invite: true`). */
export const createCompanySchema = z
  .object({
    name: requiredText(ORG_MSG.company.nameRequired, 200, ORG_MSG.company.nameTooLong, 'Company Name'),
    username: requiredText(ORG_MSG.company.userNameRequired, 100, ORG_MSG.user.usernameTooLong, 'User Name'),
    email: email(ORG_MSG.company.emailRequired, ORG_MSG.company.emailInvalid),
    password: password(ORG_MSG.company.passwordRequired, ORG_MSG.company.passwordMin).optional(),
    confirm_password: z
      .string({ error: ORG_MSG.company.confirmRequired })
      .min(1, ORG_MSG.company.confirmRequired)
      .min(MIN_PASSWORD_LENGTH, ORG_MSG.company.confirmMin)
      .optional(),
    invite: inviteFlag,
  })
  .superRefine((v, ctx) => {
    passwordOrInvite(v, ctx, ORG_MSG.company.passwordRequired);
    if (v.password === undefined) return;
    if (v.confirm_password === undefined) {
      ctx.addIssue({ code: 'custom', message: ORG_MSG.company.confirmRequired, path: ['confirm_password'] });
    } else if (v.password !== v.confirm_password) {
      ctx.addIssue({ code: 'custom', message: ORG_MSG.company.confirmMatch, path: ['confirm_password'] });
    }
  });
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

/** `PATCH company/{id}`: each field optional (PATCH) but valid when present; unknown fields dropped. */
export const updateCompanySchema = z
  .object({
    name: requiredText(ORG_MSG.company.nameRequired, 200, ORG_MSG.company.nameTooLong, 'Company Name').optional(),
    status: booleanish(ORG_MSG.company.statusInvalid).optional(),
    discount_percentage: percentage(MULTIPLIER_LABELS.discount_percentage).optional(),
    rigidflow_percentage: percentage(MULTIPLIER_LABELS.rigidflow_percentage).optional(),
    minipro_percentage: percentage(MULTIPLIER_LABELS.minipro_percentage).optional(),
    polyroll_percentage: percentage(MULTIPLIER_LABELS.polyroll_percentage).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: ORG_MSG.company.nothingToUpdate });
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

/** Company edit form as the user types it (multipliers 0..1, step 0.0001); sent as `Multiplier` percentages. */
export const companyEditFormSchema = z.object({
  name: requiredText(ORG_MSG.company.nameRequired, 200, ORG_MSG.company.nameTooLong, 'Company Name'),
  status: booleanish(ORG_MSG.company.statusInvalid),
  discount_percentage: multiplier(MULTIPLIER_LABELS.discount_percentage),
  rigidflow_percentage: multiplier(MULTIPLIER_LABELS.rigidflow_percentage),
  minipro_percentage: multiplier(MULTIPLIER_LABELS.minipro_percentage),
  polyroll_percentage: multiplier(MULTIPLIER_LABELS.polyroll_percentage),
});

/** Danger Zone: typing exactly DELETE. */
export function deleteConfirmationError(typed: string): string | null {
  if (typed === '') return ORG_MSG.company.deleteTypeEmpty;
  return typed === 'DELETE' ? null : ORG_MSG.company.deleteTypeWrong;
}

export const COMPANY_SORT_FIELDS = [
  'name',
  'discount_percentage',
  'status',
  'total_admins',
  'total_employees',
  'createdAt',
] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

const intParam = (def: number, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: ORG_MSG.invalidQuery })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: 'custom', message: ORG_MSG.invalidQuery });
        return z.NEVER;
      }
      return Math.min(n, max);
    });

/** Optional `status=true|false` filter; empty means all. */
const statusFilter = z
  .enum(['true', 'false', ''], { error: ORG_MSG.invalidQuery })
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** The `search` query parameter of the lists (username, email; the audit log also the record's name). */
export const listSearchParam = z
  .string({ error: ORG_MSG.invalidQuery })
  .max(200, 'search must be at most 200 characters')
  .optional()
  .transform((s) => s?.trim() ?? '');

export const PAGE_SIZES = { companies: 9, administrators: 20, notifications: 20 } as const;
export const MAX_PAGE_SIZE = 100;

export const companyListQuerySchema = z.object({
  page: intParam(1, 1, 1_000_000),
  limit: intParam(PAGE_SIZES.companies, 1, MAX_PAGE_SIZE),
  search: z
    .string({ error: ORG_MSG.invalidQuery })
    .max(200, ORG_MSG.invalidQuery)
    .optional()
    .transform((s) => s?.trim() ?? ''),
  sortBy: z
    .enum([...COMPANY_SORT_FIELDS, ''], { error: 'Invalid sort field' })
    .optional()
    .transform((v) => (v ? v : 'name') as CompanySortField),
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC', ''], { error: 'Invalid sort order' })
    .optional()
    .transform((v) => (v ? (v.toLowerCase() as 'asc' | 'desc') : 'asc')),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export const statusQuerySchema = z.object({ status: statusFilter, search: listSearchParam });

/* ------------------------------------------------------------------ users */

export const USER_ACTIONS = ['admin', 'employee'] as const;

/** Add Administrator modal on the administrators screen, and superadmin `POST user`. */
export const addAdministratorSchema = z
  .object({
    company_id: z
      .string({ error: ORG_MSG.administrator.companyRequired })
      .min(1, ORG_MSG.administrator.companyRequired)
      .refine(isUuid, ORG_MSG.administrator.companyRequired)
      .transform((s) => s.toLowerCase()),
    username: requiredText(ORG_MSG.administrator.usernameRequired, 100, ORG_MSG.user.usernameTooLong, 'Username'),
    email: email(ORG_MSG.administrator.emailRequired, ORG_MSG.administrator.emailInvalid),
    password: password(ORG_MSG.administrator.passwordRequired, ORG_MSG.administrator.passwordMin).optional(),
    invite: inviteFlag,
    action: z.enum(USER_ACTIONS, { error: ORG_MSG.administrator.actionInvalid }).default('admin'),
  })
  .superRefine((v, ctx) => passwordOrInvite(v, ctx, ORG_MSG.administrator.passwordRequired));
export type AddAdministratorInput = z.infer<typeof addAdministratorSchema>;

/** Add Administrator / Add Employee modals inside a company, and the admin's `POST user`. */
export const addCompanyUserSchema = z
  .object({
    username: requiredText(ORG_MSG.companyUser.userNameRequired, 100, ORG_MSG.user.usernameTooLong, 'User Name'),
    email: email(ORG_MSG.companyUser.emailRequired, ORG_MSG.companyUser.emailInvalid),
    password: password(ORG_MSG.companyUser.passwordRequired, ORG_MSG.companyUser.passwordMin).optional(),
    invite: inviteFlag,
  })
  .superRefine((v, ctx) => passwordOrInvite(v, ctx, ORG_MSG.companyUser.passwordRequired));
export type AddCompanyUserInput = z.infer<typeof addCompanyUserSchema>;

/** `POST user` once validated, whoever sent it: the company and the role resolved. */
export interface NewUserInput {
  username: string;
  email: string;
  /** Null: invite the person (they choose their password through the invitation link). */
  password: string | null;
  companyId: string;
  role: (typeof USER_ACTIONS)[number];
}

/** A superadmin's `POST user` names the company and the role (`action`). */
export function newUserOfSuperadmin(v: AddAdministratorInput): NewUserInput {
  const password = v.invite ? null : v.password!;
  return { username: v.username, email: v.email, password, companyId: v.company_id, role: v.action };
}

/** An admin's `POST user` always creates an employee of the admin's own company. */
export function newUserOfAdmin(v: AddCompanyUserInput, companyId: string): NewUserInput {
  const password = v.invite ? null : v.password!;
  return { username: v.username, email: v.email, password, companyId, role: 'employee' };
}

/**
 * `PATCH user/{id}`: status, username, email. Only these are read — role, company and password in
 * the body are dropped (mass-assignment safe). Each optional (PATCH) but valid when present.
 */
export const updateUserSchema = z
  .object({
    status: booleanish(ORG_MSG.userEdit.statusRequired).optional(),
    username: requiredText(
      ORG_MSG.userEdit.userNameRequired,
      100,
      ORG_MSG.user.usernameTooLong,
      'User Name',
    ).optional(),
    email: email(ORG_MSG.userEdit.emailRequired, ORG_MSG.userEdit.emailInvalid).optional(),
  })
  .refine((v) => v.status !== undefined || v.username !== undefined || v.email !== undefined, {
    message: ORG_MSG.company.nothingToUpdate,
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The detail form (all three required). */
export const userEditFormSchema = z.object({
  status: booleanish(ORG_MSG.userEdit.statusRequired),
  username: requiredText(ORG_MSG.userEdit.userNameRequired, 100, ORG_MSG.user.usernameTooLong, 'User Name'),
  email: email(ORG_MSG.userEdit.emailRequired, ORG_MSG.userEdit.emailInvalid),
});

export const MAX_BULK_IDS = 500;

const idList = (required: string) =>
  z
    .array(z.string({ error: ORG_MSG.invalidId }).refine(isUuid, ORG_MSG.invalidId), { error: required })
    .min(1, required)
    .max(MAX_BULK_IDS, ORG_MSG.user.tooMany)
    .transform((ids) => [...new Set(ids.map((s) => s.toLowerCase()))]);

/** `DELETE user/bulk`: `{ id: [...] }`. */
export const bulkDeleteUsersSchema = z.object({ id: idList(ORG_MSG.user.idsRequired) });

export const userListQuerySchema = z.object({
  page: intParam(1, 1, 1_000_000),
  limit: intParam(PAGE_SIZES.administrators, 1, MAX_PAGE_SIZE),
  status: statusFilter,
  search: listSearchParam,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `GET user/employee`: everything by default (My Company has no pager); page/limit optional. */
export const employeeListQuerySchema = z.object({
  page: intParam(1, 1, 1_000_000),
  limit: intParam(1000, 1, 1000),
  status: statusFilter,
  search: listSearchParam,
});

/* ------------------------------------------------------------------ notifications */

export const notificationListQuerySchema = z.object({
  page: intParam(1, 1, 1_000_000),
  limit: intParam(PAGE_SIZES.notifications, 1, MAX_PAGE_SIZE),
  read_status: statusFilter,
  search: listSearchParam,
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** `DELETE notification/`: `{ ids: [...] }`. */
export const deleteNotificationsSchema = z.object({ ids: idList(ORG_MSG.notification.idsRequired) });

/** `PATCH notification/read`: `{ ids: [...] }` or `{ all: true }` — exactly one of them. */
export const markNotificationsReadSchema = z
  .strictObject(
    {
      ids: idList(ORG_MSG.notification.idsRequired).optional(),
      all: z.literal(true, { error: ORG_MSG.notification.readTarget }).optional(),
    },
    { error: ORG_MSG.notification.readTarget },
  )
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { message: ORG_MSG.notification.readTarget })
  .transform((b): { ids: string[] } | { all: true } => (b.all ? { all: true } : { ids: b.ids ?? [] }));
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/* ------------------------------------------------------------------ invitations */

const invitationToken = z
  .string({ error: INVITATION_MSG.linkInvalid })
  .min(1, INVITATION_MSG.linkInvalid)
  .max(200, INVITATION_MSG.linkInvalid);

/** `POST invitation/accept`: the token from the link and the password the person chose. */
export const acceptInvitationSchema = z.object({
  token: invitationToken,
  password: newPasswordField(ACCOUNT_MSG.reset.passwordRequired, ACCOUNT_MSG.reset.passwordMin),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** `GET invitation?token=` and `POST invitation/request-new`: the token only. */
export const invitationTokenSchema = z.object({ token: invitationToken });
