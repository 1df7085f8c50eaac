import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { activityLatch, otherCpuMeter, procStatFields } from './host-cpu';

const onLinux = process.platform === 'linux';

describe('otherCpuMeter', () => {
  (onLinux ? it : it.skip)('sees a busy process elsewhere on the host, and not one counted as its own', async () => {
    const spinner = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
    // The spinner's own CPU time (utime + stime, in ticks of 10 ms): what it got on this machine, which
    // on a loaded one is far less than a core.
    const spun = () => procStatFields(spinner.pid!, [14, 15]).reduce((sum, t) => sum + Number(t), 0) / 100;
    try {
      await sleep(200);
      const everyone = otherCpuMeter();
      const withoutSpinner = otherCpuMeter({ ownPids: () => [spinner.pid!] });
      const [from, started] = [spun(), performance.now()];
      await sleep(1000);
      const [all, rest] = [everyone.read()!, withoutSpinner.read()!];
      const spinnerCores = (spun() - from) / ((performance.now() - started) / 1000);
      expect(spinnerCores).toBeGreaterThan(0.1);
      // The first meter counts the spinner among the others; the second leaves exactly it out.
      expect(all).toBeGreaterThanOrEqual(spinnerCores - 0.05);
      expect(Math.abs(all - rest - spinnerCores)).toBeLessThan(0.05);
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

  it('leaves out an idle parent, and counts it over a reading in which it worked', () => {
    let t = 0;
    const files: Record<string, string> = {};
    const proc = (hostBusy: number, own: number, parent: number) => {
      files['/proc/stat'] = `cpu  ${hostBusy - 30} 10 10 5000 7 5 5 99 0 0\n`;
      files[`/proc/${process.pid}/stat`] = `${process.pid} (node) S 1 1 1 0 -1 0 0 0 0 0 ${own} 0 0 0`;
      files['/proc/777/stat'] = `777 (node) S 1 1 1 0 -1 0 0 0 0 0 ${parent} 0 0 0`;
    };
    proc(1000, 100, 200);
    let working = false;
    const meter = otherCpuMeter({
      parent: { pid: 777, working: () => working },
      read: (path) => files[path],
      now: () => t,
    });
    // 500 ms: host 120 ticks, 50 this process, 60 the parent (idle: its upkeep is this process's) → 10 = 0.2 cores.
    proc(1120, 150, 260);
    t = 500;
    expect(meter.read()).toBeCloseTo(0.2, 5);
    // The same, but the parent ran an import meanwhile: its 60 ticks are load → 70 = 1.4 cores.
    proc(1240, 200, 320);
    working = true;
    t = 1000;
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

  // The build process is a child of the worker. An import running in that worker is load, so the
  // build must pace itself beside it (it once left the whole worker out and ran flat out); the
  // worker's idle upkeep is not (counting it always, builds on a quiet host were paced all the time).
  (onLinux ? it : it.skip)(
    "a build's meter counts the worker that started it as load only while it runs other jobs",
    async () => {
      // The build's side: the compiled module (a process cannot start from TypeScript; npm test builds
      // first) and the meter a build uses (database backend elsewhere: no query time in this test),
      // once with the worker running other jobs and once without. Both read over the same second.
      const hostCpu = path.resolve(__dirname, '../../dist/pricelists/host-cpu.js');
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const { buildLoadMeter } = require(${JSON.stringify(hostCpu)});
           const connection = { localBackendPid: null, queryMs: () => 0 };
           const working = buildLoadMeter(connection, { pid: process.ppid, working: () => true });
           const idle = buildLoadMeter(connection, { pid: process.ppid, working: () => false });
           process.stdout.write('ready\\n');
           setTimeout(() => {
             process.stdout.write(JSON.stringify({ working: working.read(), idle: idle.read() }) + '\\n');
           }, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      while (!out.includes('ready')) await sleep(10);
      // The worker busy (this parent process) for the whole reading, at the rate this machine gives it
      // (on a loaded one far less than a core).
      const [from, started] = [process.cpuUsage(), performance.now()];
      const until = started + 1300;
      while (performance.now() < until) Math.sqrt(Math.random());
      const used = process.cpuUsage(from);
      const parentCores = (used.user + used.system) / 1000 / (performance.now() - started);
      await exited;
      const { working, idle } = JSON.parse(out.split('\n')[1]) as { working: number; idle: number };
      expect(parentCores).toBeGreaterThan(0.1);
      // Seen while working, left out while idle.
      expect(Math.abs(working - idle - parentCores)).toBeLessThan(0.1);
      expect(working).toBeGreaterThanOrEqual(parentCores - 0.1);
    },
  );
});

describe('activityLatch', () => {
  it('answers whether work went on at any moment since the previous answer', () => {
    const latch = activityLatch();
    expect(latch.take()).toBe(false);
    latch.set(1);
    latch.set(0); // a short job between two readings still counts for that reading
    expect(latch.take()).toBe(true);
    expect(latch.take()).toBe(false);
    latch.set(2);
    expect(latch.take()).toBe(true);
    expect(latch.take()).toBe(true); // still running
    latch.set(0);
    expect(latch.take()).toBe(true);
    expect(latch.take()).toBe(false);
  });
});
