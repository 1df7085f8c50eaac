import { readFileSync } from 'node:fs';

/** Linux reports CPU time in these ticks per second (USER_HZ, fixed at 100 for user space). */
const TICKS_PER_SECOND = 100;

type ReadFile = (path: string) => string;
const readProc: ReadFile = (path) => readFileSync(path, 'utf8');

/** CPU time (ticks) the whole host has spent busy, from /proc/stat; null where there is none. */
function hostBusyTicks(read: ReadFile): number | null {
  try {
    const line = read('/proc/stat').split('\n', 1)[0];
    // cpu user nice system idle iowait irq softirq steal ...: busy is everything but idle, iowait, steal.
    const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq;
    return Number.isFinite(busy) ? busy : null;
  } catch {
    return null;
  }
}

/**
 * Fields `numbers` (numbered from 1, as in proc(5)) of /proc/<pid>/stat, read once; throws where
 * there is none. The command name (field 2) is in parentheses and may itself contain spaces, so
 * fields are counted from after it.
 */
export function procStatFields(pid: number, numbers: number[], read: ReadFile = readProc): string[] {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return numbers.map((n) => {
    const field = fields[n - 3];
    if (field === undefined) throw new Error(`/proc/${pid}/stat has no field ${n}`);
    return field;
  });
}

/** Whether `pid` is a PostgreSQL process that /proc here shows (a database backend on this host). */
export function isLocalPostgres(pid: number, read: ReadFile = readProc): boolean {
  try {
    return read(`/proc/${pid}/comm`).trim() === 'postgres';
  } catch {
    return false;
  }
}

/** CPU time (ticks) process `pid` has used, user and system (utime, stime); 0 if unknown. */
function processTicks(read: ReadFile, pid: number): number {
  try {
    const [utime, stime] = procStatFields(pid, [14, 15], read);
    return Number(utime) + Number(stime) || 0;
  } catch {
    return 0;
  }
}

export interface OtherCpuMeterOptions {
  /** Helpers doing this process's work that /proc shows by pid (its database backend on this host). */
  ownPids?: () => number[];
  /**
   * Running total (ms) of this process's work done by a helper it cannot name by pid, such as its
   * database backend in another container on the same host: counted as that helper's CPU time.
   */
  ownElsewhereMs?: () => number;
  /**
   * A process whose CPU is this process's work (relaying its progress) except over a reading during
   * which it was also doing other work (`working()`, asked once per reading): then it is load.
   */
  parent?: { pid: number; working: () => boolean };
  read?: ReadFile;
  now?: () => number;
}

/** A build's database connection as far as the load meter cares. */
export interface BuildConnection {
  /** The pid of its database backend when /proc here shows it. */
  localBackendPid: number | null;
  /** Time (ms) spent waiting for its queries so far. */
  queryMs(): number;
}

/**
 * The load meter of a price-list build (build-child.ts): everything but the build process and its
 * database backend counts as load — by pid when /proc shows that backend, otherwise (another container
 * or host) by the time its queries took, an upper bound of its CPU. The worker that started the build
 * counts as load only over readings during which it ran other jobs (an import, email): its own idle
 * upkeep (queue polling, outbox relay, heartbeats, relaying the build's progress) is not a customer,
 * and with it counted a build on a quiet host would pace itself all the time.
 */
export function buildLoadMeter(connection: BuildConnection, worker: { pid: number; working: () => boolean }) {
  const { localBackendPid, queryMs } = connection;
  return localBackendPid
    ? otherCpuMeter({ ownPids: () => [localBackendPid], parent: worker })
    : otherCpuMeter({ ownElsewhereMs: queryMs, parent: worker });
}

/**
 * Whether some work was going on at any moment between two readings: `set(n)` records how many jobs
 * are active now; `take()` answers for the time since its previous call (the first: since made).
 */
export function activityLatch() {
  let active = 0;
  let seen = false;
  return {
    set(n: number) {
      active = n;
      if (n > 0) seen = true;
    },
    take(): boolean {
      const was = seen || active > 0;
      seen = active > 0;
      return was;
    },
  };
}

/**
 * Measures how busy the rest of the host is: `read()` returns the CPU (in cores, 0.5 = half a core)
 * that everything but this process and its helpers (`ownPids`, `ownElsewhereMs`, an idle `parent`)
 * used since the previous `read()` (the first: since the meter was made), or null where /proc is
 * missing (not Linux).
 */
export function otherCpuMeter(options: OtherCpuMeterOptions = {}) {
  const {
    ownPids = () => [],
    ownElsewhereMs = () => 0,
    parent,
    read = readProc,
    now = () => performance.now(),
  } = options;
  const sample = () => {
    const host = hostBusyTicks(read);
    if (host === null) return null;
    const own = [process.pid, ...ownPids()].reduce((sum, pid) => sum + processTicks(read, pid), 0);
    const elsewhere = (ownElsewhereMs() / 1000) * TICKS_PER_SECOND;
    const parentTicks = parent ? processTicks(read, parent.pid) : 0;
    return { at: now(), others: host - own - elsewhere, parentTicks };
  };
  let last = sample();
  return {
    read(): number | null {
      const next = sample();
      const previous = last;
      last = next;
      const parentOwn = parent ? !parent.working() : false;
      if (!next || !previous || next.at <= previous.at) return null;
      const parentTicks = parentOwn ? next.parentTicks - previous.parentTicks : 0;
      const ticks = next.others - previous.others - parentTicks;
      const cores = ticks / TICKS_PER_SECOND / ((next.at - previous.at) / 1000);
      return Math.max(0, cores);
    },
  };
}
