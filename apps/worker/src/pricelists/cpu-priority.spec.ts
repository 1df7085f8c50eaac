import { spawn, spawnSync } from 'node:child_process';
import { cpuPriorityOf, lowerCpuPriority } from './cpu-priority';

const hasChrt = spawnSync('chrt', ['--version']).status === 0;

describe('lowerCpuPriority', () => {
  it('puts the given process behind all other work and leaves the caller as it was', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      expect(cpuPriorityOf(child.pid)).toBe('normal');
      const got = lowerCpuPriority(child.pid);
      expect(got).toBe(hasChrt ? 'idle' : 'low');
      expect(cpuPriorityOf(child.pid)).toBe(got);
      expect(cpuPriorityOf()).toBe('normal');
    } finally {
      child.kill();
    }
  });
});
