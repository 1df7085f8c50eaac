/** Jest projects: `libs` (pure unit tests), `integration` (api + worker against real Postgres/Redis) and `security`. */
// ts-jest only transpiles (isolatedModules, no per-file type check, which would cost minutes): the
// test files are type-checked as a whole by `tsc -p tsconfig.test.json` in the build stage of `npm test`.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false }];
const moduleNameMapper = {
  '^@portal/(contracts|domain|db|platform)$': '<rootDir>/libs/$1/src',
  '^@portal/db/queries$': '<rootDir>/libs/db/src/queries',
  '^@portal/platform/(sheet-writers|pdf-table)$': '<rootDir>/libs/platform/src/$1',
};

module.exports = {
  // A global option in Jest 30 (a per-project `testTimeout` is ignored): hooks that boot an API
  // process need more than the 5 s default on a loaded 2-core machine.
  testTimeout: 60000,
  // Safety net: a suite whose setup failed must not keep CI waiting on a leaked server or pool.
  forceExit: true,
  projects: [
    {
      displayName: 'libs',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/*/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
    },
    {
      displayName: 'integration',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/{api,worker}/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      testTimeout: 30000,
    },
    {
      // Security suite: same harness as `integration`, one API per file.
      displayName: 'security',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/security/**/*.security.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      testTimeout: 60000,
    },
    {
      // `npm run test:faults`: real processes (private Redis and Postgres, compiled API + workers)
      // stopped, killed and restarted under load. Not part of `npm test`.
      displayName: 'faults',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/faults/**/*.faults.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/faults/global-setup.ts',
      globalTeardown: '<rootDir>/test/faults/global-teardown.ts',
      setupFiles: ['reflect-metadata'],
      testTimeout: 240000,
    },
    {
      // `npm test`'s newcomer stage: the real `npm start` under `env -i` and on Node 20 (scratch
      // data, ports and tools folders; a few minutes, so after the browser tests).
      displayName: 'newcomer',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/newcomer/**/*.newcomer.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      testTimeout: 360000,
    },
    {
      // `npm run test:scaleout`: 2 API processes + 2 workers on one Redis and one Postgres.
      displayName: 'scaleout',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/scaleout/**/*.scaleout.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      moduleNameMapper,
      globalSetup: '<rootDir>/test/faults/global-setup.ts',
      setupFiles: ['reflect-metadata'],
      testTimeout: 90000,
    },
  ],
};
