import { EnvError, loadEnv } from './env';

const base = { DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 'x'.repeat(32) };

describe('loadEnv: AUDIT_RETENTION_DAYS', () => {
  it('defaults to 730 days and accepts a whole number', () => {
    expect(loadEnv(base).AUDIT_RETENTION_DAYS).toBe(730);
    expect(loadEnv({ ...base, AUDIT_RETENTION_DAYS: '90' }).AUDIT_RETENTION_DAYS).toBe(90);
  });

  it.each(['0', '-5', '1.5', 'forever'])('refuses %s with a readable message', (value) => {
    expect(() => loadEnv({ ...base, AUDIT_RETENTION_DAYS: value })).toThrow(EnvError);
    expect(() => loadEnv({ ...base, AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
