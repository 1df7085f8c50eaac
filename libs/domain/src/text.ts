/**
 * Names people and files carry (usernames, company names, product names, part numbers, uploaded
 * file names) end up in emails and notification texts. Control characters there let a name break
 * a line and pose as system text (CR/LF), or reorder what a reader sees (bidi overrides), so they
 * are refused at the edge, and anything rendered later is passed through `plainText`.
 */

import { z } from 'zod';

/* eslint-disable no-control-regex -- matching control characters is the point */

/** C0 and C1 controls (incl. TAB, CR, LF, DEL), LRM/RLM, bidi embeddings/overrides and isolates. */
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROL_OR_BIDI_ALL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same, but line feeds and tabs allowed: multi-line texts (notes, messages). */
const CONTROL_OR_BIDI_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const TEXT_MSG = {
  controlChars: (label: string) => `${label} must not contain line breaks, tabs or invisible control characters`,
  multilineControlChars: (label: string) => `${label} must not contain invisible control characters`,
  fileNameControlChars: 'File names must not contain line breaks, tabs or invisible control characters',
} as const;

export function hasControlChars(text: string): boolean {
  return CONTROL_OR_BIDI.test(text);
}

/**
 * Text safe to render inside a sentence: every control character becomes a space (so words on
 * either side of a line break stay apart), bidi controls vanish, runs of spaces collapse.
 */
export function plainText(text: string): string {
  return text
    .replace(CONTROL_OR_BIDI_ALL, (c) => (c <= '\u009f' ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Multi-line text: line feeds and tabs are fine, every other control or bidi character is not. */
export function hasControlCharsInMultiline(text: string): boolean {
  return CONTROL_OR_BIDI_MULTILINE.test(text);
}

/**
 * A multi-line field's rule, as a zod string pipe: Windows line ends (CRLF) become LF, then any other
 * control or bidi character is refused with `label` named.
 */
export function multilineText(label: string) {
  return z
    .string()
    .transform((s) => s.replace(/\r\n/g, '\n'))
    .refine((s) => !hasControlCharsInMultiline(s), TEXT_MSG.multilineControlChars(label));
}

/** A name field's refinement: `z.string().refine(...noControlChars('User Name'))`. */
export function noControlChars(label: string): [(s: string) => boolean, string] {
  return [(s: string) => !hasControlChars(s), TEXT_MSG.controlChars(label)];
}

/** Required, trimmed, bounded name without control characters. */
export function nameField(label: string, required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine(...noControlChars(label)),
    );
}

/* The spreadsheet formula guard: one rule for every file we write (exports, audit CSV, price lists). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheet programs run a cell starting with = + - @ (or tab / CR) as a formula: it gets a leading apostrophe. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Reverses `neutraliseCell` on import, so an exported file re-imports unchanged. */
export function restoreCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
