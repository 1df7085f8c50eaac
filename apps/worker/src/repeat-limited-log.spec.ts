import { repeatLimitedLog } from './repeat-limited-log';

describe('repeatLimitedLog', () => {
  it('says a message once per window, then how often it repeated', () => {
    const lines: string[] = [];
    let t = 0;
    const log = repeatLimitedLog(
      (m) => lines.push(m),
      30_000,
      () => t,
    );
    for (let i = 0; i < 10_000; i++) log('queue notifications error: too many clients');
    log('queue email error: too many clients');
    expect(lines).toEqual(['queue notifications error: too many clients', 'queue email error: too many clients']);
    t = 30_000;
    log('queue notifications error: too many clients');
    expect(lines.slice(2)).toEqual([
      'queue notifications error: too many clients (repeated 9999 more times in 30 s)',
      'queue notifications error: too many clients',
    ]);
  });

  it('says nothing more for a message that came once, and flush reports what is pending', () => {
    const lines: string[] = [];
    let t = 0;
    const log = repeatLimitedLog(
      (m) => lines.push(m),
      1000,
      () => t,
    );
    log('a');
    t = 5000;
    log('b');
    log('b');
    expect(lines).toEqual(['a', 'b']);
    log.flush();
    expect(lines).toEqual(['a', 'b', 'b (repeated 1 more time in 1 s)']);
  });
});
