import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildOpenApi } from './openapi';
import { ROUTES } from './index';

/** @apidevtools/swagger-parser (ESM) in a child process: 'valid' or its message. */
export function validate(doc: unknown): string {
  const script = path.resolve(__dirname, '../../../../scripts/openapi/validate.mjs');
  const run = spawnSync(process.execPath, [script], { input: JSON.stringify(doc), encoding: 'utf8' });
  return (run.stdout || run.stderr).trim();
}

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })));

describe('the OpenAPI document generated from the route table', () => {
  const doc = buildOpenApi(ROUTES, { version: 'test' }) as unknown as Doc;

  it('is valid OpenAPI 3.1 (checked by a maintained validator)', async () => {
    const run = validate(doc);
    expect(run).toBe('valid');
    // The validator does refuse a broken document (so the check above can fail).
    expect(validate({ ...doc, paths: { '/api/x': { get: { responses: 'nope' } } } })).not.toBe('valid');
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('documents the query of the catalogue reads: `role=superadmin` and every other value typed and described', () => {
    const parameters = (path: string) =>
      (doc.paths[path].get.parameters as { name: string; in: string; schema: Record<string, unknown> }[]).filter(
        (p) => p.in === 'query',
      );
    for (const path of ['/api/catalogue', '/api/catalogue/subcatalogue/{catalogueId}']) {
      const role = parameters(path).find((p) => p.name === 'role');
      expect(role?.schema).toMatchObject({ type: 'string', enum: ['superadmin'] });
      expect(String(role?.schema.description)).toMatch(/unfiltered/);
    }
    const reads = [
      '/api/catalogue',
      '/api/catalogue/subcatalogue/{catalogueId}',
      '/api/catalogue/product/{id}',
      '/api/catalogue/productNumber/{id}',
      '/api/catalogue/searchproduct/{id}',
    ];
    for (const path of reads) {
      for (const p of parameters(path)) {
        expect({ path, name: p.name, type: p.schema.type }).toEqual({ path, name: p.name, type: 'string' });
        expect(p.schema.description).toEqual(expect.any(String));
      }
    }
  });

  it('has one operation per route, each with a 2xx answer, roles and its error answers', () => {
    const ops = operations(doc);
    expect(ops).toHaveLength(ROUTES.length);
    for (const { op } of ops) {
      const responses = op.responses as Record<string, { content?: unknown }>;
      const success = Object.keys(responses).filter((s) => s.startsWith('2'));
      expect(success).toHaveLength(1);
      expect(responses[success[0]].content).toBeDefined();
      expect(String(op.description)).toMatch(/^(Roles: |Public)/);
      expect(responses['400']).toBeDefined();
    }
  });

  it('gives every operation with a body its request schema, and downloads a binary answer', () => {
    for (const entry of ROUTES) {
      const op = doc.paths[`/api/${entry.spec.path}`.replace(/:(\w+)/g, '{$1}')][entry.spec.method.toLowerCase()];
      if (entry.spec.body || entry.spec.multipart) expect(op.requestBody).toBeDefined();
      else expect(op.requestBody).toBeUndefined();
    }
    const download = doc.paths['/api/pricelists/{id}/download'].get.responses as Record<string, { content: object }>;
    expect(download['200'].content).toMatchObject({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('documents writes with the bearer and CSRF schemes, public routes with none', () => {
    const logout = doc.paths['/api/logout'].post;
    expect(logout.security).toEqual([{ bearer: [], csrf: [] }]);
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/company'].get.security).toEqual([{ bearer: [] }]);
  });

  it('reads path parameters, queries and the Idempotency-Key header from the schemas', () => {
    const submit = doc.paths['/api/quote-requests'].post.parameters as { name: string; in: string }[];
    expect(submit).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    const users = doc.paths['/api/company/user/{companyId}'].get.parameters as { name: string; in: string }[];
    expect(users.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:companyId', 'query:status']));
  });
});
