/**
 * Hostile workbooks for the fault and security suites, written without holding their text: a
 * minimal XLSX whose one shared string (or header cell) repeats a character `bytes` times. 200 MB
 * of one character deflate to ~200 KB, under every upload limit.
 */
import { createDeflateRaw, crc32 } from 'node:zlib';
import { zip, zipEntry, type ZipEntry } from './zip';

/** `head` + `fill` repeated up to `bytes` + `tail`, deflated as it is generated. */
async function streamed(name: string, head: string, fill: string, bytes: number, tail: string): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  const chunk = Buffer.alloc(1024 * 1024, fill);
  for (let left = bytes; left > 0; left -= chunk.length)
    await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { name, body: Buffer.concat(out), crc, size };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

const HEADER = ['category', 'product', 'part_number', 'list_price'];
const cellRef = (col: number, row: number) => `${String.fromCharCode(65 + col)}${row}`;
const sharedCell = (col: number, row: number, idx: number) => `<c r="${cellRef(col, row)}" t="s"><v>${idx}</v></c>`;

/**
 * An import workbook (header `category, product, part_number, list_price`, one data row) whose
 * `target` — the data row's product name, or the first header cell — is one shared string of `bytes`
 * copies of `x`.
 */
export async function poisonXlsx(bytes: number, target: 'data' | 'header' = 'data'): Promise<Buffer> {
  // Shared strings: 0–3 the header, 4 the poison, 5 the category, 6 the part number ('header':
  // the poison takes index 0 and a plain 'x' index 4).
  const before = HEADER.map((s) => `<si><t>${s}</t></si>`).join('');
  const head =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="7" uniqueCount="7">` +
    (target === 'header' ? `<si><t>` : `${before}<si><t>`);
  const tail =
    target === 'header'
      ? `</t></si>${HEADER.slice(1)
          .map((s) => `<si><t>${s}</t></si>`)
          .join('')}<si><t>x</t></si><si><t>Filters</t></si><si><t>PN-POISON-1</t></si></sst>`
      : `</t></si><si><t>Filters</t></si><si><t>PN-POISON-1</t></si></sst>`;
  // Header indices: 0..3 in both layouts (the poison is index 0 for 'header', 4 for 'data').
  const headerRow = `<row r="1">${[0, 1, 2, 3].map((i) => sharedCell(i, 1, i)).join('')}</row>`;
  const dataRow = `<row r="2">${sharedCell(0, 2, 5)}${sharedCell(1, 2, 4)}${sharedCell(2, 2, 6)}<c r="D2"><v>12.5</v></c></row>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}${dataRow}</sheetData></worksheet>`;
  return zip([
    zipEntry('[Content_Types].xml', CONTENT_TYPES),
    zipEntry('_rels/.rels', RELS),
    zipEntry('xl/workbook.xml', WORKBOOK),
    zipEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    await streamed('xl/sharedStrings.xml', head, 'x', bytes, tail),
    zipEntry('xl/worksheets/sheet1.xml', sheet),
  ]);
}
