import { z } from 'zod';
import { EMAIL_STATUSES } from './email-deliverability';
import { isUuid } from './org/schemas';
import { isoDateSchema } from './calendar';

/* Operations dashboard and the bounce webhook: request schemas and their messages. */

export const OPS_MSG = {
  signature: 'Invalid signature',
  accepted: 'Accepted',
  typeInvalid: "type must be 'bounce', 'complaint' or 'delivered'",
  recipientInvalid: 'recipient must be an email address',
  statusInvalid: 'status must be an enhanced status code such as 5.1.1',
  diagnosticInvalid: 'diagnostic must be text of at most 1000 characters',
  messageIdInvalid: 'message_id must be text of at most 998 characters',
  atInvalid: 'at must be an ISO 8601 date-time',
  beforeInvalid: 'before must be an ISO 8601 date-time',
  kindInvalid: 'kind is not a known activity kind',
  companyInvalid: 'companyId must be a valid id',
  limitInvalid: 'limit must be a whole number from 1 to 200',
  fromInvalid: 'from must be a date (YYYY-MM-DD)',
  toInvalid: 'to must be a date (YYYY-MM-DD)',
  rangeInvalid: 'from must not be after to',
  dormantInvalid: 'dormant must be a whole number of days from 1 to 3650',
  queueInvalid: 'queue must be one of notifications, email, files, imports, pricelists',
  jobNotFound: 'Job not found',
  jobNotFailed: 'The job is no longer failed',
  emailStatusInvalid: `status must be one of ${EMAIL_STATUSES.join(', ')}`,
  pageInvalid: 'page must be a whole number from 1',
  qInvalid: 'q must be text of at most 200 characters',
  addressInvalid: 'address must be an email address',
  suppressionNotFound: 'This address is not suppressed',
  suppressionLifted: 'The address will receive emails again',
  retried: 'The job was queued again',
  discarded: 'The job was discarded',
} as const;

/** Body of `POST /api/email-events` (after its signature checked out). */
export const emailEventSchema = z.object({
  type: z.enum(['bounce', 'complaint', 'delivered'], { error: OPS_MSG.typeInvalid }),
  recipient: z
    .string({ error: OPS_MSG.recipientInvalid })
    .trim()
    .toLowerCase()
    .max(254, OPS_MSG.recipientInvalid)
    .regex(/^[^\s@]+@[^\s@]+$/, OPS_MSG.recipientInvalid),
  message_id: z.string({ error: OPS_MSG.messageIdInvalid }).max(998, OPS_MSG.messageIdInvalid).optional(),
  status: z
    .string({ error: OPS_MSG.statusInvalid })
    .regex(/^[245]\.\d{1,3}\.\d{1,3}$/, OPS_MSG.statusInvalid)
    .optional(),
  diagnostic: z.string({ error: OPS_MSG.diagnosticInvalid }).max(1000, OPS_MSG.diagnosticInvalid).optional(),
  at: z.iso.datetime({ offset: true, error: OPS_MSG.atInvalid }).optional(),
});
export type EmailEventInput = z.infer<typeof emailEventSchema>;

/** How far a webhook's timestamp may be from the server's clock. */
export const WEBHOOK_MAX_SKEW_S = 300;

export const ACTIVITY_KINDS = [
  'signin',
  'signin_failed',
  'pricelist',
  'import',
  'quote',
  'search_zero',
  'bounce',
  'job_failed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const intParam = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
const optionalUuid = (message: string) =>
  z
    .string()
    .refine((v) => isUuid(v), message)
    .transform((v) => v.toLowerCase())
    .optional();
const day = (message: string) => isoDateSchema(message);

/** `GET ops/activity?before&kind&companyId&limit` */
export const opsActivityQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: OPS_MSG.beforeInvalid }).optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: OPS_MSG.kindInvalid }).optional(),
  companyId: optionalUuid(OPS_MSG.companyInvalid),
  limit: intParam(1, 200, OPS_MSG.limitInvalid).default(50),
});
export type OpsActivityQuery = z.infer<typeof opsActivityQuerySchema>;

/** `GET ops/usage?from&to&dormant` */
export const opsUsageQuerySchema = z
  .object({
    from: day(OPS_MSG.fromInvalid).optional(),
    to: day(OPS_MSG.toInvalid).optional(),
    dormant: intParam(1, 3650, OPS_MSG.dormantInvalid).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: OPS_MSG.rangeInvalid, path: ['from'] });
export type OpsUsageQuery = z.infer<typeof opsUsageQuerySchema>;

export const OPS_QUEUES = ['notifications', 'email', 'files', 'imports', 'pricelists'] as const;

/** `GET ops/jobs/failed?queue` */
export const opsFailedJobsQuerySchema = z.object({
  queue: z.enum(OPS_QUEUES, { error: OPS_MSG.queueInvalid }).optional(),
});

/** `POST ops/jobs/{queue}/{id}/retry|discard` path. */
export const opsJobParamsSchema = z.object({
  queue: z.enum(OPS_QUEUES, { error: OPS_MSG.queueInvalid }),
  id: z.string().min(1, OPS_MSG.jobNotFound).max(200, OPS_MSG.jobNotFound),
});

/** `GET ops/email?status&q&page` */
export const opsEmailQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES, { error: OPS_MSG.emailStatusInvalid }).optional(),
  q: z.string({ error: OPS_MSG.qInvalid }).trim().max(200, OPS_MSG.qInvalid).optional(),
  page: intParam(1, 100000, OPS_MSG.pageInvalid).default(1),
});
export type OpsEmailQuery = z.infer<typeof opsEmailQuerySchema>;

/** `DELETE ops/email/suppressions/{address}` */
export const suppressionAddressSchema = z
  .string({ error: OPS_MSG.addressInvalid })
  .trim()
  .toLowerCase()
  .max(254, OPS_MSG.addressInvalid)
  .regex(/^[^\s@]+@[^\s@]+$/, OPS_MSG.addressInvalid);
