import { execute, type Db } from '@portal/db';

/* What the worker tells the operations dashboard: that it lives, and which jobs failed for good. */

export async function beat(db: Db, w: { id: string; hostname: string; pid: number }): Promise<void> {
  await execute(
    db,
    `INSERT INTO worker_heartbeats (id, hostname, pid) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET last_beat = now(), stopped_at = NULL`,
    [w.id, w.hostname, w.pid],
  );
}

/** A clean stop: the dashboard shows the worker as stopped, not as failing. */
export async function stopped(db: Db, id: string): Promise<void> {
  await execute(db, `UPDATE worker_heartbeats SET stopped_at = now() WHERE id = $1`, [id]);
}

export async function recordJobFailure(
  db: Db,
  f: { queue: string; jobId: string; name: string; reason: string; attempts: number },
): Promise<void> {
  await execute(db, `INSERT INTO job_failures (queue, job_id, name, reason, attempts) VALUES ($1, $2, $3, $4, $5)`, [
    f.queue,
    f.jobId,
    f.name,
    f.reason.slice(0, 500),
    f.attempts,
  ]);
}
