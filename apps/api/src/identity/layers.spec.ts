import fs from 'node:fs';
import path from 'node:path';

/*
 * The identity wing imports only downwards, in this order (lowest first): `identity` (tokens,
 * throttles, invitation rows, second-factor challenges), `org`, `auth`, `two-factor`, `account`,
 * `users`, `invitations`, `companies`. A folder may import from any folder before it, never after.
 */
const LAYERS = ['identity', 'org', 'auth', 'two-factor', 'account', 'users', 'invitations', 'companies'];
const src = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'));
}

describe('identity wing layering', () => {
  it('no folder imports from a folder above it', () => {
    const upward: string[] = [];
    for (const [level, layer] of LAYERS.entries()) {
      for (const file of sourceFiles(path.join(src, layer))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const [, spec] of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
          const target = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
          if (LAYERS.indexOf(target) > level) upward.push(`${path.relative(src, file)} → ${spec}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('would see an upward import (the check reads real imports)', () => {
    const org = sourceFiles(path.join(src, 'org'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(org).toMatch(/from '\.\.\/identity\//);
  });
});
