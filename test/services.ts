/** Where the test suites find their services (scripts/test.mjs exports these). */
export const TEST_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEST_REDIS_URL: string | undefined = process.env.TEST_SKIP_REDIS
  ? undefined
  : (process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
