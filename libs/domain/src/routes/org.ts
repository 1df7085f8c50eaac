import { z } from 'zod';
import {
  acceptInvitationSchema,
  addAdministratorSchema,
  addCompanyUserSchema,
  bulkDeleteUsersSchema,
  companyListQuerySchema,
  createCompanySchema,
  deleteNotificationsSchema,
  employeeListQuerySchema,
  idSchema,
  invitationTokenSchema,
  isUuid,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  ORG_MSG,
  statusQuerySchema,
  updateCompanySchema,
  updateUserSchema,
  userListQuerySchema,
} from '../org';
import { defineRoutes, messageOnly, ok, publicRoute, roles } from './route';
import {
  companyOptionSchema,
  companySchema,
  passwordLoginAnswerSchema,
  notificationViewSchema,
  userDetailSchema,
  userInvitationSchema,
  userRowSchema,
  invitationStatusSchema,
} from './wire';

const deleted = ok(z.object({ deleted: z.number().int() }));
const userList = ok(z.object({ users: z.array(userRowSchema), totalcount: z.number().int() }));

const PAGED_KEYS = ['page', 'limit', 'search', 'sortBy', 'sortOrder'];

/**
 * `GET company`: with any paging/search/sort parameter a page (validated); without, every company
 * for selects (`undefined` here).
 */
export const companyListOrOptionsQuerySchema = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object' && PAGED_KEYS.some((k) => (raw as Record<string, unknown>)[k] !== undefined)
      ? raw
      : undefined,
  companyListQuerySchema.optional(),
);

const userIdParams = z.object({ id: idSchema });

export const COMPANY_ROUTES = defineRoutes('companies', {
  list: {
    method: 'GET',
    path: 'company',
    summary:
      'With paging/search/sort parameters: a page (`data.list`, `data.total`); without: every company, for selects.',
    access: roles('superadmin'),
    query: companyListOrOptionsQuerySchema,
    status: 200,
    response: z.union([
      ok(
        z.object({
          list: z.array(companySchema),
          total: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
        }),
      ),
      ok(z.object({ list: z.array(companyOptionSchema), total: z.number().int() })),
    ]),
  },
  create: {
    method: 'POST',
    path: 'company',
    summary: 'Add a customer company with its price multipliers.',
    access: roles('superadmin'),
    body: createCompanySchema,
    status: 200,
    response: ok(z.object({ company: companySchema, admin: userRowSchema })),
  },
  users: {
    method: 'GET',
    path: 'company/user/:companyId',
    summary: "A company's users (admins: their own company only).",
    access: roles('superadmin', 'admin'),
    params: z.object({ companyId: idSchema }),
    query: statusQuerySchema,
    status: 200,
    response: userList,
  },
  detail: {
    method: 'GET',
    path: 'company/:id',
    summary: 'One company.',
    access: roles('superadmin'),
    params: userIdParams,
    status: 200,
    response: ok(
      companySchema.extend({
        company: companySchema,
        totalAdmins: z.number().int(),
        totalEmployees: z.number().int(),
      }),
    ),
  },
  update: {
    method: 'PATCH',
    path: 'company/:id',
    summary: 'Change a company (name, status, multipliers).',
    access: roles('superadmin'),
    params: userIdParams,
    body: updateCompanySchema,
    status: 200,
    response: ok(z.object({ company: companySchema })),
  },
  remove: {
    method: 'DELETE',
    path: 'company/:id',
    summary: 'Delete a company and its users.',
    access: roles('superadmin'),
    params: userIdParams,
    status: 200,
    response: deleted,
  },
});

