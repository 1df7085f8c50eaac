import { otherCpuMeter } from './host-cpu';
import { hostAwarePacer } from './pacer';

/** A pacer on a fake clock: `work(ms)` advances time as a step would; rests are recorded and advance it too. */
function paced(loads: (number | null)[], options: { busyShare?: number } = {}) {
  let t = 0;
  const rests: number[] = [];
  const readings = [...loads];
  const pacer = hostAwarePacer({
    busyShare: options.busyShare ?? 0.25,
    busyAboveCores: 0.2,
    readingMs: 250,
    meter: { read: () => (readings.length ? readings.shift()! : null) },
    now: () => t,
    sleep: async (ms) => {
      rests.push(ms);
      t += ms;
    },
  });
  return {
    rests,
    async step(ms: number) {
      t += ms;
      await pacer.rest();
    },
  };
}

describe('hostAwarePacer', () => {
  it('keeps the work to its share of the time while the rest of the host is busy', async () => {
    const p = paced([0.9, 0.5, 0.3]);
    await p.step(100); // before the first reading the host counts as busy
    await p.step(300); // a reading (rests count towards its span): 0.9 cores
    await p.step(40); // 0.5 cores
    await p.step(30); // within the same reading
    await p.step(250); // 0.3 cores
    expect(p.rests).toEqual([300, 900, 120, 90, 750]);
  });

  it('runs flat out on a quiet host and slows down again when the load comes back', async () => {
    const p = paced([0.05, 0.1, 1.2]);
    await p.step(260); // quiet
    await p.step(100);
    await p.step(300); // quiet (reading 0.1)
    await p.step(300); // busy again
    expect(p.rests).toEqual([900]);
  });

  it('counts the host as busy when its load cannot be read', async () => {
    const p = paced([null], { busyShare: 0.5 });
    await p.step(300);
    expect(p.rests).toEqual([300]);
  });

  it('rejects a share outside (0, 1]', () => {
    const meter = { read: () => 0 };
    for (const busyShare of [0, -1, 1.5, Number.NaN]) {
      expect(() => hostAwarePacer({ busyShare, busyAboveCores: 0.2, readingMs: 250, meter })).toThrow(RangeError);
    }
  });

  it("paces a build beside the worker's other jobs, and not beside the worker's idle upkeep", async () => {
    // A build process (pid of this test) whose parent, the worker (pid 777), uses 0.3 cores all along:
    // upkeep while idle, an import later. Nothing else on the host is busy.
    let t = 0;
    let ticks = { host: 1000, build: 0, worker: 0 };
    const files = () => ({
      '/proc/stat': `cpu  ${ticks.host} 0 0 5000 0 0 0 0 0 0\n`,
      [`/proc/${process.pid}/stat`]: `${process.pid} (node) S 1 1 1 0 -1 0 0 0 0 0 ${ticks.build} 0 0 0`,
      '/proc/777/stat': `777 (node) S 1 1 1 0 -1 0 0 0 0 0 ${ticks.worker} 0 0 0`,
    });
    let importing = false;
    const rests: number[] = [];
    const pacer = hostAwarePacer({
      busyShare: 0.1,
      busyAboveCores: 0.1,
      readingMs: 500,
      meter: otherCpuMeter({
        parent: { pid: 777, working: () => importing },
        read: (path) => files()[path],
        now: () => t,
      }),
      now: () => t,
      sleep: async (ms) => {
        rests.push(ms);
        t += ms;
      },
    });
    const step = async (ms: number) => {
      const worker = (ms / 1000) * 0.3 * 100;
      ticks = { host: ticks.host + ms / 10 + worker, build: ticks.build + ms / 10, worker: ticks.worker + worker };
      t += ms;
      await pacer.rest();
    };
    await step(600); // the first reading: the worker is idle → quiet host (no rest)
    await step(600);
    expect(rests).toEqual([]);
    importing = true;
    await step(600); // the worker's 0.3 cores are load now: a tenth of the time
    expect(rests).toEqual([5400]);
  });
});
