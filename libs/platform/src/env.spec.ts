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

describe('loadEnv: IMPORT_FILE_RETENTION_DAYS', () => {
  it('defaults to 30 days and accepts a whole number', () => {
    expect(loadEnv(base).IMPORT_FILE_RETENTION_DAYS).toBe(30);
    expect(loadEnv({ ...base, IMPORT_FILE_RETENTION_DAYS: '7' }).IMPORT_FILE_RETENTION_DAYS).toBe(7);
  });

  it.each(['0', '1.5', 'never'])('refuses %s with a readable message', (value) => {
    expect(() => loadEnv({ ...base, IMPORT_FILE_RETENTION_DAYS: value })).toThrow(/IMPORT_FILE_RETENTION_DAYS/);
  });
});

describe('loadEnv: DATABASE_POOL_SIZE and QUEUE_DATABASE_POOL_SIZE', () => {
  it('are unset by default (each process keeps its own size) and accept a whole number', () => {
    const env = loadEnv(base);
    expect(env.DATABASE_POOL_SIZE).toBeUndefined();
    expect(env.QUEUE_DATABASE_POOL_SIZE).toBeUndefined();
    const set = loadEnv({ ...base, DATABASE_POOL_SIZE: '6', QUEUE_DATABASE_POOL_SIZE: '2' });
    expect([set.DATABASE_POOL_SIZE, set.QUEUE_DATABASE_POOL_SIZE]).toEqual([6, 2]);
  });

  it.each(['0', '2.5', 'many', '100000'])('refuses %s with a message naming the setting', (value) => {
    expect(() => loadEnv({ ...base, DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE must be/);
    expect(() => loadEnv({ ...base, QUEUE_DATABASE_POOL_SIZE: value })).toThrow(/QUEUE_DATABASE_POOL_SIZE must be/);
  });
});

describe('loadEnv: PRICELIST_BUILD_PRIORITY', () => {
  it('is idle unless set to normal', () => {
    expect(loadEnv(base).PRICELIST_BUILD_PRIORITY).toBe('idle');
    expect(loadEnv({ ...base, PRICELIST_BUILD_PRIORITY: 'normal' }).PRICELIST_BUILD_PRIORITY).toBe('normal');
    expect(() => loadEnv({ ...base, PRICELIST_BUILD_PRIORITY: 'high' })).toThrow(
      /PRICELIST_BUILD_PRIORITY must be idle or normal/,
    );
  });
});
