#!/usr/bin/env node
// The README's two commands on whatever Node a machine has (18 or later): the portal needs 22.12+,
// so on an older Node this fetches Node 24 from the npm registry (the `node-<os>-<arch>` package, as
// .ci/run does) into .tools/node24 once, and `npm start`, `npm run dev` and `npm test` re-run
// themselves under it — a later start needs no network.
//   node scripts/modern-node.mjs --install   the `postinstall` step: fetch when the Node is too old
// Plain JavaScript for Node 18+: it runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MINIMUM = '22.12';
/** Where the fetched Node lives; `PORTAL_TOOLS_DIR` moves it (the tests fetch into a scratch folder). */
const toolsDir = () => path.resolve(ROOT, process.env.PORTAL_TOOLS_DIR || '.tools', 'node24');

export function isModern(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const [wantMajor, wantMinor] = MINIMUM.split('.').map(Number);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

function packageName() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  return os && arch ? `node-${os}-${arch}` : null;
}

function fetchedNode() {
  const bin = process.platform === 'win32' ? ['package', 'bin', 'node.exe'] : ['package', 'bin', 'node'];
  return path.join(toolsDir(), ...bin);
}

function versionOf(node) {
  const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** npm's own CLI when we run under npm (`postinstall`), else the `npm` on PATH. */
function npmCommand(args) {
  if (process.env.npm_execpath && fs.existsSync(process.env.npm_execpath)) {
    return [process.execPath, [process.env.npm_execpath, ...args]];
  }
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', args];
}

/**
 * The path of a Node >= 22.12 to run the portal with: this one, or Node 24 under .tools (fetched
 * now when missing). Null, after saying why and what to do, when none can be had.
 */
export function ensureModernNode(say = (line) => console.log(line)) {
  if (isModern()) return process.execPath;
  const node = fetchedNode();
  const have = fs.existsSync(node) ? versionOf(node) : null;
  if (have && isModern(have)) return node;
  const pkg = packageName();
  const manual = `install Node 24 (https://nodejs.org) and run the command again`;
  if (!pkg) {
    console.error(
      `Node ${process.versions.node} is older than ${MINIMUM} and no Node 24 package exists for ${process.platform}-${process.arch}: ${manual}.`,
    );
    return null;
  }
  const dir = toolsDir();
  say(
    `Node ${process.versions.node} is older than ${MINIMUM}: fetching Node 24 (${pkg}) from the npm registry into ${path.relative(ROOT, dir) || dir} — once.`,
  );
  const scratch = `${dir}.partial-${process.pid}`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  try {
    const [cmd, args] = npmCommand(['pack', '--silent', `${pkg}@24`]);
    const packed = spawnSync(cmd, args, { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const tarball = packed.status === 0 ? packed.stdout.trim().split('\n').pop() : '';
    if (!tarball || !fs.existsSync(path.join(scratch, tarball))) {
      console.error(`Could not fetch ${pkg}@24 from the npm registry: ${manual}.`);
      return null;
    }
    const untar = spawnSync('tar', ['-xzf', tarball], { cwd: scratch, stdio: 'inherit' });
    fs.rmSync(path.join(scratch, tarball), { force: true });
    if (untar.status !== 0) {
      console.error(`Could not unpack ${tarball}: ${manual}.`);
      return null;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(scratch, dir);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const version = versionOf(node);
  if (!version || !isModern(version)) {
    console.error(`The fetched Node at ${node} does not start: ${manual}.`);
    return null;
  }
  return node;
}

/**
 * Run the calling script again under a modern Node when this one is too old, and exit with its code;
 * returns (doing nothing) when this Node is fine. The child gets a process group of its own, so a
 * Ctrl-C reaches it once, through us; it stops by itself if we die (it watches the IPC channel).
 */
export async function reexecUnderModernNode(scriptUrl) {
  if (isModern()) return;
  const node = ensureModernNode((line) => console.log(`[node] ${line}`));
  if (!node) process.exit(1);
  const bin = path.dirname(node);
  const child = spawn(node, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: process.platform !== 'win32',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, PORTAL_REEXEC: '1' },
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      try {
        child.kill(sig);
      } catch {
        /* already gone */
      }
    });
  }
  const code = await new Promise((resolve) => {
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolve(1);
    });
  });
  process.exit(code);
}

/** In a script re-run by `reexecUnderModernNode`: call `stop` when the parent goes away. */
export function stopWithParent(stop) {
  if (process.env.PORTAL_REEXEC && process.connected) process.on('disconnect', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--install')) {
    // `npm install` must not fail on an old Node: without a fetched Node, say so and go on.
    if (!isModern() && !ensureModernNode((line) => console.log(line))) {
      console.log('npm start will try again.');
    }
  }
}