export const USER_ROUTES = defineRoutes('users', {
  create: {
    method: 'POST',
    path: 'user',
    summary:
      'Add a user. A superadmin names the company and the role; an admin always adds an employee of their own company (company and role in the body are ignored).',
    access: roles('superadmin', 'admin'),
    body: { byRole: { superadmin: addAdministratorSchema, admin: addCompanyUserSchema } },
    status: 201,
    response: ok(userRowSchema),
  },
  administrators: {
    method: 'GET',
    path: 'user',
    summary: 'Administrators and employees of every company, a page.',
    access: roles('superadmin'),
    query: userListQuerySchema,
    status: 200,
    response: userList,
  },
  stats: {
    method: 'GET',
    path: 'user/total',
    summary: 'Counts for the dashboard.',
    access: roles('superadmin'),
    status: 200,
    response: ok(
      z.object({ activeCompanies: z.number().int(), totalEmployees: z.number().int(), totalAdmins: z.number().int() }),
    ),
  },
  employees: {
    method: 'GET',
    path: 'user/employee',
    summary: "The admin's company's employees, a page.",
    access: roles('admin'),
    query: employeeListQuerySchema,
    status: 200,
    response: userList,
  },
  bulkRemove: {
    method: 'DELETE',
    path: 'user/bulk',
    summary: 'Delete several users (all or nothing).',
    access: roles('superadmin', 'admin'),
    body: bulkDeleteUsersSchema,
    status: 200,
    response: deleted,
  },
  resend: {
    method: 'GET',
    path: 'user/resend/:id',
    summary: 'Send the welcome email again.',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    status: 200,
    response: messageOnly,
  },
  detail: {
    method: 'GET',
    path: 'user/:id',
    summary: 'One user.',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    status: 200,
    response: ok(userDetailSchema),
  },
  update: {
    method: 'PATCH',
    path: 'user/:id',
    summary: 'Change a user.',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    body: updateUserSchema,
    status: 200,
    response: ok(userDetailSchema),
  },
  remove: {
    method: 'DELETE',
    path: 'user/:id',
    summary: 'Delete a user.',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    status: 200,
    response: deleted,
  },
  liftEmailSuppression: {
    method: 'DELETE',
    path: 'user/:id/email-suppression',
    summary: '"Try again" for one person\'s bounced address (admins: their own company\'s people).',
    access: roles('superadmin', 'admin'),
    params: z.object({ id: z.string().refine(isUuid, ORG_MSG.invalidId) }),
    paramRefusals: { id: { status: 404, message: 'User not found' } },
    status: 200,
    response: ok(z.object({ _id: z.string(), email_status: z.literal('ok') })),
  },
});

export const INVITATION_ROUTES = defineRoutes('invitations', {
  resend: {
    method: 'POST',
    path: 'user/:id/invitation/resend',
    summary: 'A new invitation link (the previous one stops working).',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    status: 200,
    response: ok(userInvitationSchema),
  },
  revoke: {
    method: 'DELETE',
    path: 'user/:id/invitation',
    summary: 'Revoke the pending invitation.',
    access: roles('superadmin', 'admin'),
    params: userIdParams,
    status: 200,
    response: ok(userInvitationSchema),
  },
  check: {
    method: 'POST',
    path: 'invitation/check',
    summary: 'Whether an invitation link still works (the token travels in the body).',
    access: publicRoute,
    body: invitationTokenSchema,
    status: 200,
    response: ok(
      z.object({
        status: invitationStatusSchema,
        email: z.string(),
        username: z.string(),
        expires_at: z.string(),
        new_link_requested: z.boolean(),
      }),
    ),
  },
  accept: {
    method: 'POST',
    path: 'invitation/accept',
    summary: 'Set a password with an invitation link and sign in.',
    access: publicRoute,
    body: acceptInvitationSchema,
    status: 200,
    response: passwordLoginAnswerSchema,
  },
  requestNew: {
    method: 'POST',
    path: 'invitation/request-new',
    summary: 'Ask for a new link from an expired one.',
    access: publicRoute,
    body: invitationTokenSchema,
    status: 200,
    response: messageOnly,
  },
});

export const NOTIFICATION_ROUTES = defineRoutes('notifications', {
  list: {
    method: 'GET',
    path: 'notification',
    summary: "The superadmins' notifications feed, a page.",
    access: roles('superadmin'),
    query: notificationListQuerySchema,
    status: 200,
    response: ok(z.object({ notification: z.array(notificationViewSchema), totalcount: z.number().int() })),
  },
  remove: {
    method: 'DELETE',
    path: 'notification',
    summary: 'Delete notifications.',
    access: roles('superadmin'),
    body: deleteNotificationsSchema,
    status: 200,
    response: deleted,
  },
  unreadCount: {
    method: 'GET',
    path: 'notification/unread-count',
    summary: 'How many are unread for you.',
    access: roles('superadmin'),
    status: 200,
    response: ok(z.object({ unread: z.number().int() })),
  },
  markRead: {
    method: 'PATCH',
    path: 'notification/read',
    summary: 'Mark notifications (or all) read or unread for you.',
    access: roles('superadmin'),
    body: markNotificationsReadSchema,
    status: 200,
    response: ok(z.object({ updated: z.number().int(), unread: z.number().int() })),
  },
});
