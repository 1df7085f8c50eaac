import { z } from 'zod';
import {
  opsActivityQuerySchema,
  opsEmailQuerySchema,
  OPS_QUEUES,
  opsFailedJobsQuerySchema,
  opsJobParamsSchema,
  opsUsageQuerySchema,
  suppressionAddressSchema,
} from '../ops';
import { ROLE_KEYS } from '@portal/contracts';
import { defineRoutes, messageOnly, ok, publicRoute, roles } from './route';

const n = z.number();
const ref = z.object({ _id: z.string(), name: z.string() });
const list = <T extends z.ZodType>(row: T) => ok(z.object({ list: z.array(row) }));

export const opsSummarySchema = z.object({
  status: z.object({ ok: z.boolean(), sentence: z.string() }),
  online: z.object({ total: n, superadmin: n, admin: n, employee: n }),
  queues: z.array(z.object({ name: z.string(), waiting: n, active: n, delayed: n, failed: n })),
  workers: z.array(
    z.object({
      id: z.string(),
      hostname: z.string(),
      pid: n,
      last_beat: z.string(),
      stale: z.boolean(),
      stopped: z.boolean(),
    }),
  ),
  outbox: z.object({ pending: n, oldest_age_s: n.nullable() }),
  email: z.object({ sent: n, deferred: n, failed: n, bounced: n, suppressed: n, complained: n }),
  quotes: z
    .object({ submitted: n, in_review: n, info_requested: n, quoted: n, oldest_waiting_s: n.nullable() })
    .optional(),
  search: z.object({ searches: n, zero_results: n, zero_result_share: n.nullable() }).optional(),
  computed_at: z.string(),
});

const jobAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.object({ queue: z.string(), _id: z.string() }),
});

const office = roles('superadmin');

export const OPS_ROUTES = defineRoutes('ops', {
  summary: {
    method: 'GET',
    path: 'ops/summary',
    summary: 'The operations summary.',
    access: office,
    status: 200,
    response: ok(opsSummarySchema),
  },
  online: {
    method: 'GET',
    path: 'ops/online',
    summary: 'Who is online now.',
    access: office,
    status: 200,
    response: list(
      z.object({
        user: z.object({ _id: z.string(), username: z.string(), role: z.enum(ROLE_KEYS) }),
        company: ref.nullable(),
        since: z.string(),
        last_seen: z.string(),
      }),
    ),
  },
  activity: {
    method: 'GET',
    path: 'ops/activity',
    summary: 'The activity feed.',
    access: office,
    query: opsActivityQuerySchema,
    status: 200,
    response: list(
      z.object({
        _id: z.string(),
        kind: z.string(),
        at: z.string(),
        text: z.string(),
        link: z.object({ entity: z.string(), _id: z.string(), href: z.string() }).nullable(),
        company: ref.nullable(),
      }),
    ),
  },
  usage: {
    method: 'GET',
    path: 'ops/usage',
    summary: 'Usage per company and day.',
    access: office,
    query: opsUsageQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(
          z.object({
            company: ref.extend({ status: z.boolean() }),
            users: n,
            active_users_7d: n,
            active_users_30d: n,
            signins: n,
            searches: n.nullable(),
            zero_result_share: n.nullable(),
            pricelists: n,
            quote_requests: n.nullable(),
            last_activity: z.string().nullable(),
            dormant: z.boolean(),
            daily_signins: z.array(n),
          }),
        ),
        from: z.string(),
        to: z.string(),
      }),
    ),
  },
  failedJobs: {
    method: 'GET',
    path: 'ops/jobs/failed',
    summary: 'Failed background jobs.',
    access: office,
    query: opsFailedJobsQuerySchema,
    status: 200,
    response: list(
      z.object({
        queue: z.enum(OPS_QUEUES),
        _id: z.string(),
        name: z.string(),
        event_type: z.string().nullable(),
        reason: z.string(),
        attempts: n,
        failed_at: z.string().nullable(),
      }),
    ),
  },
  retryJob: {
    method: 'POST',
    path: 'ops/jobs/:queue/:id/retry',
    summary: 'Run a failed job again.',
    access: office,
    params: opsJobParamsSchema,
    paramsWhole: true,
    status: 200,
    response: jobAnswer,
  },
  discardJob: {
    method: 'POST',
    path: 'ops/jobs/:queue/:id/discard',
    summary: 'Discard a failed job.',
    access: office,
    params: opsJobParamsSchema,
    paramsWhole: true,
    status: 200,
    response: jobAnswer,
  },
  email: {
    method: 'GET',
    path: 'ops/email',
    summary: 'Outgoing email and its delivery status.',
    access: office,
    query: opsEmailQuerySchema,
    status: 200,
    response: ok(
      z.object({
        list: z.array(
          z.object({
            event_id: z.string(),
            recipient: z.string(),
            template: z.string(),
            status: z.enum(['sent', 'deferred', 'failed', 'bounced', 'suppressed', 'complained']),
            smtp_code: n.nullable(),
            enhanced_status: z.string().nullable(),
            diagnostic: z.string().nullable(),
            attempts: n,
            sent_at: z.string(),
            updated_at: z.string(),
          }),
        ),
        total: n,
        page: n,
        limit: n,
      }),
    ),
  },
  suppressions: {
    method: 'GET',
    path: 'ops/email/suppressions',
    summary: 'Suppressed addresses (bounced or complained).',
    access: office,
    status: 200,
    response: list(
      z.object({
        address: z.string(),
        reason: z.enum(['hard_bounce', 'complaint', 'soft_bounces']),
        smtp_code: n.nullable(),
        enhanced_status: z.string().nullable(),
        diagnostic: z.string().nullable(),
        created_at: z.string(),
        user: z.object({ _id: z.string(), username: z.string() }).nullable(),
        company: ref.nullable(),
      }),
    ),
  },
  liftSuppression: {
    method: 'DELETE',
    path: 'ops/email/suppressions/:address',
    summary: 'Send to a suppressed address again.',
    access: office,
    params: z.object({ address: suppressionAddressSchema }),
    status: 200,
    response: z.object({ status: z.number().int(), message: z.string(), data: z.object({ address: z.string() }) }),
  },
  emailEvents: {
    method: 'POST',
    path: 'email-events',
    summary: 'Delivery reports from an SMTP relay (server to server, signed over the raw body).',
    access: publicRoute,
    signedWebhook: true,
    headers: z.object({
      'x-portal-timestamp': z.string().optional().catch(undefined),
      'x-portal-signature': z.string().optional().catch(undefined),
    }),
    body: z.unknown(),
    status: 202,
    response: messageOnly,
  },
});
