import type { DataSource } from 'typeorm';
import { SYSTEM_ACTOR, commitChange, quoteChange } from '@portal/db';
import { expireDue } from './quotes.repository';

const BATCH = 200;

/**
 * The `expire` row of the quote state table: every quote whose `valid_until` day has ended in the
 * office's time zone becomes `expired`, each with its audit entry and live push (quoteChange).
 * `now` is a parameter so tests control the clock. Safe on several workers at once.
 */
export async function expireQuotes(db: DataSource, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (m) => {
      const rows = await expireDue(m, now, BATCH);
      for (const r of rows) {
        await commitChange(
          m,
          SYSTEM_ACTOR,
          quoteChange({
            quote: r,
            audit: 'quote_request.expired',
            before: { status: 'quoted' },
            after: { status: 'expired', valid_until: r.valid_until },
          }),
        );
      }
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Runs the sweep now and then every `everyMs` (a minute by default); returns a stopper. */
export function startQuoteExpiry(db: DataSource, log: (msg: string) => void, everyMs = 60_000): () => void {
  const run = () =>
    void expireQuotes(db).catch((err: unknown) => log(`quote expiry failed: ${(err as Error).message}`));
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
