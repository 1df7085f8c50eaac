import { COMPANY_ROUTES, ROUTES, USER_ROUTES, CATALOGUE_EDITING_ROUTES } from './index';
import { responseProblems, routeMatcher } from './match';

const match = routeMatcher(ROUTES);

describe('matching an answer to its route and schema', () => {
  it('finds the route by method and path template, literal segments first', () => {
    expect(match('GET', 'user/total')).toBe(USER_ROUTES.stats);
    expect(match('GET', 'user/3f2a9c1d-0000-4000-8000-000000000000')).toBe(USER_ROUTES.detail);
    expect(match('GET', 'company/?page=1')).toBe(COMPANY_ROUTES.list);
    expect(match('PATCH', 'catalogue/abc/variant/def')).toBe(CATALOGUE_EDITING_ROUTES.updateVariant);
    expect(match('PATCH', 'nothing/here')).toBeUndefined();
  });

  it('a renamed or missing field in an answer is a problem', () => {
    const good = { status: 200, data: { activeCompanies: 1, totalEmployees: 2, totalAdmins: 3 } };
    expect(responseProblems(USER_ROUTES.stats, 200, good)).toEqual([]);
    const renamed = { status: 200, data: { activeCompanies: 1, totalEmployees: 2, total_admins: 3 } };
    expect(responseProblems(USER_ROUTES.stats, 200, renamed)).toEqual([
      'data.totalAdmins: Invalid input: expected number, received undefined',
    ]);
  });

  it('does not check error answers', () => {
    expect(responseProblems(USER_ROUTES.stats, 403, { status: 403, message: 'no' })).toEqual([]);
  });
});
