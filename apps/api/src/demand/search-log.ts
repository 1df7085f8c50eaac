import type { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { insertSearchLogRows, type SearchLogRow } from './demand.repository';

/** Most rows one INSERT carries. */
const BATCH = 2000;
/** A write that takes longer is abandoned (its rows go back to the buffer while there is room). */
const WRITE_TIMEOUT_MS = 5000;

export interface SearchLogStatus {
  buffered: number;
  written: number;
  dropped: number;
  failed_writes: number;
}

/**
 * The search log's writer: searches hand it a row after their answer is ready (`record` only pushes
 * onto an array), and a timer writes the rows in batches on a connection of its own, so a slow or
 * unavailable database never slows or fails a search and never holds a connection a request needs.
 * A full buffer drops the new row and counts it (`dropped`, also in the log); a failed write puts
 * its rows back while there is room and counts the rest as dropped. Per process; the counters are
 * read at `GET demand/log-status`.
 */
@Injectable()
export class SearchLog implements OnModuleDestroy {
  private readonly logger = new Logger('SearchLog');
  private readonly pool: Pool;
  private readonly capacity: number;
  private buffer: SearchLogRow[] = [];
  private writing: Promise<void> | null = null;
  /** Rows taken from the buffer whose write has not finished: still unwritten for `status()`. */
  private inFlight = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly counters = { written: 0, dropped: 0, failed_writes: 0 };
  private droppedSinceWarning = 0;

  constructor(@Inject(ENV) env: Env) {
    this.capacity = env.SEARCH_LOG_BUFFER_ROWS;
    this.pool = new Pool({
      connectionString: env.SEARCH_LOG_DATABASE_URL ?? env.DATABASE_URL,
      max: 1,
      application_name: 'portal-api-search-log',
      connectionTimeoutMillis: WRITE_TIMEOUT_MS,
      query_timeout: WRITE_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      // As every pool of ours (libs/db data-source.ts): a client whose backend dies while checked out
      // emits `error`; without a listener Node would crash the process.
      onConnect: (client: EventEmitter) => {
        client.on('error', () => undefined);
      },
    });
    this.pool.on('error', () => undefined);
    this.timer = setInterval(() => void this.flush(), env.SEARCH_LOG_FLUSH_MS);
    this.timer.unref();
  }

  /** Queues one row (never waits, never throws). */
  record(row: Omit<SearchLogRow, 'at'>): void {
    if (this.buffer.length >= this.capacity) {
      this.counters.dropped++;
      this.droppedSinceWarning++;
      return;
    }
    this.buffer.push({ ...row, at: new Date() });
  }

  status(): SearchLogStatus {
    return { buffered: this.buffer.length + this.inFlight, ...this.counters };
  }

  /** Writes what is buffered (one write at a time); resolves when this round is done. */
  flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (!this.buffer.length) {
      this.warnDrops();
      return Promise.resolve();
    }
    this.writing = this.writeAll().finally(() => (this.writing = null));
    return this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, BATCH);
      this.inFlight = batch.length;
      try {
        await insertSearchLogRows(this.pool, batch);
        this.counters.written += batch.length;
      } catch (err) {
        this.counters.failed_writes++;
        const room = Math.max(0, this.capacity - this.buffer.length);
        const kept = batch.slice(batch.length - Math.min(room, batch.length));
        const lost = batch.length - kept.length;
        this.buffer = [...kept, ...this.buffer];
        this.counters.dropped += lost;
        this.droppedSinceWarning += lost;
        this.logger.warn(`search log write failed: ${err instanceof Error ? err.message : String(err)}`);
        break;
      } finally {
        this.inFlight = 0;
      }
    }
    this.warnDrops();
  }

  private warnDrops(): void {
    if (!this.droppedSinceWarning) return;
    this.logger.warn(`search log: ${this.droppedSinceWarning} rows dropped (buffer full)`);
    this.droppedSinceWarning = 0;
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await Promise.race([this.flush(), new Promise((r) => setTimeout(r, 2000))]);
    await this.pool.end().catch(() => undefined);
  }
}
