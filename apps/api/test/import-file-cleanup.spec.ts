import fs from 'node:fs';
import { importFilePath } from '../../../libs/platform/src';
import { type ApiClient, startTestApi, type TestApi } from '../../../test/api';
import type { WorkerRuntime } from '../../worker/src/worker-runtime';
import { startTestWorker, waitFor } from './support';
import { seedProgrammeCompanies } from './support/programme';

const filesDir = `/tmp/portal-import-cleanup-${process.pid}`;
const HEADER = 'site code,site name,unit label,stage,part number or size,quantity,interval,last changed';
const DAY = 86_400_000;

/**
 * The worker's import file cleanup with an injected clock: the uploaded file of an import that has
 * ended goes at the next sweep; one left ready stays IMPORT_FILE_RETENTION_DAYS (here 10) by the clock,
 * then goes too. The import rows, their counts and errors stay.
 */
describe('import file cleanup', () => {
  let api: TestApi;
  let worker: WorkerRuntime;
  let as: Record<'root' | 'adminA', ApiClient>;
  let pn: string;
  let now = new Date();

  async function upload(who: ApiClient, path: string, body: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([body]), name);
    const res = await fetch(`${api.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'x-xsrf-token': await who.refreshCsrf() },
      body: form,
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as { data: { _id: string } }).data._id;
  }

  const settled = (who: ApiClient, path: string, status: string) =>
    waitFor(
      async () => {
        const r = await who.request('GET', path);
        return r.body.data.status === status ? r.body.data : null;
      },
      30_000,
      100,
    );

  /** The import's file on disk (null once its name is not a generated one). */
  const fileOf = async (table: string, id: string) => {
    const [row] = await api.db.query(`SELECT storage_name, file_removed_at FROM ${table} WHERE id = $1`, [id]);
    const file = importFilePath(filesDir, row.storage_name);
    return { exists: !!file && fs.existsSync(file), removedAt: row.file_removed_at as Date | null };
  };

  beforeAll(async () => {
    api = await startTestApi({ FILES_DIR: filesDir });
    let variants: { part_number: string }[];
    ({ as, variants } = await seedProgrammeCompanies(api, ['root', 'adminA']));
    [{ part_number: pn }] = variants;
    worker = await startTestWorker(
      api,
      { FILES_DIR: filesDir, IMPORT_FILE_RETENTION_DAYS: 10 },
      { clock: { now: () => now }, importFileSweepMs: 24 * 3600_000 },
    );
  });
  afterAll(async () => {
    await worker?.stop(2000);
    await api?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('removes the files of ended imports at once and of imports left ready after the retention, by the clock', async () => {
    const row = (code: string) => `${code},Hall ${code},AHU-1,final,${pn},4,3 months,2026-01-31`;
    const ready = await upload(as.adminA, 'sites/import', [HEADER, row('KEEP-1')].join('\n'), 'ready.csv');
    await settled(as.adminA, `sites/import/${ready}`, 'ready');
    const applied = await upload(as.adminA, 'sites/import', [HEADER, row('DONE-1')].join('\n'), 'applied.csv');
    await settled(as.adminA, `sites/import/${applied}`, 'ready');
    expect((await as.adminA.request('POST', `sites/import/${applied}/apply`, {})).status).toBe(200);
    const invalid = await upload(as.adminA, 'sites/import', 'site,unit\nB1,AHU-1\n', 'invalid.csv');
    await settled(as.adminA, `sites/import/${invalid}`, 'invalid');
    const catalogue = await upload(as.root, 'catalogue/imports', 'name,colour\nx,y\n', 'catalogue.csv');
    await settled(as.root, `catalogue/imports/${catalogue}`, 'invalid');
    for (const [table, id] of [
      ['sites_imports', ready],
      ['sites_imports', applied],
      ['sites_imports', invalid],
      ['catalogue_imports', catalogue],
    ])
      expect(await fileOf(table, id)).toEqual({ exists: true, removedAt: null });

    // Now: the ended imports' files go (applied, invalid — either kind of import); the ready one stays.
    now = new Date();
    expect(await worker.sweepImportFiles()).toBe(3);
    for (const [table, id] of [
      ['sites_imports', applied],
      ['sites_imports', invalid],
      ['catalogue_imports', catalogue],
    ])
      expect(await fileOf(table, id)).toEqual({ exists: false, removedAt: now });
    expect(await fileOf('sites_imports', ready)).toEqual({ exists: true, removedAt: null });
    expect(await worker.sweepImportFiles()).toBe(0);

    // Nine days on it is still kept; eleven days on (past the 10 configured) it goes.
    now = new Date(Date.now() + 9 * DAY);
    expect(await worker.sweepImportFiles()).toBe(0);
    expect((await fileOf('sites_imports', ready)).exists).toBe(true);
    now = new Date(Date.now() + 11 * DAY);
    expect(await worker.sweepImportFiles()).toBe(1);
    expect(await fileOf('sites_imports', ready)).toEqual({ exists: false, removedAt: now });

    // What the imports found is still there to read.
    const kept = await as.adminA.request('GET', `sites/import/${ready}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ status: 'ready', counts: { sites_created: 1, slots_created: 1 } });
    const errors = await as.root.request('GET', `catalogue/imports/${catalogue}`);
    expect(errors.body.data.errors_total).toBeGreaterThan(0);
  });
});
