import { Client } from 'pg';

export interface PgListenerOptions {
  url: string;
  channels: string[];
  onNotify: (channel: string, payload: string) => void;
  /** Called after every (re)connect, so callers can catch up on anything missed while down. */
  onConnect?: () => void;
  onError?: (err: Error) => void;
}

/**
 * A dedicated LISTEN connection that survives Postgres restarts and terminated backends:
 * on any error it reconnects with capped exponential backoff (pg clients crash
 * Node on unhandled `error` events).
 */
export class PgListener {
  private client: Client | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  async start(): Promise<void> {
    await this.connect();
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.options.url, connectionTimeoutMillis: 5000, keepAlive: true });
    client.on('error', (err) => this.handleFailure(client, err));
    client.on('end', () => this.handleFailure(client, new Error('LISTEN connection ended')));
    client.on('notification', (msg) => this.options.onNotify(msg.channel, msg.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${channel}`);
      this.client = client;
      this.attempt = 0;
      this.options.onConnect?.();
    } catch (err) {
      this.handleFailure(client, err as Error);
    }
  }

  private handleFailure(client: Client, err: Error): void {
    if (this.client && this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped || this.timer) return;
    this.options.onError?.(err);
    const delay = Math.min(200 * 2 ** this.attempt++, 5000);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
