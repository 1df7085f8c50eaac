#!/usr/bin/env node
// `npm test`: every suite, stopping at the first failure. Two lanes run side by side, so a 2-core
// machine is kept busy (the server lane alone leaves about 40 % of it idle):
//   server lane  build → integration → security → scaleout → e2e
//     build        tsc -b (libs, api, worker, scripts)
//     integration  jest --selectProjects integration   (real Postgres; Redis when found; two files at a time)
//     security     jest --selectProjects security      (access matrix, tokens, CSRF, uploads …; two at a time)
//     scaleout     jest --selectProjects scaleout      (2 API processes + 2 workers on Redis; ~20 s)
//     e2e          Playwright driving Chromium against the built app
//   side lane    web → unit → typecheck → bundle → newcomer → bench
//     web          vitest (component tests)
//     unit         jest --selectProjects libs
//     typecheck    tsc --noEmit of the web app, the tests and the benchmarks; the API client generated and checked
//     bundle       vite build (the app the browser tests, `npm start` and the benchmarks serve)
//     newcomer     jest --selectProjects newcomer      (npm start under env -i and on Node 20)
//     bench        npm run bench -- --smoke: every benchmark on a tiny data set (it still starts and runs);
//                  after integration, so the two do not share the test server's connections
// A stage starts once its lane is free and the stages it needs have passed (PLAN). The side lane's
// output is kept and printed whole when the stage ends, so the log reads stage by stage.
// Options: --only=<stage> (a comma list of PLAN's names; what a chosen stage needs runs too).
// Services are discovered once and exported to the suites:
//   TEST_DATABASE_URL  DATABASE_URL | local 127.0.0.1:5432 | embedded Postgres (.data/pg-test, port 54330)
//   TEST_REDIS_URL     REDIS_URL | redis://127.0.0.1:6379 when it answers PING; else TEST_SKIP_REDIS=1
//   CHROMIUM_PATH      env | /usr/bin/chromium | /usr/bin/chromium-browser | /usr/bin/google-chrome; else TEST_SKIP_BROWSER=1
// Under CI=true a missing Redis or Chromium is a failure, not a skip.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reexecUnderModernNode, stopWithParent } from './modern-node.mjs';

