import { MAX_QUOTE_LINES, MAX_QUOTE_QUANTITY, customSize, type CustomSize } from './schemas';
import { QUOTE_MSG } from './messages';

export interface PastedLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  part_number: string;
  quantity: number | null;
  /** Set when the "part number" is a size: '16 3/8 x 20 1/4 x 1'. */
  size?: CustomSize;
  error?: string;
}

/** A whole space-separated line that is a size, with an optional quantity after it. */
const SIZE_LINE_RE =
  /^(.*\d\s*["″]?\s*[x×X*]\s*.*\d\s*["″]?\s*[x×X*]\s*(?:\d+(?:[ -]\d+\/\d+)?|\d*\.\d+|\d+\/\d+))\s*["″]?(?:\s+(\d+))?$/;

const SIZE_RE = /^\s*([\d./ -]+?)\s*[x×X*]\s*([\d./ -]+?)\s*[x×X*]\s*([\d./ -]+?)\s*(?:["″]\s*)?$/;

/**
 * Splits a pasted list into (part number, quantity) rows: cells separated by a tab, comma or
 * semicolon (a spreadsheet's copied cells), or else by spaces. The quantity is the last cell
 * (1 when there is none); blank lines are skipped. A part number written as a size
 * (W x H x D) becomes a custom size.
 */
export function parsePastedLines(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  rows.forEach((raw, i) => {
    const textLine = raw.trim();
    if (!textLine) return;
    const separated = /[\t,;]/.test(textLine);
    const sizeLine = separated ? null : SIZE_LINE_RE.exec(textLine);
    let cells = separated
      ? textLine.split(/[\t,;]/)
      : sizeLine
        ? [sizeLine[1], ...(sizeLine[2] ? [sizeLine[2]] : [])]
        : textLine.split(/\s+/);
    cells = cells.map((c) => c.trim()).filter(Boolean);
    let quantity: number | null = 1;
    let error: string | undefined;
    if (cells.length > 1) {
      const last = cells[cells.length - 1];
      if (/^\d+$/.test(last)) {
        quantity = Number(last);
        cells = cells.slice(0, -1);
        if (quantity < 1 || quantity > MAX_QUOTE_QUANTITY) error = QUOTE_MSG.quantityInvalid;
      } else if (separated) {
        quantity = null;
        error = QUOTE_MSG.quantityInvalid;
      }
    }
    const part = cells.join(' ').slice(0, 200);
    const row: PastedLine = { line: i + 1, text: textLine.slice(0, 300), part_number: part, quantity };
    if (error) row.error = error;
    const m = SIZE_RE.exec(part);
    if (m && /\d/.test(m[1]) && /\d/.test(m[2]) && /\d/.test(m[3])) {
      const r = customSize(m[1].trim(), m[2].trim(), m[3].trim(), 'nominal');
      if (r.ok) row.size = r.size;
      else row.error ??= r.message;
    }
    out.push(row);
  });
  return out;
}

/** Whether a paste is too long to match at once. */
export function tooManyPastedLines(lines: readonly PastedLine[]): boolean {
  return lines.length > MAX_QUOTE_LINES;
}
