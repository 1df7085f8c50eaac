import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { QUEUE_NAMES, type QueueName } from '@portal/contracts';
import { createQueue, type Env } from '@portal/platform';
import { firstLine } from '@portal/domain';
import { ENV } from '../infra/tokens';

export interface QueueCounts {
  name: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface FailedJobView {
  queue: QueueName;
  _id: string;
  name: string;
  /** What the job was about (the event type), when it carries an event. */
  event_type: string | null;
  reason: string;
  attempts: number;
  failed_at: string | null;
}

/**
 * The API's read-and-retry handle on the worker's queues (BullMQ, Redis or Postgres backend), opened
 * on first use. Only the operations dashboard uses it.
 */
@Injectable()
export class OpsQueues implements OnApplicationShutdown {
  private queues: Map<QueueName, Queue> | null = null;

  constructor(@Inject(ENV) private readonly env: Env) {}

  private all(): Map<QueueName, Queue> {
    this.queues ??= new Map(QUEUE_NAMES.map((n) => [n, createQueue(n, this.env) as unknown as Queue]));
    return this.queues;
  }

  queue(name: QueueName): Queue {
    return this.all().get(name)!;
  }

  async counts(): Promise<QueueCounts[]> {
    return Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized');
        return {
          name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          delayed: c.delayed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
  }

  /** The latest failed jobs (per queue at most `perQueue`), newest first. */
  async failed(only: QueueName | undefined, perQueue = 50): Promise<FailedJobView[]> {
    const names = only ? [only] : QUEUE_NAMES;
    const lists = await Promise.all(
      names.map(async (name) =>
        ((await this.queue(name).getFailed(0, perQueue - 1)) as Job[]).map((j) => view(name, j)),
      ),
    );
    return lists
      .flat()
      .filter((j): j is FailedJobView => !!j)
      .sort((a, b) => (b.failed_at ?? '').localeCompare(a.failed_at ?? ''))
      .slice(0, 100);
  }

  /** The job when it is failed now; 'missing' or 'not-failed' otherwise. */
  async failedJob(name: QueueName, id: string): Promise<Job | 'missing' | 'not-failed'> {
    const job = (await this.queue(name).getJob(id)) as Job | undefined;
    if (!job) return 'missing';
    return (await job.getState()) === 'failed' ? job : 'not-failed';
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.queues) await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
  }
}

function view(queue: QueueName, j: Job | undefined): FailedJobView | null {
  if (!j?.id) return null;
  const data = j.data as { event?: { type?: string } } | undefined;
  return {
    queue,
    _id: String(j.id),
    name: j.name,
    event_type: data?.event?.type ?? null,
    reason: firstLine(j.failedReason ?? 'unknown reason'),
    attempts: j.attemptsMade,
    failed_at: j.finishedOn ? new Date(j.finishedOn).toISOString() : null,
  };
}
