import { PassThrough } from 'node:stream';
import { csvSink } from './sheet-writers';

async function written(rows: (string | number | null)[][], bom = false): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const sink = csvSink(out, { columns: ['a', 'b'], bom });
  for (const r of rows) await sink.write(r);
  await sink.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('csvSink', () => {
  it('writes the header, then the rows, quoting what needs it', async () => {
    expect(
      await written([
        ['x', 1],
        ['y, z', null],
      ]),
    ).toBe('a,b\nx,1\n"y, z",\n');
  });

  it('starts with a BOM when asked (spreadsheet programs read UTF-8 then)', async () => {
    expect((await written([], true)).charCodeAt(0)).toBe(0xfeff);
  });
});
