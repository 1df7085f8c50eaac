import type { Pool, PoolClient } from 'pg';
import type { RunSql } from './sent-emails.repository';

/**
 * A session-level advisory lock held on a connection of its own, taken from the worker's lock pool
 * (a pg Pool it owns, see worker-runtime.ts). `lost` turns true when that connection fails
 * (Postgres then has released the lock).
 */
export class SendLock {
  lost = false;
  private readonly onLost = () => {
    this.lost = true;
  };

  private constructor(
    private readonly client: PoolClient,
    private readonly key: string,
  ) {
    client.on('error', this.onLost);
    client.on('end', this.onLost);
  }

  /** The lock, or null if another session still holds it after `waitMs`. */
  static async acquire(pool: Pool, key: string, waitMs: number): Promise<SendLock | null> {
    const lock = new SendLock(await pool.connect(), key);
    try {
      // A holder whose host vanished (no FIN/RST) would keep its session, and the lock, until TCP
      // keepalive notices: by default after 2 h. Probe this session's peer after 10 s idle instead.
      await lock.query(
        `SELECT set_config('tcp_keepalives_idle', '10', false), set_config('tcp_keepalives_interval', '5', false),
                set_config('tcp_keepalives_count', '3', false)`,
      );
      const deadline = Date.now() + waitMs;
      for (;;) {
        const [{ locked }] = await lock.query<{ locked: boolean }>(
          `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
          [key],
        );
        if (locked) return lock;
        if (Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    } catch (err) {
      lock.discard();
      throw err;
    }
    lock.detach();
    lock.client.release();
    return null;
  }

  /** Runs a statement in the lock's session. */
  readonly query: RunSql = async <T>(sql: string, params?: unknown[]): Promise<T[]> =>
    (await this.client.query(sql, params)).rows as T[];

  /** Unlocks and returns the connection; a connection that might still hold the lock is closed instead. */
  async release(): Promise<void> {
    if (this.lost) return this.discard();
    try {
      const [{ unlocked }] = await this.query<{ unlocked: boolean }>(
        `SELECT pg_advisory_unlock(hashtextextended($1, 0)) AS unlocked`,
        [this.key],
      );
      if (!unlocked) return this.discard();
    } catch {
      return this.discard();
    }
    this.detach();
    this.client.release();
  }

  private discard(): void {
    this.detach();
    this.client.release(true); // pg-pool closes the connection: its session, and any lock, end
  }

  private detach(): void {
    this.client.off('error', this.onLost);
    this.client.off('end', this.onLost);
  }
}
