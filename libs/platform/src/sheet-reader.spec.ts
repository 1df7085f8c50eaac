import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { poisonXlsx } from '../../../test/poison-xlsx';
import { SheetReadFailed, readRowsIsolated, type SheetReadRequest } from './sheet-reader';
import type { SheetRow } from './sheet-rows';
import { ZipRejected, checkXlsxArchive } from './spreadsheets';

/** Needs the compiled reading process (`npx tsc -b libs/platform`, done by `npm test`). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const LIMITS = { cellBytes: 32 * 1024, rowBytes: 512 * 1024 };
const CAP = 256 * 1024 * 1024;

async function write(name: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await fs.promises.writeFile(file, data);
  return file;
}

async function collect(req: Omit<SheetReadRequest, 'type'>, opts = {}): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const r of readRowsIsolated(req, opts)) rows.push(r);
  return rows;
}

describe('XLSX text bounds while inflating', () => {
  it('reads a workbook whose cells are within the bounds', async () => {
    const file = await write('small.xlsx', await poisonXlsx(1000));
    await expect(checkXlsxArchive(file, CAP, LIMITS)).resolves.toMatchObject({ firstSheetRows: 2 });
    const rows = await collect({ file, kind: 'xlsx', inflatedCap: CAP, limits: LIMITS });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ line: 2, cells: ['Filters', 'x'.repeat(1000), 'PN-POISON-1', 12.5] });
  });

  it('refuses a 200 MB shared string after reading a few KB of it', async () => {
    const data = await poisonXlsx(200 * 1024 * 1024);
    expect(data.length).toBeLessThan(400 * 1024);
    const file = await write('poison.xlsx', data);
    const started = Date.now();
    const err = await checkXlsxArchive(file, CAP, LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipRejected);
    expect((err as ZipRejected).reason).toBe('text');
    expect((err as Error).message).toMatch(/more than 32,768 bytes/);
    expect(Date.now() - started).toBeLessThan(5000);
    // Without the text bounds the same archive passes the size check: the bound is what refuses it.
    await expect(checkXlsxArchive(file, CAP)).resolves.toBeDefined();
  });

  it('the reading process reports the refusal as `text`', async () => {
    const file = await write('poison-header.xlsx', await poisonXlsx(1024 * 1024, 'header'));
    const err = await collect({ file, kind: 'xlsx', inflatedCap: CAP, limits: LIMITS }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SheetReadFailed);
    expect((err as SheetReadFailed).reason).toBe('text');
  });

  it('a reading process that runs out of memory fails the read, not this process', async () => {
    // Bounds too loose for a 64 MB string and a tiny heap: the parser itself runs out of memory.
    const file = await write('oom.xlsx', await poisonXlsx(64 * 1024 * 1024));
    const loose = { cellBytes: CAP, rowBytes: CAP };
    const err = await collect({ file, kind: 'xlsx', inflatedCap: CAP, limits: loose }, { heapMb: 32 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SheetReadFailed);
    expect((err as SheetReadFailed).reason).toBe('crashed');
  });

  it('a reading process that sends nothing for `stallMs` is stopped and the read fails as `stalled`', async () => {
    // Starting a Node process alone takes longer than 5 ms.
    const file = await write('slow.csv', 'a,b\n1,2\n');
    const err = await collect({ file, kind: 'csv', inflatedCap: CAP, limits: LIMITS }, { stallMs: 5 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SheetReadFailed);
    expect((err as SheetReadFailed).reason).toBe('stalled');
  });

  it('a CSV record over the row bound is a row error (never held whole), and the header alone can be asked for', async () => {
    const file = await write('long.csv', `a,b\n1,${'y'.repeat(600 * 1024)}\n2,3\n`);
    const rows = await collect({ file, kind: 'csv', inflatedCap: CAP, limits: LIMITS });
    expect(rows[0]).toMatchObject({ line: 1, cells: ['a', 'b'] });
    expect(rows[1]).toMatchObject({ line: 2, error: expect.stringMatching(/maximum number of tolerated bytes/) });
    const header = await collect({ file, kind: 'csv', inflatedCap: CAP, limits: LIMITS, maxRows: 1 });
    expect(header).toEqual([{ line: 1, cells: ['a', 'b'] }]);
  });
});
