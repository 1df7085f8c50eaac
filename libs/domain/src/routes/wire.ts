import { z } from 'zod';
import { ROLE_KEYS } from '@portal/contracts';

/*
 * Response schemas shared by several areas: what the API sends, field for field (the names of the
 * original client: `_id`, `createdAt`, `discount_percentage` …). Dates are ISO strings on the wire.
 */

const role = z.enum(ROLE_KEYS);
const isoDate = z.string();
const emailStatus = z.enum(['ok', 'bounced', 'suppressed']);

export const sessionUserSchema = z.object({
  _id: z.string(),
  role_key: role,
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  picture: z.string().nullable().optional(),
});

/** A signed-in session: the bearer token and its user. */
export const loginAnswerSchema = z.object({ status: z.number().int(), token: z.string(), data: sessionUserSchema });

/** `POST login`: a session; a challenge (two-factor accounts); or an enrolment-only session. */
export const passwordLoginAnswerSchema = z.union([
  loginAnswerSchema.extend({ mfa_enrolment_required: z.literal(true).optional() }),
  z.object({ status: z.number().int(), mfa_required: z.literal(true), mfa_token: z.string() }),
]);

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.boolean(),
  createdAt: isoDate,
  picture: z.string().nullable(),
  discount_percentage: z.number(),
  rigidflow_percentage: z.number(),
  minipro_percentage: z.number(),
  polyroll_percentage: z.number(),
  total_admins: z.number(),
  total_employees: z.number(),
  approval_threshold: z.number().nullable(),
});

export const companyOptionSchema = z.object({ _id: z.string(), name: z.string(), status: z.boolean() });

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'expired', 'revoked', 'superseded']);
export const userInvitationSchema = z.object({ status: invitationStatusSchema, sent_at: isoDate, expires_at: isoDate });

export const userRowSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.boolean(),
  last_login: isoDate.nullable(),
  createdAt: isoDate,
  role_key: role,
  role_name: z.string(),
  companyName: z.string().nullable(),
  company_id: z.string().nullable(),
  email_status: emailStatus.optional(),
  current_login: isoDate.nullable(),
  invitation: userInvitationSchema.nullable(),
});

export const userDetailSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.boolean(),
  picture: z.string().nullable(),
  last_login: isoDate.nullable(),
  current_login: isoDate.nullable(),
  createdAt: isoDate,
  role_id: z.object({ key: role }),
  role_key: role,
  role_name: z.string(),
  company_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
  companyName: z.string().nullable(),
  email_status: emailStatus.optional(),
  invitation: userInvitationSchema.nullable(),
});

export const notificationViewSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  description: z.string(),
  date: isoDate,
  read_status: z.boolean(),
  actor_id: z.string().nullable().optional(),
  link: z.string().nullable().optional(),
});

export const accountProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role_key: role,
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  picture: z.string().nullable(),
  company_picture: z.string().nullable(),
  createdAt: isoDate,
  last_login: isoDate.nullable(),
});

export const requireTwoFactorForSchema = z.enum(['none', 'superadmins', 'admins', 'everyone']);
