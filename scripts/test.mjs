#!/usr/bin/env node
// `npm test`: every suite, in order, stopping at the first failure.
//   1. build        tsc -b (libs, api, worker, scripts) + typecheck of the web app, the tests and the benchmarks
//   2. unit         jest --selectProjects libs
//   3. integration  jest --selectProjects integration   (real Postgres; Redis when found)
// 4. security jest --selectProjects security (access matrix, tokens, CSRF, uploads …)
//      scaleout     jest --selectProjects scaleout      (2 API processes + 2 workers on Redis; ~20 s)
//   5. web          vitest (component tests)
//   6. e2e          vite build + Playwright driving Chromium
//   7. newcomer     jest --selectProjects newcomer      (npm start under env -i and on Node 20)
//   8. bench        npm run bench -- --smoke: every benchmark on a tiny data set (it still starts and runs)
// Options: --only=unit|integration|security|scaleout|web|e2e|bench (comma list allowed).
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
const ALL = ['build', 'unit', 'integration', 'security', 'scaleout', 'web', 'e2e', 'newcomer', 'bench'];
/** Stages that run the compiled server against Postgres (they build first and need service discovery). */
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
    console.error(`Unknown --only value(s): ${bad.join(', ')} (use ${ALL.slice(1).join('|')})`);
    process.exit(2);
  }
  // Integration, security and e2e run the compiled server, so they build first.
  const needsBuild = wanted.some((w) => SERVER_STAGES.includes(w) || w === 'build');
  selected = ALL.filter((s) => wanted.includes(s) || (s === 'build' && needsBuild));
}
const wants = (s) => selected.includes(s);

