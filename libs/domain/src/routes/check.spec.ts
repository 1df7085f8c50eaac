import { checkRouteBindings, type BoundHandler } from './check';
import { ROUTES, COMPANY_ROUTES } from './index';
import { routeKey } from './keys';

/** What the API's controllers bind when every entry is bound once, as `@Route` does. */
const allBound = (): BoundHandler[] =>
  ROUTES.map((entry) => ({
    handler: `Controller.${entry.name}`,
    method: entry.spec.method,
    path: entry.spec.path,
    entry,
  }));

describe('route table start-up check', () => {
  it('accepts the table when every entry is bound once', () => {
    expect(checkRouteBindings(allBound(), ROUTES)).toEqual([]);
  });

  it('refuses an entry that nothing binds', () => {
    const bound = allBound().filter((h) => h.entry !== COMPANY_ROUTES.detail);
    expect(checkRouteBindings(bound, ROUTES)).toEqual([
      'companies.detail (GET company/:id) is in the route table but nothing binds it',
    ]);
  });

  it('refuses a route declared by hand (not in the table)', () => {
    const bound = [...allBound(), { handler: 'Rogue.list', method: 'GET', path: 'rogue' }];
    expect(checkRouteBindings(bound, ROUTES)).toEqual([
      'Rogue.list (GET rogue) is not bound from the route table (use @Route(entry))',
    ]);
  });

  it('refuses an entry bound twice, an entry outside ROUTES and a path that differs from its entry', () => {
    const stray = { ...COMPANY_ROUTES.list, name: 'stray.list' };
    const bound = [
      ...allBound(),
      { handler: 'Copy.detail', method: 'GET', path: 'company/:id', entry: COMPANY_ROUTES.detail },
      { handler: 'Stray.list', method: 'GET', path: 'company', entry: stray },
    ];
    bound[0] = { ...bound[0], path: `${bound[0].path}/x` };
    const problems = checkRouteBindings(bound, ROUTES);
    expect(problems).toContain('companies.detail is bound twice (Controller.companies.detail, Copy.detail)');
    expect(problems).toContain('Stray.list (GET company) binds stray.list, which is not in ROUTES');
    expect(problems.some((p) => p.startsWith(`Controller.${ROUTES[0].name} answers`))).toBe(true);
  });

  it('lists every route once (method + path unique)', () => {
    const keys = ROUTES.map((e) => routeKey(e.spec.method, e.spec.path));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((e) => e.name)).size).toBe(ROUTES.length);
  });
});
