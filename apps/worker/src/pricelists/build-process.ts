import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childEntryPoint } from '@portal/platform';
import type { Claimed } from './pricelists.repository';
import type { BuildProgress } from './build';

/** What the worker asks of its build process: one list, one file. */
/** See PRICELIST_BUILD_PRIORITY. */
export type BuildPriority = 'idle' | 'normal';

export interface BuildRequest {
  type: 'build';
  id: number;
  list: Claimed;
  path: string;
}

/**
 * How many other jobs (imports, files, email, notifications) the worker is running now: sent when
 * that changes, so the build counts the worker's CPU as load only while it works for someone else.
 */
export interface WorkerActivity {
  type: 'activity';
  otherJobs: number;
}

/** What the build process reports back, for the request `id`. */
export type BuildMessage =
  | { type: 'progress'; id: number; rows: number; total: number }
  | { type: 'done'; id: number; rows: number }
  | { type: 'failed'; id: number; message: string };

/**
 * Heap of the build process: the writers stream, so their live data stays small. The young
 * generation is bounded too: Node 24 lets it grow to 3 × 64 MiB under a high allocation rate
 * (Node 22: 3 × 16 MiB), which a build's row objects reach.
 */
const BUILD_NODE_FLAGS = ['--max-old-space-size=64', '--max-semi-space-size=16'];

/**
 * The build process's entry point. Under ts-jest the worker runs from its TypeScript sources, which
 * Node cannot start as a process: the compiled file of the same source is used then (`npm test`
 * builds first).
 */
function entryPoint(): string {
  return childEntryPoint(__filename, path.resolve(__dirname, '../../dist/pricelists'), 'build-child.js');
}

interface Pending {
  id: number;
  onProgress: BuildProgress;
  reports: Promise<void>;
  resolve(rows: number): void;
  reject(err: Error): void;
}

/**
 * Builds price lists in a process of its own that runs behind all other work on the machine
 * (`lowerCpuPriority`): laying out a PDF or XLSX of a whole catalogue takes seconds of CPU, and
 * customers' requests to the API must not wait for it. The worker itself keeps its normal priority
 * (it also relays live events and sends emails).
 *
 * One build at a time (the queue's concurrency is 1), each in a process of its own that exits when
 * the list is done: a process that built an XLSX and then a PDF would keep both libraries and its
 * grown heap (192 MiB after twenty lists, against at most 176 MiB for one), and starting one costs a
 * few hundred milliseconds against builds of seconds. A crashed process fails only its own build.
 */
export class BuildProcess {
  private child: ChildProcess | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  private otherJobs = 0;

  /**
   * `databaseUrl`: the database the build process reads the catalogue from (the worker's own);
   * `priority`: the CPU priority of the next build process (PRICELIST_BUILD_PRIORITY).
   */
  constructor(
    private readonly databaseUrl: string,
    public priority: BuildPriority = 'idle',
  ) {}

  /** The build process's pid while one is running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Writes `list` to `path`; resolves with the number of rows. */
  build(request: Omit<BuildRequest, 'type' | 'id'>, onProgress: BuildProgress): Promise<number> {
    if (this.pending) return Promise.reject(new Error('a price list is already being built'));
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<number>((resolve, reject) => {
      this.pending = { id, onProgress, reports: Promise.resolve(), resolve, reject };
      const message: BuildRequest = { type: 'build', id, ...request };
      child.send(message, (err) => err && this.settle(id, { error: err }));
    });
  }

  /**
   * `processor` with its jobs counted as the worker's other work while they run (see
   * `WorkerActivity`): a build beside them paces itself.
   */
  alongside<A extends unknown[], R>(processor: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return async (...args) => {
      this.setOtherJobs(this.otherJobs + 1);
      try {
        return await processor(...args);
      } finally {
        this.setOtherJobs(this.otherJobs - 1);
      }
    };
  }

  private setOtherJobs(n: number): void {
    this.otherJobs = n;
    this.tell(this.child);
  }

  private tell(child: ChildProcess | null): void {
    if (!child?.connected) return;
    const message: WorkerActivity = { type: 'activity', otherJobs: this.otherJobs };
    child.send(message, () => undefined);
  }

  /** Stops the build process (a build in progress fails). */
  stop(): void {
    this.child?.kill('SIGTERM');
  }

  private start(): ChildProcess {
    const child = fork(entryPoint(), [], {
      execArgv: BUILD_NODE_FLAGS,
      env: { ...process.env, DATABASE_URL: this.databaseUrl, PRICELIST_BUILD_PRIORITY: this.priority },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    this.tell(child);
    child.on('message', (m: BuildMessage) => this.receive(m));
    // A process already let go (its build settled) concerns nobody: the next build has its own.
    child.on('error', (err) => this.child === child && this.pending && this.settle(this.pending.id, { error: err }));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      const why = new Error(`the build process stopped (${signal ?? `exit code ${code}`})`);
      if (this.pending) this.settle(this.pending.id, { error: why });
    });
    return child;
  }

  private receive(m: BuildMessage): void {
    const p = this.pending;
    if (!p || p.id !== m.id) return;
    switch (m.type) {
      case 'progress':
        p.reports = p.reports.then(() => p.onProgress(m.rows, m.total)).catch(() => undefined);
        break;
      case 'done':
        this.settle(m.id, { rows: m.rows });
        break;
      case 'failed':
        this.settle(m.id, { error: new Error(m.message) });
        break;
      default: {
        const unknown: never = m;
        throw new Error(`unknown build message ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** Ends build `id` once its progress reports are out; its process goes (the next build starts a new one). */
  private settle(id: number, outcome: { rows: number } | { error: Error }): void {
    const p = this.pending;
    if (!p || p.id !== id) return;
    this.pending = null;
    const finish = () => ('error' in outcome ? p.reject(outcome.error) : p.resolve(outcome.rows));
    void p.reports.then(finish, finish);
    const child = this.child;
    this.child = null;
    child?.kill('SIGTERM');
  }
}