// ---- process helpers -------------------------------------------------------------------
let current = null;
// No stage may hang CI: past this it is killed and counts as failed (override: TEST_STAGE_TIMEOUT_MIN).
const STAGE_TIMEOUT_MS = Number(process.env.TEST_STAGE_TIMEOUT_MIN ?? 20) * 60_000;
function run(cmd, args, env) {
  return new Promise((resolve) => {
    const shown = [cmd === process.execPath ? 'node' : cmd, ...args].map((a) =>
      path.isAbsolute(a) && a.startsWith(root) ? path.relative(root, a) : a,
    );
    say(`$ ${shown.join(' ')}`);
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    current = child;
    const timer = setTimeout(() => {
      loud(`STAGE TIMED OUT after ${STAGE_TIMEOUT_MS / 60_000} min: ${shown.join(' ')} — killing it`);
      child.kill('SIGKILL');
    }, STAGE_TIMEOUT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
}
const node = (script, args, env) => run(process.execPath, [script, ...args], env);
/** `node` that also notes how long the step took in `steps` (a stage without a test runner's JSON). */
async function timedNode(steps, title, script, args, env) {
  const t = Date.now();
  const code = await node(script, args, env);
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
  async build() {
    const steps = [];
    let code = await timedNode(
      steps,
      'tsc -b (libs, api, worker, scripts)',
      tsc,
      ['-b', 'tsconfig.json', 'scripts'],
      env,
    );
    if (code === 0 && fs.existsSync(path.join(root, 'apps/web/tsconfig.json'))) {
      code = await timedNode(steps, 'typecheck apps/web', tsc, ['-p', 'apps/web/tsconfig.json', '--noEmit'], env);
    }
    // The test files (ts-jest and Playwright only strip types) and the benchmark scripts (`// @ts-check`
    // JavaScript, against the compiled tree).
    if (code === 0) code = await timedNode(steps, 'typecheck tests', tsc, ['-p', 'tsconfig.test.json'], env);
    if (code === 0) code = await timedNode(steps, 'typecheck benchmarks', tsc, ['-p', 'scripts/bench'], env);
    // The API document → a generated client; its example must type-check (docs/API.md).
    if (code === 0) {
      const client = path.join(root, 'scripts/openapi/generate-client.mjs');
      code = await timedNode(steps, 'API client generated and typechecked', client, [], env);
    }
    fs.writeFileSync(timingsFile('build'), JSON.stringify({ steps }));
    env.TEST_SKIP_BUILD = '1'; // jest's global setup need not rebuild
    return { code };
  },
  unit: async () => ({ code: await node(jest, jestArgs('libs'), env) }),
  integration: async () => ({ code: await node(jest, jestArgs('integration'), env) }),
  security: async () => ({ code: await node(jest, jestArgs('security'), env) }),
  // 2 APIs + 2 workers share the test Redis under a unique QUEUE_PREFIX; needs Redis.
  async scaleout() {
    if (env.TEST_SKIP_REDIS) return { skipped: 'Redis not found' };
    return { code: await node(jest, [...jestArgs('scaleout'), '--runInBand'], env) };
  },
  async web() {
    if (!fs.existsSync(webConfig)) {
      loud('apps/web/vite.config.ts NOT FOUND: web component tests skipped');
      return { skipped: 'no apps/web/vite.config.ts' };
    }
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${timingsFile('web')}`];
    return { code: await node(bin('vitest', 'vitest.mjs'), ['run', '--config', webConfig, ...reporters], env) };
  },
  async e2e() {
    if (!fs.existsSync(e2eConfig)) {
      loud('e2e/playwright.config.ts NOT FOUND: browser e2e tests skipped');
      return { skipped: 'no e2e/playwright.config.ts' };
    }
    if (env.TEST_SKIP_BROWSER) return { skipped: 'Chromium not found' };
    if (fs.existsSync(webConfig)) {
      const code = await node(bin('vite', 'bin/vite.js'), ['build', '--config', webConfig, '--logLevel', 'warn'], env);
      if (code !== 0) return { code };
    }
    const e2eEnv = { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: timingsFile('e2e') };
    return { code: await node(bin('@playwright/test', 'cli.js'), ['test', '-c', e2eConfig], e2eEnv) };
  },
  // The README's `npm start` under `env -i` (no locale, no services) and on Node 20.
  newcomer: async () => ({ code: await node(jest, [...jestArgs('newcomer'), '--runInBand'], env) }),
  // Every benchmark on a tiny data set (scripts/bench/run.mjs --smoke): one that cannot start on a
  // fresh clone fails here. Browser benchmarks are skipped without Chromium (a failure under CI=true).
  async bench() {
    const benchEnv = {
      ...env,
      DATABASE_URL: env.TEST_DATABASE_URL,
      TEST_SKIP_BUILD: '1',
      BENCH_TIMINGS_FILE: timingsFile('bench'),
    };
    return { code: await node(path.join(root, 'scripts/bench/run.mjs'), ['--smoke'], benchEnv) };
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
  // The suite in progress got the terminal's signal too; let it end, then clean up.
  if (current) current.kill(sig);
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

function summary() {
  console.log(`\n${paint(1, 'Test summary')}`);
  for (const r of results) {
    const mark =
      r.status === 'passed' ? paint(32, 'PASS') : r.status === 'failed' ? paint(31, 'FAIL') : paint(33, 'SKIP');
    const extra = r.status === 'failed' ? ` (exit ${r.code})` : r.reason ? ` (${r.reason})` : '';
    console.log(`  ${mark}  ${r.name.padEnd(12)} ${(r.ms / 1000).toFixed(1).padStart(6)}s${extra}`);
    for (const t of r.status === 'skipped' ? [] : slowestTests(r.name)) {
      console.log(`          ${(t.ms / 1000).toFixed(1).padStart(6)}s  ${t.title}`);
    }
  }
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  console.log(`${passed} passed, ${failed} failed`);
}

let exitCode = 0;
let discovered = false;
fs.rmSync(timingsDir, { recursive: true, force: true });
fs.mkdirSync(timingsDir, { recursive: true });
try {
  for (const name of selected) {
    if (interrupted) break;
    // Discovery happens once, after the build (it uses scripts/dist), before the first suite needing it.
    if (SERVER_STAGES.includes(name) && !discovered) {
      discovered = true;
      await discoverServices();
      if (CI && missing.length) {
        results.push({ name: 'services', status: 'failed', code: 1, ms: 0 });
        console.error(`CI=true and missing: ${missing.join(', ')} — failing (see the lines above for the fix).`);
        exitCode = 1;
        break;
      }
    }
    say(paint(1, `── ${name} ──`));
    const t = Date.now();
    const r = await stages[name]();
    const ms = Date.now() - t;
    if (r.skipped) {
      results.push({ name, status: 'skipped', reason: r.skipped, ms });
      continue;
    }
    if (r.code !== 0) {
      results.push({ name, status: 'failed', code: r.code, ms });
      exitCode = r.code;
      break;
    }
    const reason = name === 'integration' && env.TEST_SKIP_REDIS ? 'Redis-backed tests skipped' : undefined;
    results.push({ name, status: 'passed', ms, reason });
  }
} catch (err) {
  console.error(err instanceof Error ? err.stack : err);
  results.push({ name: 'runner', status: 'failed', code: 1, ms: 0 });
  exitCode = 1;
} finally {
  await cleanup();
}
if (interrupted && exitCode === 0) exitCode = 130;
summary();
process.exit(exitCode);
