import { statusSentence, type OpsHealthInput } from './ops-status';
import { classifySmtpError, deliverabilityPolicy, bounceReasonWords } from './email-deliverability';

const base = (): OpsHealthInput => ({
  now: new Date('2026-01-01T10:50:00Z'),
  workers: [{ id: 'h:1', last_beat: '2026-01-01T10:49:58Z', stale: false, stopped: false }],
  outbox: { pending: 0, oldest_age_s: null },
  emailFailing: { count: 0, since: null, smtpCode: null, diagnostic: null },
  queues: [],
  jobsFailedLastHour: 0,
});

describe('statusSentence', () => {
  it('is all normal when nothing fails', () => {
    expect(statusSentence(base())).toEqual({ ok: true, sentence: 'All systems normal' });
  });
  it('names a stopped worker first', () => {
    const h = base();
    h.workers = [{ id: 'h:1', last_beat: '2026-01-01T10:42:10Z', stale: true, stopped: false }];
    h.outbox = { pending: 3, oldest_age_s: 400 };
    expect(statusSentence(h).sentence).toBe(
      'Worker h:1 stopped reporting at 10:42 UTC — no worker is running: emails, notifications and price lists wait',
    );
  });
  it('stops naming a worker that died long ago once others run', () => {
    const h = base();
    h.workers.push({ id: 'h:0', last_beat: '2026-01-01T09:00:00Z', stale: true, stopped: false });
    expect(statusSentence(h).ok).toBe(true);
    h.workers[1].last_beat = '2026-01-01T10:45:00Z';
    expect(statusSentence(h).sentence).toBe('Worker h:0 stopped reporting at 10:45 UTC');
  });
  it('names a stalled relay', () => {
    const h = base();
    h.outbox = { pending: 12, oldest_age_s: 130 };
    expect(statusSentence(h)).toEqual({
      ok: false,
      sentence: 'Outbox relay stalled: 12 events waiting, the oldest for 2 min',
    });
  });
  it('names failing email with its SMTP answer', () => {
    const h = base();
    h.emailFailing = {
      count: 12,
      since: '2026-01-01T10:42:00Z',
      smtpCode: 535,
      diagnostic: '535 authentication failed',
    };
    expect(statusSentence(h).sentence).toBe(
      'Email: 12 messages failing since 10:42 UTC — SMTP 535 authentication failed',
    );
  });
});

describe('deliverability rules', () => {
  it('a 5xx at RCPT or DATA is permanent; AUTH, 4xx and connection errors are not', () => {
    expect(
      classifySmtpError({ responseCode: 550, command: 'RCPT TO', response: '550 5.1.1 no such user' }),
    ).toMatchObject({
      kind: 'permanent',
      smtpCode: 550,
      enhancedStatus: '5.1.1',
    });
    expect(classifySmtpError({ responseCode: 554, command: 'DATA', response: '554 rejected' }).kind).toBe('permanent');
    expect(classifySmtpError({ responseCode: 535, command: 'AUTH PLAIN', response: '535 auth failed' }).kind).toBe(
      'transient',
    );
    expect(classifySmtpError({ responseCode: 451, command: 'RCPT TO', response: '451 4.7.1 later' }).kind).toBe(
      'transient',
    );
    expect(classifySmtpError({ message: 'connect ECONNREFUSED' }).kind).toBe('transient');
  });
  it('suppresses on a hard bounce, a complaint, or the third soft bounce in the window', () => {
    expect(deliverabilityPolicy('hard_bounce', 0).suppress).toBe('hard_bounce');
    expect(deliverabilityPolicy('complaint', 0).suppress).toBe('complaint');
    expect(deliverabilityPolicy('soft_bounce', 2).suppress).toBeNull();
    expect(deliverabilityPolicy('soft_bounce', 3).suppress).toBe('soft_bounces');
    expect(deliverabilityPolicy('delivered', 9).suppress).toBeNull();
  });
  it('says what a bounce means in words', () => {
    expect(bounceReasonWords('5.1.1', '550 5.1.1 nope')).toBe('mailbox does not exist');
    expect(bounceReasonWords(null, '550 user unknown here')).toBe('user unknown here');
  });
});
