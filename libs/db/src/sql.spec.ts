import { escapeLike, execute, isUniqueViolation, queryOne, queryRows, type SqlRunner } from './sql';

/** A runner that answers with a fixed value, the way TypeORM or pg would. */
const answering = (answer: unknown): SqlRunner => ({ query: async () => answer });

describe('one way to run SQL: TypeORM and plain pg answers read alike', () => {
  it('rows of a SELECT', async () => {
    const rows = [{ id: 1 }, { id: 2 }];
    expect(await queryRows(answering(rows), 'SELECT')).toEqual(rows); // TypeORM
    expect(await queryRows(answering({ command: 'SELECT', rows, rowCount: 2 }), 'SELECT')).toEqual(rows); // pg
    expect(await queryOne(answering({ command: 'SELECT', rows: [], rowCount: 0 }), 'SELECT')).toBeNull();
  });

  it('changed-row counts of an UPDATE/DELETE', async () => {
    expect(await execute(answering([[], 3]), 'UPDATE')).toBe(3); // TypeORM
    expect(await execute(answering({ command: 'UPDATE', rows: [], rowCount: 3 }), 'UPDATE')).toBe(3); // pg
    expect(await execute(answering({ command: 'DELETE', rows: [{ id: 1 }], rowCount: 1 }), 'DELETE')).toBe(1);
    expect(await queryRows(answering({ command: 'DELETE', rows: [{ id: 1 }], rowCount: 1 }), 'DELETE')).toEqual([
      { id: 1 },
    ]);
  });
});

describe('small SQL helpers', () => {
  it('escapeLike makes %, _ and \\ literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('isUniqueViolation reads pg and TypeORM errors, optionally by constraint', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(
      isUniqueViolation({ driverError: { code: '23505', constraint: 'users_email_key' } }, 'users_email_key'),
    ).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'other_key' }, 'users_email_key')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
