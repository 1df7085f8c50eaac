import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { otherCpuMeter } from './host-cpu';

const onLinux = process.platform === 'linux';

describe('otherCpuMeter', () => {
  (onLinux ? it : it.skip)('sees a busy process elsewhere on the host, and not one counted as its own', async () => {
    const spinner = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
    try {
      await sleep(200);
      const everyone = otherCpuMeter();
      const withoutSpinner = otherCpuMeter({ ownPids: () => [spinner.pid!] });
      await sleep(1000);
      const [all, rest] = [everyone.read()!, withoutSpinner.read()!];
      // The spinner gets most of a core even on a loaded machine; the second meter leaves it out.
      expect(all).toBeGreaterThan(0.4);
      expect(all - rest).toBeGreaterThan(0.3);
    } finally {
      spinner.kill();
    }
  });

  it('reads the load from /proc, leaving this process and its helpers out', () => {
    let t = 0;
    const files: Record<string, string> = {};
    const proc = (hostBusy: number, own: number, helper: number) => {
      // user nice system idle iowait irq softirq steal: busy = user + nice + system + irq + softirq.
      files['/proc/stat'] = `cpu  ${hostBusy - 30} 10 10 5000 7 5 5 99 0 0\ncpu0 1 2 3 4\n`;
      files[`/proc/${process.pid}/stat`] = `${process.pid} (node (jest)) S 1 1 1 0 -1 0 0 0 0 0 ${own} 0 0 0`;
      files['/proc/4242/stat'] = `4242 (postgres) S 1 1 1 0 -1 0 0 0 0 0 ${helper - 1} 1 0 0`;
    };
    proc(1000, 100, 50);
    let elsewhereMs = 0;
    const meter = otherCpuMeter({
      ownPids: () => [4242],
      ownElsewhereMs: () => elsewhereMs,
      read: (path) => {
        if (!(path in files)) throw new Error('ENOENT');
        return files[path];
      },
      now: () => t,
    });
    // In 500 ms the host was busy 150 ticks: 60 of them this process, 40 its helper → 50 ticks = 1 core.
    proc(1150, 160, 90);
    t = 500;
    expect(meter.read()).toBeCloseTo(1, 5);
    t = 1000;
    proc(1150, 160, 90);
    expect(meter.read()).toBe(0);
    // Work done elsewhere for this process (its database in another container) counts as its own:
    // of 100 busy ticks in 500 ms, 300 ms were its queries → 70 ticks left = 1.4 cores.
    proc(1250, 160, 90);
    elsewhereMs = 300;
    t = 1500;
    expect(meter.read()).toBeCloseTo(1.4, 5);
  });

  it('answers null where there is no /proc', () => {
    const meter = otherCpuMeter({
      read: () => {
        throw new Error('ENOENT');
      },
    });
    expect(meter.read()).toBeNull();
  });

  // The build process is a child of the worker; an import running in that worker is load, so the
  // build must pace itself beside it (it once left the whole worker out and ran flat out).
  (onLinux ? it : it.skip)(
    "a build's meter counts the worker that started it (an import running there) as load",
    async () => {
      // The build's side: the compiled module (a process cannot start from TypeScript; npm test builds
      // first), the meter a build uses (database backend elsewhere: no query time in this test) and,
      // for comparison, one that also leaves out the parent. Both read over the same second.
      const hostCpu = path.resolve(__dirname, '../../dist/pricelists/host-cpu.js');
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const { buildLoadMeter, otherCpuMeter } = require(${JSON.stringify(hostCpu)});
           const build = buildLoadMeter({ localBackendPid: null, queryMs: () => 0 });
           const withoutParent = otherCpuMeter({ ownPids: () => [process.ppid] });
           process.stdout.write('ready\\n');
           setTimeout(() => {
             process.stdout.write(JSON.stringify({ build: build.read(), withoutParent: withoutParent.read() }) + '\\n');
           }, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      while (!out.includes('ready')) await sleep(10);
      // The worker importing: this (parent) process busy for the whole reading.
      const until = performance.now() + 1300;
      while (performance.now() < until) Math.sqrt(Math.random());
      await exited;
      const { build, withoutParent } = JSON.parse(out.split('\n')[1]) as { build: number; withoutParent: number };
      // The parent gets most of a core even on a loaded machine: the build's meter sees it.
      expect(build - withoutParent).toBeGreaterThan(0.3);
      expect(build).toBeGreaterThan(0.4);
    },
  );
});
