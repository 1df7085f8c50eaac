import fs from 'node:fs';
import path from 'node:path';

/**
 * Parses a `.env` file: `KEY=value` lines, `#` comments, optional `export `, single or
 * double quotes (double quotes understand \n). No interpolation.
 */
export function parseDotEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2];
    if (value.startsWith('"')) {
      const end = value.indexOf('"', 1);
      value = (end === -1 ? value.slice(1) : value.slice(1, end)).replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else if (value.startsWith("'")) {
      const end = value.indexOf("'", 1);
      value = end === -1 ? value.slice(1) : value.slice(1, end);
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[m[1]] = value;
  }
  return out;
}

/** Loads `.env` from `dir` into process.env; variables already set in the environment win. */
export function loadDotEnv(dir = process.cwd(), env: NodeJS.ProcessEnv = process.env): string | null {
  const file = path.join(dir, '.env');
  if (!fs.existsSync(file)) return null;
  const parsed = parseDotEnv(fs.readFileSync(file, 'utf8'));
  for (const [k, v] of Object.entries(parsed)) {
    if (env[k] === undefined) env[k] = v;
  }
  return file;
}
