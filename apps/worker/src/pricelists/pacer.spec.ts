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
});