// On a Node older than 22.12: run again under Node 24 from .tools (fetched once from the npm registry).
await reexecUnderModernNode(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const CI = ['true', '1'].includes(String(process.env.CI ?? '').toLowerCase());
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
const say = (line) => console.log(`${paint(36, '[test]')} ${line}`);
const loud = (line) => console.log(paint('1;33', `\n!!! ${line}\n`));
const bin = (pkg, rel) => path.join(root, 'node_modules', pkg, rel);

// ---- options ---------------------------------------------------------------------------
/**
 * Each stage's lane and what must have passed before it starts (`needs`, which --only also runs) or
 * only ended, when it runs at all (`after`); a lane runs its stages in this order.
 */
const PLAN = {
  build: { lane: 'server', needs: [] },
  web: { lane: 'side', needs: [] },
  // The spreadsheet reader's tests start its reading process from the compiled tree.
  unit: { lane: 'side', needs: ['build'] },
  typecheck: { lane: 'side', needs: ['build'] },
  bundle: { lane: 'side', needs: [] },
  integration: { lane: 'server', needs: ['build'] },
  security: { lane: 'server', needs: ['build'] },
  scaleout: { lane: 'server', needs: ['build'] },
  e2e: { lane: 'server', needs: ['build', 'bundle'] },
  newcomer: { lane: 'side', needs: ['build', 'bundle'] },
  // `after`: not beside the integration tests (both start APIs and workers on the one test server).
  bench: { lane: 'side', needs: ['build', 'bundle'], after: ['integration'] },
};
const ALL = Object.keys(PLAN);
/** Stages that run the compiled server against Postgres (they need service discovery). */
const SERVER_STAGES = ['integration', 'security', 'scaleout', 'e2e', 'newcomer', 'bench'];
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
let selected = ALL;
if (onlyArg) {
  const wanted = onlyArg
    .slice('--only='.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = wanted.filter((w) => !ALL.includes(w));
  if (bad.length) {
    console.error(`Unknown --only value(s): ${bad.join(', ')} (use ${ALL.join('|')})`);
    process.exit(2);
  }
  const closure = new Set();
  const add = (s) => {
    if (closure.has(s)) return;
    closure.add(s);
    PLAN[s].needs.forEach(add);
  };
  wanted.forEach(add);
  selected = ALL.filter((s) => closure.has(s));
}
const wants = (s) => selected.includes(s);

// ---- process helpers -------------------------------------------------------------------
const running = new Set();
// No stage may hang CI: past this it is killed and counts as failed (override: TEST_STAGE_TIMEOUT_MIN).
const STAGE_TIMEOUT_MS = Number(process.env.TEST_STAGE_TIMEOUT_MIN ?? 20) * 60_000;
/**
 * Runs a command; `out` is where its output goes: the terminal ('inherit') or a file descriptor the
 * side lane prints once the stage ends.
 */
function run(cmd, args, env, out = 'inherit') {
  return new Promise((resolve) => {
    const shown = [cmd === process.execPath ? 'node' : cmd, ...args].map((a) =>
      path.isAbsolute(a) && a.startsWith(root) ? path.relative(root, a) : a,
    );
    const line = `${paint(36, '[test]')} $ ${shown.join(' ')}\n`;
    if (out === 'inherit') process.stdout.write(line);
    else fs.writeSync(out, line);
    const child = spawn(cmd, args, { cwd: root, stdio: out === 'inherit' ? 'inherit' : ['ignore', out, out], env });
    running.add(child);
    const timer = setTimeout(() => {
      loud(`STAGE TIMED OUT after ${STAGE_TIMEOUT_MS / 60_000} min: ${shown.join(' ')} — killing it`);
      child.kill('SIGKILL');
    }, STAGE_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}
const node = (script, args, env, out) => run(process.execPath, [script, ...args], env, out);
/** `node` that also notes how long the step took in `steps` (a stage without a test runner's JSON). */
async function timedNode(steps, title, script, args, env, out) {
  const t = Date.now();
  const code = await node(script, args, env, out);
  steps.push({ title, ms: Date.now() - t });
  return code;
}

// ---- service discovery -----------------------------------------------------------------
function redisPing(url, timeoutMs = 1000) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    if (u.protocol === 'rediss:') return resolve(true); // TLS: trust the configured URL
    const socket = net.connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 6379) });
    let buf = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      buf += d.toString();
      // -NOAUTH: a password-protected server is up; the URL carries the credentials.
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG') || buf.startsWith('-NOAUTH'));
    });
  });
}

function findChromium() {
  if (process.env.CHROMIUM_PATH) return fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return (
    ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => fs.existsSync(p)) ?? null
  );
}

const env = { ...process.env, TEST_RUN_ID: process.env.TEST_RUN_ID ?? String(process.pid) };
let database = null; // { databaseUrl, source, stop }
const missing = [];

async function discoverServices() {
  if (SERVER_STAGES.some(wants)) {
    const { resolveDatabase, redactUrl } = require(path.join(root, 'scripts/dist/resolve-services.js'));
    database = await resolveDatabase({
      env: {
        DATABASE_URL: process.env.TEST_DATABASE_URL || process.env.DATABASE_URL,
        FORCE_EMBEDDED_PG: process.env.FORCE_EMBEDDED_PG,
      },
      database: 'postgres',
      embeddedDir: path.join(root, '.data/pg-test'),
      embeddedPort: 54330,
      log: say,
    });
    env.TEST_DATABASE_URL = database.databaseUrl;
    say(`Postgres (${database.source}): ${redactUrl(database.databaseUrl)}`);
  }
  if (wants('integration') || wants('scaleout')) {
    const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
    if (await redisPing(redisUrl)) {
      env.TEST_REDIS_URL = redisUrl;
      delete env.TEST_SKIP_REDIS;
      say(`Redis: ${redisUrl}`);
    } else {
      delete env.TEST_REDIS_URL;
      env.TEST_SKIP_REDIS = '1';
      missing.push('redis');
      loud(
        `REDIS NOT FOUND (${redisUrl}): Redis-backed tests ${CI ? 'cannot run — failing because CI=true' : 'skipped'} — start redis-server or set REDIS_URL`,
      );
    }
  }
  if (wants('e2e') || wants('bench')) {
    const chromium = findChromium();
    if (chromium) {
      env.CHROMIUM_PATH = chromium;
      delete env.TEST_SKIP_BROWSER;
      say(`Chromium: ${chromium}`);
    } else {
      env.TEST_SKIP_BROWSER = '1';
      missing.push('chromium');
      loud(
        `CHROMIUM NOT FOUND${process.env.CHROMIUM_PATH ? ` at CHROMIUM_PATH=${process.env.CHROMIUM_PATH}` : ''}: browser e2e tests ${CI ? 'cannot run — failing because CI=true' : 'skipped'} — apt-get install chromium or set CHROMIUM_PATH`,
      );
    }
  }
}

