import { Queue, Worker, createPostgresBackend, type Processor, type WorkerOptions, type JobsOptions } from 'bullmq';
import type { JobMap, QueueName } from '@portal/contracts';
import type { Env } from './env';

/** Retries for every job: BullMQ's default is a single attempt. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export type QueueEnv = Pick<Env, 'REDIS_URL' | 'DATABASE_URL'> &
  Partial<Pick<Env, 'QUEUE_DATABASE_POOL_SIZE'>> & { QUEUE_PREFIX?: string };

/** The Postgres backend's connection: the URL, or a pool config when its size is set. */
function postgresConnection(env: QueueEnv): string | { connectionString: string; max: number } {
  return env.QUEUE_DATABASE_POOL_SIZE
    ? { connectionString: env.DATABASE_URL, max: env.QUEUE_DATABASE_POOL_SIZE }
    : env.DATABASE_URL;
}

function redisConnection(url: string, forWorker: boolean) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    // Workers must block forever; producers fail fast instead of hanging while Redis is down (bullmq#995).
    maxRetriesPerRequest: forWorker ? null : 1,
    enableOfflineQueue: forWorker,
  };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- BullMQ's backend generics differ per backend */
export function createQueue<N extends QueueName>(name: N, env: QueueEnv): Queue<JobMap[N]> {
  const prefix = env.QUEUE_PREFIX ?? 'portal';
  if (env.REDIS_URL) {
    return new Queue<JobMap[N]>(name, {
      connection: redisConnection(env.REDIS_URL, false),
      prefix,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
  }
  return new (Queue as any)(
    name,
    { connection: postgresConnection(env), prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS },
    createPostgresBackend,
  ) as Queue<JobMap[N]>;
}

export function createWorker<N extends QueueName>(
  name: N,
  processor: Processor<JobMap[N]>,
  env: QueueEnv,
  options: Partial<WorkerOptions> = {},
): Worker<JobMap[N]> {
  const prefix = env.QUEUE_PREFIX ?? 'portal';
  if (env.REDIS_URL) {
    return new Worker<JobMap[N]>(name, processor, {
      connection: redisConnection(env.REDIS_URL, true),
      prefix,
      ...options,
    });
  }
  return new (Worker as any)(
    name,
    processor,
    { connection: postgresConnection(env), prefix, ...options },
    createPostgresBackend,
  ) as Worker<JobMap[N]>;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
