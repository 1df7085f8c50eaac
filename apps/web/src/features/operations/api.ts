import type {
  OpsActivityEntry,
  OpsFailedJob,
  OpsOnlineEntry,
  OpsSummary,
  OpsSuppressionEntry,
  OpsUsageEntry,
} from '@portal/contracts';
import { api } from '../../shared/api';

/* The operations dashboard's calls (superadmin only). */

export const opsKeys = {
  all: ['ops'] as const,
  summary: ['ops', 'summary'] as const,
  online: ['ops', 'online'] as const,
  activity: (kind: string, companyId: string) => ['ops', 'activity', kind, companyId] as const,
  usage: (dormant: boolean) => ['ops', 'usage', dormant] as const,
  jobs: ['ops', 'jobs'] as const,
  suppressions: ['ops', 'suppressions'] as const,
};

type Data<T> = { status: number; data: T };

export const opsApi = {
  summary: (signal?: AbortSignal) => api.get<Data<OpsSummary>>('ops/summary', { signal }).then((r) => r.data),
  online: (signal?: AbortSignal) =>
    api.get<Data<{ list: OpsOnlineEntry[] }>>('ops/online', { signal }).then((r) => r.data.list),
  activity: (q: { kind?: string; companyId?: string; limit?: number }, signal?: AbortSignal) =>
    api
      .get<Data<{ list: OpsActivityEntry[] }>>('ops/activity', {
        query: { kind: q.kind || undefined, companyId: q.companyId || undefined, limit: q.limit ?? 50 },
        signal,
      })
      .then((r) => r.data.list),
  usage: (dormant: boolean, signal?: AbortSignal) =>
    api
      .get<Data<{ list: OpsUsageEntry[] }>>('ops/usage', { query: { dormant: dormant ? 30 : undefined }, signal })
      .then((r) => r.data.list),
  failedJobs: (signal?: AbortSignal) =>
    api.get<Data<{ list: OpsFailedJob[] }>>('ops/jobs/failed', { signal }).then((r) => r.data.list),
  retry: (job: Pick<OpsFailedJob, 'queue' | '_id'>) =>
    api.post<Data<unknown>>(`ops/jobs/${job.queue}/${encodeURIComponent(job._id)}/retry`),
  discard: (job: Pick<OpsFailedJob, 'queue' | '_id'>) =>
    api.post<Data<unknown>>(`ops/jobs/${job.queue}/${encodeURIComponent(job._id)}/discard`),
  suppressions: (signal?: AbortSignal) =>
    api.get<Data<{ list: OpsSuppressionEntry[] }>>('ops/email/suppressions', { signal }).then((r) => r.data.list),
  lift: (address: string) => api.delete<Data<unknown>>(`ops/email/suppressions/${encodeURIComponent(address)}`),
};
