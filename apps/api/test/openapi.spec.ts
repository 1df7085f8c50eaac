import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildOpenApi, ROUTES } from '../../../libs/domain/src';
import { startTestApi, type TestApi } from '../../../test/api';

/** @apidevtools/swagger-parser (ESM) in a child process: 'valid' or its message. */
function validate(doc: unknown): string {
  const script = path.resolve(__dirname, '../../../scripts/openapi/validate.mjs');
  const run = spawnSync(process.execPath, [script], { input: JSON.stringify(doc), encoding: 'utf8' });
  return (run.stdout || run.stderr).trim();
}

describe('GET /api/docs-json', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('serves the document generated from the route table: valid OpenAPI 3.1, every route, a 2xx schema on each', async () => {
    const res = await fetch(`${api.baseUrl}/api/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { responses: object }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(validate(doc)).toBe('valid');
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi(ROUTES, { version: '1.1.0' }))));
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(ROUTES.length);
    const withSchema = operations.filter((op) =>
      Object.entries(op.responses).some(([status, r]) => status.startsWith('2') && (r as { content?: object }).content),
    );
    expect(withSchema.length / operations.length).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the browsable page at /api/docs', async () => {
    const res = await fetch(`${api.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
