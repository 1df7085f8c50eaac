// @ts-check
// Sites and the filter programme: the due view over one company's 8,000 slots (200 sites × 20 units
// × 2 slots, p95), the worker's reminder sweep over 100,000 slots (one transaction, timed) and its
// exactly-once delivery with two workers running and one killed mid-sweep (notifications, outbox
// events and emails counted per site, month and kind afterwards), and the supplier's 6-month forecast
// over 1,000 companies (p95). Every slot is seeded by set-based SQL.
// Standalone: `node scripts/bench/programme.mjs` (after `npx tsc -b apps/api apps/worker scripts`; also in
// `npm run bench`, --only=programme); `BENCH_SMOKE=1` runs a tiny version (seconds) that only proves the
// script works. Prints a markdown section for docs/BENCHMARKS.md. Targets: due view p95 < 150 ms, sweep
// < 30 s with 0 duplicate messages, forecast p95 < 300 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  catalogueData,
  db,
  percentile,
  platform,
  root,
  scale,
  signIn,
  sleep,
  SMOKE,
  startApi,
  startWorker,
  withDatabase,
} from './lib.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('../dist/smtp-catcher.js')} */
const { startSmtpCatcher } = require(path.join(root, 'scripts/dist/smtp-catcher.js'));
/** The worker's own sweep (one transaction around libs/db `sendProgrammeReminders`). */
/** @type {typeof import('../../apps/worker/dist/programme/reminders.js')} */
const { sweepProgrammeReminders } = require(path.join(root, 'apps/worker/dist/programme/reminders.js'));

const PASSWORD = 'Bench@12345';
const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London'];

/**
 * Sites, units and slots for the companies named `prefix …`, all in SQL. Each unit has a pre and a
 * final filter; one slot in ten is a custom size; intervals of 1, 3 or 6 months, 12 weeks or 90 days;
 * next due dates spread from 20 days ago to 150 days ahead (day of month ≤ 28, so the anchor one
 * interval back is exact); about half the sites have a contact (the company's employee), the others
 * are reminded through the company's admin.
 * @param {pg.Client} c
 * @param {{ prefix: string, sites: number, units: number, variants: string[], categories: string[] }} o
 */
