/**
 * How a buyer's words become something the catalogue can be searched by. One implementation for
 * the API (matching, the search log's keys), the web (hints) and the tests.
 *
 * - A **part-number key** ignores case, white space and the separators `- . / _`, and folds
 *   full-width characters (NFKC): `RF-16201`, `rf 16201`, `RF.16201` and `ＲＦ１６２０１` all
 *   become `RF16201`. Postgres computes the same key with `part_key(text)` (migration
 *   `find`), which the variant and alias indexes are built on.
 * - A **nominal size** is width × height (× depth), written with `x`, `X`, `×` or `*`, with or
 *   without spaces, inch marks (`"`, `''`, `″`) or a trailing `in`/`inch`/`inches`: `20x25x1`,
 *   `20 x 25 x 1`, `20×25×1`, `20"x25"x1"`, `20 x 25 x 1 in`.
 * - What is left are **words** that narrow a size by category or product name (`merv 13`).
 */

/** Separators a part number may be written with; ignored together with white space. */
const IGNORED = /[\s._/-]+/gu;

/** The part-number key: NFKC, separators and white space removed, upper case. */
export function partKey(raw: string): string {
  return raw.normalize('NFKC').replace(IGNORED, '').toUpperCase();
}

/** Most characters of a search kept in the search log (and accepted in `q`). */
export const SEARCH_RAW_MAX = 64;

export interface ParsedSize {
  width: number;
  height: number;
  /** null when only width × height was written. */
  depth: number | null;
}

export interface ParsedFind {
  /** The whole query as a part-number key ('' when nothing is left). */
  key: string;
  /** A nominal size found in the query, or null. */
  size: ParsedSize | null;
  /** Lower-case words besides the size (size queries only narrow by these). */
  words: string[];
}

const NUM = String.raw`(\d{1,3}(?:\.\d{1,4})?)`;
/** Inch marks after a number: ", '', ″, or in/inch/inches as a word. */
const INCH = String.raw`(?:\s*(?:"|''|″|in(?:ch(?:es)?)?\b\.?))?`;
const TIMES = String.raw`\s*[x×*]\s*`;
const SIZE_RE = new RegExp(
  String.raw`(?:^|(?<=[\s(]))${NUM}${INCH}${TIMES}${NUM}${INCH}(?:${TIMES}${NUM}${INCH})?(?=$|[\s,;)])`,
  'iu',
);

/** Words that say nothing about a category or product. */
const NOISE = new Set(['in', 'inch', 'inches', 'x', 'filter', 'filters', 'size', '"']);

/** Splits a find query into its part-number key, a nominal size and the narrowing words. */
export function parseFindQuery(q: string): ParsedFind {
  const text = q.normalize('NFKC').trim();
  const key = partKey(text);
  const m = SIZE_RE.exec(text);
  if (!m) return { key, size: null, words: [] };
  const size: ParsedSize = {
    width: Number(m[1]),
    height: Number(m[2]),
    depth: m[3] === undefined ? null : Number(m[3]),
  };
  if (!(size.width > 0 && size.height > 0 && (size.depth === null || size.depth > 0))) {
    return { key, size: null, words: [] };
  }
  const rest = (text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length)).toLowerCase();
  const words = rest
    .split(/[\s,;()]+/u)
    .map((w) => w.replace(/^["'″]+|["'″.]+$/gu, ''))
    .filter((w) => w.length > 0 && !NOISE.has(w))
    .slice(0, 8);
  return { key, size, words };
}

/** Characters a part-number key is made of (for the did-you-mean candidates). */
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Every key at edit distance exactly 1 from `key` (one character deleted, replaced or inserted;
 * letters and digits only), without `key` itself. ~70 per character: the API looks them all up
 * through the part-number key index at once instead of scanning the catalogue.
 */
export function keysAtDistanceOne(key: string, max = 4000): string[] {
  const out = new Set<string>();
  if (!key || key.length > 40) return [];
  for (let i = 0; i <= key.length; i++) {
    const head = key.slice(0, i);
    if (i < key.length) {
      const tail = key.slice(i + 1);
      if (key.length > 1) out.add(head + tail);
      for (const c of KEY_ALPHABET) if (c !== key[i]) out.add(head + c + tail);
    }
    for (const c of KEY_ALPHABET) out.add(head + c + key.slice(i));
  }
  out.delete(key);
  return [...out].slice(0, max);
}

/** Plain Levenshtein distance (tests and the web's hints). */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}
