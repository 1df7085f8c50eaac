import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { procStatFields } from './host-cpu';

/** How a process's CPU time ranks against everything else on the machine. */
export type CpuPriority = 'idle' | 'low' | 'normal';

/** Linux scheduling policy numbers (sched.h) as /proc/<pid>/stat reports them (field 41, policy). */
const SCHED_IDLE = 5;

/**
 * Puts this whole process (every thread, and every thread it starts later) behind all other work
 * on the machine. Used by processes that only do background work, such as building a file.
 *
 * On Linux the process becomes SCHED_IDLE (`chrt --idle`): it runs only on CPU time nothing else
 * wants, and an API thread that wakes up takes the core at once. A plain nice value does not
 * do that: the kernel still gives a niced task its time slice, which adds milliseconds to requests.
 * Lowering one's own priority needs no privileges; it cannot be undone without them, which is why
 * only short-lived processes use it. Where `chrt` is missing (macOS, Alpine without util-linux) the
 * process falls back to the lowest nice value.
 */
export function lowerCpuPriority(pid = process.pid): CpuPriority {
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)], { stdio: 'ignore' });
    if (cpuPriorityOf(pid) === 'idle') return 'idle';
  } catch {
    // no chrt, or not Linux: fall through to nice
  }
  try {
    os.setPriority(pid, 19);
    return 'low';
  } catch {
    return 'normal';
  }
}

/** The priority a process runs at now (Linux; elsewhere from its nice value). */
export function cpuPriorityOf(pid = process.pid): CpuPriority {
  try {
    if (Number(procStatFields(pid, [41])[0]) === SCHED_IDLE) return 'idle';
  } catch {
    // not Linux
  }
  return os.getPriority(pid) > 0 ? 'low' : 'normal';
}
