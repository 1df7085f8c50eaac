#!/usr/bin/env node
// npm 11 leaves platform-specific optional packages out of package-lock.json when the registry it
// installs from lacks that exact version (e.g. @msgpackr-extract/*-darwin-arm64@3.0.7 here), and
// `npm ci` then refuses the lockfile ("Missing: … from lock file"). This adds the missing entries
// as optional, OS/CPU-restricted stubs: `npm ci` skips them on other platforms, exactly as it would
// skip the real package. Run after `npm install` changes the lockfile: `node scripts/fix-lockfile.mjs`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');

function missingPackages() {
  let out = '';
  try {
    out = execSync('npm ci --dry-run --ignore-scripts --no-audit --no-fund', {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  } catch (e) {
    out = `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
  return [...out.matchAll(/Missing: (@?[^@\s]+)@\S* from lock file/g)].map((m) => m[1]);
}

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  return { os, cpu };
}

const missing = missingPackages();
if (missing.length === 0) {
  console.log('package-lock.json: nothing missing');
  process.exit(0);
}
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
let added = 0;
for (const name of missing) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  // The version wanted by whichever package declares it as an optional dependency.
  const parent = Object.values(lock.packages).find((p) => p.optionalDependencies?.[name]);
  const { os, cpu } = platformOf(name);
  if (!parent || !os || !cpu) {
    console.error(`cannot stub ${name} (no declaring package or unknown platform)`);
    process.exitCode = 1;
    continue;
  }
  lock.packages[key] = { version: parent.optionalDependencies[name], optional: true, os: [os], cpu: [cpu] };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform stub(s)`);
const still = missingPackages();
if (still.length) {
  console.error(`still missing: ${still.join(', ')}`);
  process.exit(1);
}
