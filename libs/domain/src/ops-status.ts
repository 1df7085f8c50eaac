/* The operations dashboard's status sentence: one plain sentence, the first failure wins. */

export interface OpsHealthInput {
  now: Date;
  workers: { id: string; last_beat: string; stale: boolean; stopped: boolean }[];
  outbox: { pending: number; oldest_age_s: number | null };
  emailFailing: { count: number; since: string | null; smtpCode: number | null; diagnostic: string | null };
  queues: { name: string; failed: number }[];
  jobsFailedLastHour: number;
  queueBackendError?: string | null;
}

/** The relay is stalled when the oldest unrelayed event is older than this. */
export const RELAY_STALL_S = 30;
/** A worker that died is named for this long while others run (then it is only listed, as stale). */
export const DEAD_WORKER_NAMED_S = 15 * 60;

/** "10:42 UTC" */
export function clock(iso: string): string {
  return `${new Date(iso).toISOString().slice(11, 16)} UTC`;
}

function duration(s: number): string {
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "All systems normal", or the first failure, in this order: workers, the outbox relay, the queue
 * backend, email, failed jobs.
 */
export function statusSentence(h: OpsHealthInput): { ok: boolean; sentence: string } {
  const live = h.workers.filter((w) => !w.stale && !w.stopped);
  const stale = h.workers.filter(
    (w) =>
      w.stale && !w.stopped && (!live.length || h.now.getTime() - Date.parse(w.last_beat) < DEAD_WORKER_NAMED_S * 1000),
  );
  if (stale.length)
    return {
      ok: false,
      sentence: `Worker ${stale[0].id} stopped reporting at ${clock(stale[0].last_beat)}${
        live.length ? '' : ' — no worker is running: emails, notifications and price lists wait'
      }`,
    };
  if (!live.length)
    return {
      ok: false,
      sentence: 'No worker is running: emails, notifications and price lists wait',
    };
  if (h.outbox.pending > 0 && (h.outbox.oldest_age_s ?? 0) > RELAY_STALL_S)
    return {
      ok: false,
      sentence: `Outbox relay stalled: ${plural(h.outbox.pending, 'event')} waiting, the oldest for ${duration(
        h.outbox.oldest_age_s ?? 0,
      )}`,
    };
  if (h.queueBackendError)
    return { ok: false, sentence: `Queues: the queue backend does not answer — ${h.queueBackendError}` };
  if (h.emailFailing.count > 0) {
    const why = [h.emailFailing.smtpCode ? `SMTP ${h.emailFailing.smtpCode}` : null, h.emailFailing.diagnostic]
      .filter(Boolean)
      .join(' ')
      .replace(/^SMTP (\d{3}) \1 /, 'SMTP $1 ');
    return {
      ok: false,
      sentence: `Email: ${plural(h.emailFailing.count, 'message')} failing${
        h.emailFailing.since ? ` since ${clock(h.emailFailing.since)}` : ''
      }${why ? ` — ${why}` : ''}`,
    };
  }
  if (h.jobsFailedLastHour > 0)
    return { ok: false, sentence: `Jobs: ${plural(h.jobsFailedLastHour, 'job')} failed in the last hour` };
  return { ok: true, sentence: 'All systems normal' };
}