// ---- stages ----------------------------------------------------------------------------
const tsc = bin('typescript', 'bin/tsc');
const jest = bin('jest', 'bin/jest.js');
// Each runner also writes its results as JSON, from which the summary names each stage's slowest tests.
// Not under test-results/: Playwright empties that folder when the e2e stage starts.
const timingsDir = path.join(root, '.test-timings');
const timingsFile = (stage) => path.join(timingsDir, `${stage}.json`);
const jestArgs = (project) => [
  '--selectProjects',
  project,
  ...(CI ? ['--ci'] : []),
  '--json',
  `--outputFile=${timingsFile(project === 'libs' ? 'unit' : project)}`,
];
const webConfig = path.join(root, 'apps/web/vite.config.ts');
const e2eConfig = path.join(root, 'e2e/playwright.config.ts');

const stages = {
  async build(out) {
    const steps = [];
    const code = await timedNode(
      steps,
      'tsc -b (libs, api, worker, scripts)',
      tsc,
      ['-b', 'tsconfig.json', 'scripts'],
      env,
      out,
    );
    fs.writeFileSync(timingsFile('build'), JSON.stringify({ steps }));
    env.TEST_SKIP_BUILD = '1'; // jest's global setup need not rebuild
    return { code };
  },
  // What is not compiled is type-checked: the web app, the test files (ts-jest and Playwright only strip
  // types), the benchmark scripts (`// @ts-check` JavaScript, against the compiled tree) and the API
  // client generated from the API document (docs/API.md).
  async typecheck(out) {
    const steps = [];
    const step = (title, script, args) => timedNode(steps, title, script, args, env, out);
    let code = 0;
    if (fs.existsSync(path.join(root, 'apps/web/tsconfig.json'))) {
      code = await step('typecheck apps/web', tsc, ['-p', 'apps/web/tsconfig.json', '--noEmit']);
    }
    if (code === 0) code = await step('typecheck tests', tsc, ['-p', 'tsconfig.test.json']);
    if (code === 0) code = await step('typecheck benchmarks', tsc, ['-p', 'scripts/bench']);
    if (code === 0) {
      const client = path.join(root, 'scripts/openapi/generate-client.mjs');
      code = await step('API client generated and typechecked', client, []);
    }
    fs.writeFileSync(timingsFile('typecheck'), JSON.stringify({ steps }));
    return { code };
  },
  unit: async (out) => ({ code: await node(jest, jestArgs('libs'), env, out) }),
  // Two files at a time: a file spends much of its time waiting on its API, workers and Postgres, so
  // one at a time leaves a core idle. (Each API and worker a test starts keeps few connections:
  // test/api.ts TEST_POOL_SIZES.)
  integration: async (out) => ({ code: await node(jest, [...jestArgs('integration'), '--maxWorkers=2'], env, out) }),
  security: async (out) => ({ code: await node(jest, [...jestArgs('security'), '--maxWorkers=2'], env, out) }),
  // 2 APIs + 2 workers share the test Redis under a unique QUEUE_PREFIX; needs Redis.
  async scaleout(out) {
    if (env.TEST_SKIP_REDIS) return { skipped: 'Redis not found' };
    return { code: await node(jest, [...jestArgs('scaleout'), '--runInBand'], env, out) };
  },
  async web(out) {
    if (!fs.existsSync(webConfig)) {
      loud('apps/web/vite.config.ts NOT FOUND: web component tests skipped');
      return { skipped: 'no apps/web/vite.config.ts' };
    }
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${timingsFile('web')}`];
    return { code: await node(bin('vitest', 'vitest.mjs'), ['run', '--config', webConfig, ...reporters], env, out) };
  },
  async bundle(out) {
    if (!fs.existsSync(webConfig)) return { skipped: 'no apps/web/vite.config.ts' };
    const args = ['build', '--config', webConfig, '--logLevel', 'warn'];
    return {
      code: await node(bin('vite', 'bin/vite.js'), args, { ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }, out),
    };
  },
  async e2e(out) {
    if (!fs.existsSync(e2eConfig)) {
      loud('e2e/playwright.config.ts NOT FOUND: browser e2e tests skipped');
      return { skipped: 'no e2e/playwright.config.ts' };
    }
    if (env.TEST_SKIP_BROWSER) return { skipped: 'Chromium not found' };
    const e2eEnv = { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: timingsFile('e2e') };
    return { code: await node(bin('@playwright/test', 'cli.js'), ['test', '-c', e2eConfig], e2eEnv, out) };
  },
  // The README's `npm start` under `env -i` (no locale, no services) and on Node 20.
  newcomer: async (out) => ({ code: await node(jest, [...jestArgs('newcomer'), '--runInBand'], env, out) }),
  // Every benchmark on a tiny data set (scripts/bench/run.mjs --smoke): one that cannot start on a
  // fresh clone fails here. Browser benchmarks are skipped without Chromium (a failure under CI=true).
  async bench(out) {
    const benchEnv = {
      ...env,
      DATABASE_URL: env.TEST_DATABASE_URL,
      TEST_SKIP_BUILD: '1',
      BENCH_TIMINGS_FILE: timingsFile('bench'),
    };
    return { code: await node(path.join(root, 'scripts/bench/run.mjs'), ['--smoke'], benchEnv, out) };
  },
};

// ---- main ------------------------------------------------------------------------------
const results = [];
let interrupted = false;
async function cleanup() {
  if (database) {
    const db = database;
    database = null;
    if (db.source === 'embedded') say('Stopping embedded test Postgres…');
    await db.stop().catch((err) => console.error(`embedded Postgres stop: ${err}`));
  }
}
function interrupt(sig) {
  interrupted = true;
  // The suites in progress got the terminal's signal too; let them end, then clean up.
  if (running.size) for (const child of running) child.kill(sig);
  else void cleanup().then(() => process.exit(130));
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => interrupt(sig));
stopWithParent(() => interrupt('SIGTERM'));

/**
 * The five slowest tests of a stage, from its runner's JSON results ([] when there are none); for the
 * build and the benchmarks, their slowest steps.
 */
function slowestTests(stage) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(timingsFile(stage), 'utf8'));
  } catch {
    return [];
  }
  // build and bench: steps[] of { title, ms }
  const tests = [...(report.steps ?? [])];
  // jest and vitest: testResults[].assertionResults[]
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      tests.push({ ms: t.duration ?? 0, title: `${path.relative(root, file.name)} › ${t.fullName ?? t.title}` });
    }
  }
  // Playwright: suites[] (nested) of specs[] of tests[] of results[]
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      const ms = (spec.tests ?? []).flatMap((t) => t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      tests.push({ ms, title: [...trail, spec.title].filter(Boolean).join(' › ') });
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests.sort((a, b) => b.ms - a.ms).slice(0, 5);
}

function summary(wallMs) {
  console.log(`\n${paint(1, 'Test summary')}`);
  const marks = {
    passed: paint(32, 'PASS'),
    failed: paint(31, 'FAIL'),
    stopped: paint(33, 'STOP'),
    skipped: paint(33, 'SKIP'),
  };
  for (const name of ALL) {
    const r = results.find((x) => x.name === name);
    if (!r) continue;
    const extra = r.status === 'failed' ? ` (exit ${r.code})` : r.reason ? ` (${r.reason})` : '';
    console.log(`  ${marks[r.status]}  ${r.name.padEnd(12)} ${(r.ms / 1000).toFixed(1).padStart(6)}s${extra}`);
    for (const t of r.status === 'passed' || r.status === 'failed' ? slowestTests(r.name) : []) {
      console.log(`          ${(t.ms / 1000).toFixed(1).padStart(6)}s  ${t.title}`);
    }
  }
  for (const r of results.filter((x) => !ALL.includes(x.name))) console.log(`  ${marks[r.status]}  ${r.name}`);
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  console.log(
    `${passed} passed, ${failed} failed, ${(wallMs / 60_000).toFixed(1)} min in all (the two lanes side by side)`,
  );
}

let exitCode = 0;
fs.rmSync(timingsDir, { recursive: true, force: true });
fs.mkdirSync(timingsDir, { recursive: true });

const lanes = { server: selected.filter((s) => PLAN[s].lane === 'server'), side: [] };
lanes.side = selected.filter((s) => PLAN[s].lane === 'side');
// The side lane's output goes to the terminal as it comes only when it runs alone.
const streamsSide = lanes.server.length === 0;
/** Per stage: resolves true once it passed (or was skipped), false when it failed or did not run. */
const done = Object.fromEntries(
  selected.map((s) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [s, { promise, resolve }];
  }),
);
let stopping = false;
function stopEverything() {
  stopping = true;
  for (const child of running) child.kill('SIGTERM');
}

// Discovery happens once, after the build (it uses scripts/dist), before the first stage needing it.
let servicesFound = null;
function services() {
  servicesFound ??= discoverServices().then(() => {
    if (!CI || !missing.length) return true;
    results.push({ name: 'services', status: 'failed', code: 1, ms: 0 });
    console.error(`CI=true and missing: ${missing.join(', ')} — failing (see the lines above for the fix).`);
    return false;
  });
  return servicesFound;
}

async function runStage(name, lane) {
  const needs = PLAN[name].needs.filter(wants);
  const ready = (await Promise.all(needs.map((n) => done[n].promise))).every(Boolean);
  await Promise.all((PLAN[name].after ?? []).filter(wants).map((n) => done[n].promise));
  if (!ready || stopping || interrupted) return false;
  if (SERVER_STAGES.includes(name) && !(await services())) {
    exitCode ||= 1;
    stopEverything();
    return false;
  }
  const streams = lane === 'server' || streamsSide;
  const logFile = path.join(timingsDir, `${name}.log`);
  const out = streams ? 'inherit' : fs.openSync(logFile, 'w');
  say(paint(1, `── ${name} ──${streams ? '' : ' started beside the server lane; its output follows when it ends'}`));
  const t = Date.now();
  let r;
  try {
    r = await stages[name](out);
  } finally {
    if (out !== 'inherit') {
      fs.closeSync(out);
      say(paint(1, `── ${name} (output) ──`));
      process.stdout.write(fs.readFileSync(logFile));
    }
  }
  const ms = Date.now() - t;
  if (r.skipped) {
    results.push({ name, status: 'skipped', reason: r.skipped, ms });
    return true;
  }
  if (r.code !== 0) {
    // A stage ended by another's failure is "stopped", not a failure of its own.
    const own = !stopping;
    results.push({ name, status: own ? 'failed' : 'stopped', code: r.code, ms });
    if (own) {
      exitCode = r.code;
      if (running.size) say(`${name} failed: stopping the stages still running`);
      stopEverything();
    }
    return false;
  }
  const reason = name === 'integration' && env.TEST_SKIP_REDIS ? 'Redis-backed tests skipped' : undefined;
  results.push({ name, status: 'passed', ms, reason });
  return true;
}

async function runLane(lane) {
  for (const name of lanes[lane]) {
    let passed = false;
    try {
      passed = await runStage(name, lane);
    } finally {
      done[name].resolve(passed);
    }
  }
}

const started = Date.now();
try {
  await Promise.all([runLane('server'), runLane('side')]);
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  results.push({ name: 'runner', status: 'failed', code: 1, ms: 0 });
  exitCode = 1;
  stopEverything();
} finally {
  await cleanup();
}
if (interrupted && exitCode === 0) exitCode = 130;
summary(Date.now() - started);
process.exit(exitCode);