async function seedProgramme(c, { prefix, sites, units, variants, categories }) {
  await c.query(
    `INSERT INTO sites (company_id, name, code, time_zone, city, country)
     SELECT c.id, c.name || ' site ' || s, 'S' || s, ($3::text[])[1 + (c.n + s) % array_length($3::text[], 1)], 'Springfield', 'US'
       FROM (SELECT id, name, row_number() OVER (ORDER BY name) AS n FROM companies WHERE name LIKE $1 || ' %') c,
            generate_series(1, $2::int) s`,
    [prefix, sites, TIME_ZONES],
  );
  await c.query(
    `INSERT INTO site_contacts (site_id, user_id)
     SELECT s.id, u.id FROM sites s JOIN companies c ON c.id = s.company_id AND c.name LIKE $1 || ' %'
       JOIN users u ON u.company_id = s.company_id AND u.role = 'employee'
      WHERE hashtext(s.id::text) & 1 = 0`,
    [prefix],
  );
  await c.query(
    `INSERT INTO site_units (site_id, company_id, label, kind)
     SELECT s.id, s.company_id, 'AHU-' || u, 'ahu'
       FROM sites s JOIN companies c ON c.id = s.company_id AND c.name LIKE $1 || ' %', generate_series(1, $2::int) u`,
    [prefix, units],
  );
  await c.query(
    `INSERT INTO filter_slots (unit_id, site_id, company_id, stage, fitted_kind, variant_id, catalogue_id, width, height,
                               depth, measure, quantity, interval_unit, interval_count, anchor_date, due_index, next_due,
                               notice_days)
     SELECT x.unit_id, x.site_id, x.company_id, x.stage,
            CASE WHEN x.custom THEN 'custom_size' ELSE 'catalogue' END,
            CASE WHEN NOT x.custom THEN ($2::uuid[])[1 + x.h % array_length($2::uuid[], 1)] END,
            CASE WHEN x.custom THEN ($3::uuid[])[1 + x.h % array_length($3::uuid[], 1)] END,
            CASE WHEN x.custom THEN 16.375 + x.h % 4 END, CASE WHEN x.custom THEN 20.25 END,
            CASE WHEN x.custom THEN 1 END, CASE WHEN x.custom THEN 'exact' END,
            1 + x.h % 12, x.unit, x.count, (x.next_due - x.step)::date, 1, x.next_due, 14
       FROM (SELECT u.id AS unit_id, u.site_id, u.company_id, st.stage, h.h, h.h % 10 = 0 AS custom, iv.unit, iv.count,
                    iv.step, d.day - greatest(0, extract(day FROM d.day)::int - 28) AS next_due
               FROM site_units u
               JOIN companies c ON c.id = u.company_id AND c.name LIKE $1 || ' %'
              CROSS JOIN (VALUES ('pre'), ('final')) st(stage)
              CROSS JOIN LATERAL (SELECT hashtext(u.id::text || st.stage) & 2147483647 AS h) h
              CROSS JOIN LATERAL (SELECT (current_date + (h.h % 171 - 20))::date AS day) d
              CROSS JOIN LATERAL (
                SELECT * FROM (VALUES (0, 'month', 1, interval '1 month'), (1, 'month', 3, interval '3 months'),
                                      (2, 'month', 6, interval '6 months'), (3, 'week', 12, interval '12 weeks'),
                                      (4, 'day', 90, interval '90 days')) v(k, unit, count, step)
                 WHERE v.k = (h.h / 7) % 5) iv) x`,
    [prefix, variants, categories],
  );
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc (clock ticks of 10 ms); NaN when unreadable.
 * @param {number} pid
 */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * `n` sequential GETs (after a few warm-ups): their times in ms, the last answer's size, and the
 * API process's CPU time per request (a figure the other work on a shared machine does not inflate).
 * @param {string} url
 * @param {import('./lib.mjs').Headers} headers
 * @param {number} n
 * @param {number} apiPid
 */
async function timeGets(url, headers, n, apiPid) {
  /** @type {number[]} */
  const times = [];
  let bytes = 0;
  let cpuStart = NaN;
  for (let i = -Math.min(5, n); i < n; i++) {
    if (i === 0) cpuStart = cpuMs(apiPid);
    const t = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${Buffer.from(body).toString()}`);
    if (i >= 0) times.push(performance.now() - t);
    bytes = body.byteLength;
  }
  return { times, bytes, apiCpuMs: (cpuMs(apiPid) - cpuStart) / n };
}

/** '1-minute load average 3.2 on 2 cores'. */
const loadText = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

/**
 * Waits until `check` answers true (polling every 250 ms), or throws after `ms`.
 * @param {string} what
 * @param {() => Promise<boolean>} check
 * @param {number} ms
 */
async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`programme bench: timed out waiting for ${what}`);
    await sleep(250);
  }
}

/**
 * @param {string} databaseUrl a fresh, migrated database
 * @returns {Promise<{ notes: string[] }>}
 */
export async function benchProgramme(databaseUrl) {
  const sizes = scale(
    { companies: 1000, sites: 1, units: 50, dueSites: 200, dueUnits: 20, requests: 40, waitMs: 600_000 },
    { companies: 3, sites: 1, units: 5, dueSites: 4, dueUnits: 3, requests: 3, waitMs: 60_000 },
  );
  const { loadCatalogue, generateDemoCatalogue } = catalogueData();
  const ds = await db.createDataSource({ url: databaseUrl, poolSize: 2 }).initialize();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  // The database is dropped after a failure: that ends this connection too, which is no crash.
  c.on('error', () => undefined);
  /** @type {string[]} */
  const notes = [];
  /** @type {Promise<{ api: Awaited<ReturnType<typeof startApi>>, admin: import('./lib.mjs').Headers, rootAuth: import('./lib.mjs').Headers }> | null} */
  let apiStart = null;
  try {
    const seedStart = performance.now();
    const hash = await platform.hashPassword(PASSWORD);
    await ds.transaction((m) => loadCatalogue(m, generateDemoCatalogue()));
    const variants = (
      await c.query(`SELECT id FROM variants WHERE NOT odd_size ORDER BY part_number LIMIT 500`)
    ).rows.map((r) => r.id);
    const categories = (await c.query(`SELECT id FROM categories ORDER BY name LIMIT 5`)).rows.map((r) => r.id);
    // The sweep's companies: one admin each, an employee who is the contact of every other site.
    await c.query(
      `INSERT INTO companies (name, discount_percentage) SELECT 'Sweep ' || lpad(g::text, 4, '0'), 40 + g % 30
       FROM generate_series(1, $1::int) g`,
      [sizes.companies],
    );
    await c.query(
      `INSERT INTO users (username, email, password_hash, role, company_id)
     SELECT r.role || ' ' || c.name, r.role || '-' || lower(replace(c.name, ' ', '-')) || '@bench.test', $1, r.role, c.id
       FROM companies c CROSS JOIN (VALUES ('admin'), ('employee')) r(role) WHERE c.name LIKE 'Sweep %'`,
      [hash],
    );
    await seedProgramme(c, { prefix: 'Sweep', sites: sizes.sites, units: sizes.units, variants, categories });
    // The due view's company.
    await c.query(`INSERT INTO companies (name, discount_percentage) VALUES ('Due 1', 45.5)`);
    await c.query(
      `INSERT INTO users (username, email, password_hash, role, company_id)
     SELECT 'Due admin', 'due-admin@bench.test', $1, 'admin', id FROM companies WHERE name = 'Due 1'`,
      [hash],
    );
    await seedProgramme(c, { prefix: 'Due', sites: sizes.dueSites, units: sizes.dueUnits, variants, categories });
    await c.query(
      `INSERT INTO users (username, email, password_hash, role, company_id) VALUES ('Root', 'root@bench.test', $1, 'superadmin', NULL)`,
      [hash],
    );
    await c.query(`ANALYZE`);
    const [{ slots, companies: slotCompanies }] = (
      await c.query(`SELECT count(*)::int AS slots, count(DISTINCT company_id)::int AS companies FROM filter_slots`)
    ).rows;
    const [{ n: dueSlots }] = (
      await c.query(
        `SELECT count(*)::int AS n FROM filter_slots f JOIN companies c ON c.id = f.company_id WHERE c.name = 'Due 1'`,
      )
    ).rows;
    notes.push(
      `| Seed (SQL): ${slots.toLocaleString('en')} slots of ${slotCompanies.toLocaleString('en')} companies, the due view's company ${dueSlots.toLocaleString('en')} | ${((performance.now() - seedStart) / 1000).toFixed(1)} s | – |`,
    );

    // 1. The reminder sweep, timed in this process: the worker's own function on the seeded slots.
    let t = performance.now();
    const firstSent = await sweepProgrammeReminders(ds, new Date());
    const firstMs = performance.now() - t;
    t = performance.now();
    const againSent = await sweepProgrammeReminders(ds, new Date());
    const againMs = performance.now() - t;
    notes.push(
      `| Reminder sweep over ${slots.toLocaleString('en')} slots: first run (claims ${firstSent.toLocaleString('en')} digests, writes their outbox events) | **${(firstMs / 1000).toFixed(2)} s** · ${loadText()} | < 30 s |`,
      `| Reminder sweep again, nothing new to send (what every \`PROGRAMME_SWEEP_MS\` costs) | ${(againMs / 1000).toFixed(2)} s (sent ${againSent}) | – |`,
    );
    /** @type {{ site_id: string, due_month: string, kind: string }[]} */
    const expected = (await c.query(`SELECT site_id, due_month, kind FROM programme_reminders ORDER BY 1, 2, 3`)).rows;
    if (expected.length !== firstSent || againSent !== 0)
      throw new Error(
        `programme bench: sweep sent ${firstSent} then ${againSent}, ${expected.length} digests recorded`,
      );
    await c.query(`DELETE FROM programme_reminders`);
    await c.query(`DELETE FROM outbox WHERE type = 'programme.reminder'`);

    // The API (for part 3) starts and signs in while the workers run; it stays idle until then.
    apiStart = startApi(databaseUrl).then(async (api) => ({
      api,
      admin: await signIn(api.url, 'due-admin@bench.test', PASSWORD),
      rootAuth: await signIn(api.url, 'root@bench.test', PASSWORD),
    }));
    apiStart.catch(() => undefined); // awaited in part 3 (and stopped in the end whatever happens)

    // 2. Exactly once through real workers: one killed mid-sweep, then two at once.
    const catcher = await startSmtpCatcher({ smtpPort: 0, httpPort: 0, limit: 1_000_000 });
    const workerEnv = { SMTP_URL: catcher.smtpUrl, PROGRAMME_SWEEP_MS: '1000', OUTBOX_POLL_MS: '500' };
    /** Backends of this database waiting on a row lock inside the sweep's statement (pg_stat_activity
     * keeps only its first 1 KiB: the statement starts `WITH live AS`). */
    const blockedSweeps = async () =>
      (
        await c.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH live AS%'`,
        )
      ).rows[0].n;
    // A digest the sweep will claim, held by an open transaction here: every sweep stops inside its
    // transaction at that row until this one ends, so "mid-sweep" is a known moment.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    holder.on('error', () => undefined);
    await holder.query('BEGIN');
    const held = expected[Math.floor(expected.length / 2)];
    await holder.query(
      `INSERT INTO programme_reminders (site_id, due_month, kind, slot_count) VALUES ($1, $2, $3, 0)`,
      [held.site_id, held.due_month, held.kind],
    );
    /** @type {import('./lib.mjs').Launched[]} */
    const workers = [];
    let deliveryS = 0;
    try {
      const first = await startWorker(databaseUrl, { env: workerEnv });
      workers.push(first);
      await until('the first worker to start its sweep', async () => (await blockedSweeps()) >= 1, 30_000);
      first.child.kill('SIGKILL'); // a crash mid-sweep: its transaction never commits
      await new Promise((resolve) =>
        first.child.exitCode !== null ? resolve(null) : first.child.once('exit', resolve),
      );
      const [a, b] = await Promise.all([
        startWorker(databaseUrl, { env: workerEnv }),
        startWorker(databaseUrl, { env: workerEnv }),
      ]);
      workers.push(a, b);
      // The killed worker's backend and both new sweeps wait at the held row: release them together.
      await until('both new workers to reach the held digest', async () => (await blockedSweeps()) >= 3, 30_000);
      const released = performance.now();
      await holder.query('ROLLBACK');
      const delivered = async () => {
        const [r] = (
          await c.query(
            `SELECT (SELECT count(*) FROM sent_emails WHERE template LIKE 'programme-%' AND status = 'sent')::int AS emails,
                  (SELECT count(*) FROM notifications n JOIN outbox o ON o.id = n.event_id
                    WHERE o.type = 'programme.reminder')::int AS notifications`,
          )
        ).rows;
        return r.emails >= expected.length && r.notifications >= expected.length;
      };
      await until('every digest to be delivered', delivered, sizes.waitMs);
      deliveryS = (performance.now() - released) / 1000;
      // A few more sweeps on both workers: they must find nothing new.
      await sleep(scale(3000, 500));
    } finally {
      await holder.end().catch(() => undefined);
      await Promise.all(workers.map((w) => w.stop()));
    }
    const counts = (
      await c.query(
        `SELECT (SELECT count(*) FROM programme_reminders)::int AS digests,
              (SELECT count(*) FROM outbox WHERE type = 'programme.reminder')::int AS events,
              (SELECT count(*) FROM (SELECT 1 FROM outbox WHERE type = 'programme.reminder'
                 GROUP BY payload->>'siteId', payload->>'month', payload->>'kind' HAVING count(*) > 1) d)::int AS dup_events,
              (SELECT count(*) FROM notifications n JOIN outbox o ON o.id = n.event_id
                WHERE o.type = 'programme.reminder')::int AS notifications,
              (SELECT count(*) FROM (SELECT 1 FROM notifications n JOIN outbox o ON o.id = n.event_id
                WHERE o.type = 'programme.reminder'
                GROUP BY o.payload->>'siteId', o.payload->>'month', o.payload->>'kind' HAVING count(*) > 1) d)::int AS dup_notifications,
              (SELECT count(*) FROM sent_emails WHERE template LIKE 'programme-%')::int AS sent_emails`,
      )
    ).rows[0];
    // Emails as the SMTP server received them: one per recipient and digest (the subject names the
    // site, the kind and the first due date, so two digests never share recipient and subject).
    const caught = catcher.messages().filter((m) => / filters? (due|overdue)/.test(m.subject));
    /** @type {Map<string, number>} */
    const perDigest = new Map();
    for (const m of caught) perDigest.set(`${m.to}|${m.subject}`, (perDigest.get(`${m.to}|${m.subject}`) ?? 0) + 1);
    const dupEmails = [...perDigest.values()].filter((n) => n > 1).length;
    await catcher.stop();
    const exact =
      counts.digests === expected.length &&
      counts.events === expected.length &&
      counts.notifications === expected.length &&
      caught.length === expected.length &&
      perDigest.size === expected.length &&
      counts.dup_events + counts.dup_notifications + dupEmails === 0;
    notes.push(
      `| Exactly once: worker 1 killed (SIGKILL) inside its sweep transaction, then workers 2 and 3 sweeping at once, then every second (\`PROGRAMME_SWEEP_MS=1000\`) | ${expected.length.toLocaleString('en')} digests expected; ${counts.digests.toLocaleString('en')} claimed, ${counts.events.toLocaleString('en')} outbox events, ${counts.notifications.toLocaleString('en')} notifications, ${caught.length.toLocaleString('en')} emails received by SMTP (${counts.sent_emails.toLocaleString('en')} \`sent_emails\` rows); duplicates per (site, month, kind): events ${counts.dup_events}, notifications ${counts.dup_notifications}, emails ${dupEmails} — **${exact ? 'exactly one each' : 'MISMATCH'}**; all delivered ${deliveryS.toFixed(1)} s after the release | 0 duplicates |`,
    );
    if (!exact) throw new Error(`programme bench: digests not exactly once: ${JSON.stringify({ counts, dupEmails })}`);

    // 3. The due view and the forecast through the API.
    const { api, admin, rootAuth } = await apiStart;
    {
      const today = new Date().toISOString().slice(0, 7);
      const [y, m] = today.split('-').map(Number);
      const to = new Date(Date.UTC(y, m + 1, 1)).toISOString().slice(0, 7);
      for (const [label, query] of [
        [`${today} to ${to}`, `from=${today}&to=${to}`],
        [`${today} only`, `from=${today}&to=${today}`],
      ]) {
        const url = `${api.url}/api/programme/due?${query}`;
        const sample = await fetch(url, { headers: admin }).then((r) => r.json());
        /** @type {{ sites: { lines: unknown[] }[] }[]} */
        const months = sample.data.months;
        const lines = months.reduce((n, mo) => n + mo.sites.reduce((k, s) => k + s.lines.length, 0), 0);
        const { times, bytes, apiCpuMs } = await timeGets(url, admin, sizes.requests, api.pid);
        notes.push(
          `| Due view \`GET programme/due\` ${label}, ${dueSlots.toLocaleString('en')} slots → ${lines.toLocaleString('en')} lines, ${Math.round(bytes / 1024)} KiB (sequential, ${times.length} requests) | p50 ${percentile(times, 50)} ms · p95 **${percentile(times, 95)} ms** · API CPU ${apiCpuMs.toFixed(0)} ms/request · ${loadText()} | p95 < 150 ms |`,
        );
      }
      const forecastUrl = `${api.url}/api/programme/forecast?months=6`;
      const sample = await fetch(forecastUrl, { headers: rootAuth }).then((r) => r.json());
      const { times, bytes, apiCpuMs } = await timeGets(forecastUrl, rootAuth, sizes.requests, api.pid);
      notes.push(
        `| Forecast \`GET programme/forecast?months=6\`, ${slots.toLocaleString('en')} slots of ${slotCompanies.toLocaleString('en')} companies → ${sample.data.rows.length} rows, ${Math.round(bytes / 1024)} KiB (sequential, ${times.length} requests) | p50 ${percentile(times, 50)} ms · p95 **${percentile(times, 95)} ms** · API CPU ${apiCpuMs.toFixed(0)} ms/request · ${loadText()} | p95 < 300 ms |`,
      );
    }
  } finally {
    if (apiStart) await apiStart.then(({ api }) => api.stop()).catch(() => undefined);
    await c.end().catch(() => undefined);
    await ds.destroy();
  }
  return {
    notes: [
      `### Sites and the filter programme${SMOKE ? ' (smoke run: sizes reduced, numbers meaningless)' : ''}`,
      '',
      '| measure | result | target |',
      '| --- | --- | --- |',
      ...notes,
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--smoke') && !SMOKE) {
    throw new Error(
      'smoke mode is BENCH_SMOKE=1 (lib.mjs reads it on import): BENCH_SMOKE=1 node scripts/bench/programme.mjs',
    );
  }
  const { notes } = await withDatabase(`portal_bench_programme${SMOKE ? '_smoke' : ''}`, benchProgramme);
  console.log(notes.join('\n'));
  process.exit(0);
}
