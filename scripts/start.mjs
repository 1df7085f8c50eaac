#!/usr/bin/env node
// `npm start` / `npm run dev`: make sure the build is current, then run the launcher
// (scripts/dist/start.js) in its own process group so Ctrl-C reaches only us; we turn it
// into one orderly SIGTERM (children first, embedded Postgres last).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reexecUnderModernNode, stopWithParent } from './modern-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');
const t0 = Date.now();
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const say = (line) => console.log(`${tty ? '\x1b[36m[start]\x1b[0m' : '[start]'} ${line}`);

// On a Node older than 22.12: run again under Node 24 from .tools (fetched once from the npm registry).
await reexecUnderModernNode(import.meta.url);
if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

function run(cmd, cmdArgs, what) {
  const t = Date.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${what} failed (${r.signal ?? `exit ${r.status}`}).`);
    process.exit(r.status || 1);
  }
  say(`${what} done in ${((Date.now() - t) / 1000).toFixed(1)}s`);
}

/** Newest modification time (ms) of any file under the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const stack = paths.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  while (stack.length) {
    const p = stack.pop();
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') stack.push(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  }
  return newest;
}

// 1. Server code: tsc -b is incremental (a no-op check when nothing changed).
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const buildServer = pkg.scripts['build:server'] ?? 'tsc -b apps/api apps/worker scripts';
if (buildServer.startsWith('tsc ')) {
  run(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), ...buildServer.slice(4).trim().split(/\s+/)],
    'Server build (tsc -b)',
  );
} else {
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '-s', 'build:server'], 'Server build');
}

// 2. Web app: rebuilt only when its sources (or the shared libs it bundles) are newer than the build.
if (!dev) {
  const viteConfig = path.join(root, 'apps/web/vite.config.ts');
  const indexHtml = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(viteConfig)) {
    say('apps/web/vite.config.ts not found — skipping the web build (the API still serves /api).');
  } else {
    const built = fs.existsSync(indexHtml) ? fs.statSync(indexHtml).mtimeMs : 0;
    const sources = newestMtime([
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'libs/domain/src',
      'libs/contracts/src',
    ]);
    if (sources > built) {
      run(
        process.execPath,
        [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', viteConfig, '--logLevel', 'warn'],
        'Web build (vite)',
      );
    } else {
      say('Web build is current');
    }
  }
}

// 3. The launcher, in its own process group; we relay signals to it.
const launcher = spawn(process.execPath, [path.join(root, 'scripts/dist/start.js'), ...args], {
  cwd: root,
  env: { ...process.env, LAUNCH_STARTED_AT: String(t0) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: process.platform !== 'win32',
});
let signalled = 0;
const relay = (sig) => {
  signalled++;
  try {
    // First signal: orderly stop. Second: the launcher escalates to SIGKILL for its children.
    launcher.kill(signalled > 1 ? 'SIGINT' : 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('SIGINT', relay);
process.on('SIGTERM', relay);
process.on('SIGHUP', relay);
stopWithParent(() => relay('SIGTERM'));
launcher.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
