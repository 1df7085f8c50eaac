import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const RESULTS = path.join(ROOT, 'test-results', 'faults');
const DOC = path.join(ROOT, 'docs', 'RELIABILITY.md');
const BEGIN = '<!-- faults:begin -->';
const END = '<!-- faults:end -->';

/**
 * Writes the figures of the last `npm run test:faults` into docs/RELIABILITY.md between the
 * markers (as `npm run bench` does for BENCHMARKS.md). Scenarios that did not run keep their row.
 */
export default async function globalTeardown(): Promise<void> {
  // Private Redis/Postgres data of this run (the servers are stopped by then).
  fs.rmSync(path.join(ROOT, '.data', 'faults'), { recursive: true, force: true });
  if (!fs.existsSync(RESULTS) || !fs.existsSync(DOC)) return;
  const runs = fs
    .readdirSync(RESULTS)
    .filter((f) => f.endsWith('.json'))
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(path.join(RESULTS, f), 'utf8')) as {
          scenario: string;
          at: string;
          figures: Record<string, string | number | boolean>;
        },
    )
    .sort((a, b) => a.scenario.localeCompare(b.scenario));
  if (!runs.length) return;
  const lines = [
    BEGIN,
    '',
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${process.platform}, Node ${process.version}.`,
    '',
  ];
  for (const r of runs) {
    lines.push(
      `**${r.scenario}** (${r.at.slice(0, 19).replace('T', ' ')} UTC)`,
      '',
      '| figure | value |',
      '| --- | --- |',
    );
    for (const [k, v] of Object.entries(r.figures)) lines.push(`| ${k} | ${v} |`);
    lines.push('');
  }
  lines.push(END);
  const doc = fs.readFileSync(DOC, 'utf8');
  const a = doc.indexOf(BEGIN);
  const b = doc.indexOf(END);
  const next =
    a >= 0 && b > a
      ? doc.slice(0, a) + lines.join('\n') + doc.slice(b + END.length)
      : `${doc.trimEnd()}\n\n${lines.join('\n')}\n`;
  // Keep `npm run lint` (prettier --check) green: format the page as the repo's prettier would.

  const prettier = require('prettier') as typeof import('prettier');
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  fs.writeFileSync(DOC, await prettier.format(next, { ...options, filepath: DOC }));
}
