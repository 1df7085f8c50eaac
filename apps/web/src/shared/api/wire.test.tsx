import { describe, expect, it } from 'vitest';

/*
 * The web reaches the API only through the route table: `call(entry, …)`, `routeUrl(entry, …)` and the
 * download helpers that take an entry. This scan keeps it so: outside shared/api no source names an API
 * path, and nothing calls the untyped client. Tests are not scanned: their fake servers (`*.test.tsx`,
 * `test/`, `testing.tsx`) answer by URL.
 */

const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/test/**', '!/src/**/testing.{ts,tsx}'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Relative to apps/web/src. */
const files = Object.entries(sources).map(([path, text]) => ({ file: path.replace(/^\/src\//, ''), text }));

const insideClient = (file: string) => file.startsWith('shared/api/');

/** A string literal that starts like an API path: '/api/…', "api/…", `/api/…`. */
const API_PATH_LITERAL = /(['"`])\/?api\/[^'"`]*\1?/g;
/** The untyped client: a path string instead of a route entry (or a URL built from a literal path). */
const UNTYPED_CALL =
  /\b(?:(?:api\.(?:get|post|patch|put|delete)|apiRequest|downloadApiFile)\s*[<(]|apiUrl\s*\(\s*['"`])/g;

function offences(text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line) && new RegExp(pattern.source).test(line))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

describe('the wire from the web', () => {
  it('scans the sources (the glob found them)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.file === 'shared/api/call.ts')).toBe(true);
  });

  it('names no API path outside shared/api', () => {
    const found = files
      .filter((f) => !insideClient(f.file))
      .flatMap((f) => offences(f.text, API_PATH_LITERAL).map((o) => `${f.file}:${o}`));
    expect(found, found.join('\n')).toEqual([]);
  });

  it('calls routes from the table, not the untyped client, outside shared/api', () => {
    const found = files
      .filter((f) => !insideClient(f.file) && f.file !== 'shared/download/authorizedDownload.ts')
      .flatMap((f) => offences(f.text, UNTYPED_CALL).map((o) => `${f.file}:${o}`));
    expect(found, found.join('\n')).toEqual([]);
  });
});
