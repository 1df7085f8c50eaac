/** Jest projects: `libs` (pure unit tests) and `integration` (api + worker against real Postgres/Redis). */
const tsJest = [
  'ts-jest',
  { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: false },
];
const moduleNameMapper = { '^@portal/(contracts|domain|db|platform)$': '<rootDir>/libs/$1/src' };

module.exports = {
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
  ],
};
