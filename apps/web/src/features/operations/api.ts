import { OPS_ROUTES } from '@portal/domain';
import { call, type RouteData, type RouteQuery } from '../../shared/api';

/* The operations dashboard's calls (superadmin only). */

export type OpsSummary = RouteData<typeof OPS_ROUTES.summary>;
export type OpsFailedJob = RouteData<typeof OPS_ROUTES.failedJobs>['list'][number];
export type OpsSuppressionEntry = RouteData<typeof OPS_ROUTES.suppressions>['list'][number];

export const opsKeys = {
  all: ['ops'] as const,
  summary: ['ops', 'summary'] as const,
  online: ['ops', 'online'] as const,
  activity: (kind: string, companyId: string) => ['ops', 'activity', kind, companyId] as const,
  usage: (dormant: boolean) => ['ops', 'usage', dormant] as const,
  jobs: ['ops', 'jobs'] as const,
  suppressions: ['ops', 'suppressions'] as const,
};

/** The feed's filter as the screen holds it ('' = all). */
type ActivityKind = NonNullable<RouteQuery<typeof OPS_ROUTES.activity>>['kind'];
const activityQuery = (q: { kind?: string; companyId?: string; limit?: number }) => ({
  kind: (q.kind || undefined) as ActivityKind,
  companyId: q.companyId || undefined,
  limit: q.limit ?? 50,
});

export const opsApi = {
  summary: (signal?: AbortSignal) => call(OPS_ROUTES.summary, {}, { signal }).then((r) => r.data),
  online: (signal?: AbortSignal) => call(OPS_ROUTES.online, {}, { signal }).then((r) => r.data.list),
  activity: (q: { kind?: string; companyId?: string; limit?: number }, signal?: AbortSignal) =>
    call(OPS_ROUTES.activity, { query: activityQuery(q) }, { signal }).then((r) => r.data.list),
  usage: (dormant: boolean, signal?: AbortSignal) =>
    call(OPS_ROUTES.usage, { query: { dormant: dormant ? 30 : undefined } }, { signal }).then((r) => r.data.list),
  failedJobs: (signal?: AbortSignal) => call(OPS_ROUTES.failedJobs, { query: {} }, { signal }).then((r) => r.data.list),
  suppressions: (signal?: AbortSignal) => call(OPS_ROUTES.suppressions, {}, { signal }).then((r) => r.data.list),
};

/** The path of a failed job's retry / discard. */
export const jobInput = (job: Pick<OpsFailedJob, 'queue' | '_id'>) => ({ params: { queue: job.queue, id: job._id } });
