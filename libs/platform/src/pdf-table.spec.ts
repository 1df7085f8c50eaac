import { clip, PDF_ROW_H, PdfTable } from './pdf-table';

it('clips long text with an ellipsis', () => {
  expect(clip('abcdef', 4)).toBe('abc…');
  expect(clip('abcd', 4)).toBe('abcd');
});

it('starts a page when the next row does not fit, each with its frame', async () => {
  const table = new PdfTable({ title: 'T', heading: 'Heading', subheading: 'Sub' }, [
    { key: 'a', label: 'A', x: 40, w: 100 },
    { key: 'b', label: 'B', x: 150, w: 60, align: 'right' },
  ]);
  const chunks: Buffer[] = [];
  table.doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => table.doc.on('end', resolve));
  expect(table.ensure(PDF_ROW_H)).toBe(true);
  expect([table.pages, table.y]).toEqual([1, 52]);
  table.columnHeader();
  let started = 0;
  for (let i = 0; i < 100; i++) {
    if (table.ensure(PDF_ROW_H)) started++;
    table.row({ a: `row ${i}`, b: String(i) });
  }
  // 55 rows under the first page's header, the other 45 on the second.
  expect([started, table.pages, table.y]).toEqual([1, 2, 52 + 45 * PDF_ROW_H]);
  table.doc.end();
  await done;
  expect(
    Buffer.concat(chunks)
      .toString('latin1')
      .match(/\/Type \/Page\b/g),
  ).toHaveLength(2);
});
