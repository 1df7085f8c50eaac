// typescript-eslint with type information for the rules that catch real bugs
// (floating promises, exhaustive switches); Prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      '.data/**',
      '.tools/**',
      'coverage/**',
      // Type-checked by its own tsconfig in `npm run api:client` (schema.d.ts is generated).
      'examples/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      // The benchmark scripts are linted (and type-checked: `// @ts-check`, scripts/bench/tsconfig.json).
      '!scripts/bench/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['scripts/bench/*.mjs'],
    languageOptions: {
      parserOptions: { project: ['./scripts/bench/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
      // Browser globals too: grid.mjs and first-visit.mjs run functions inside the page.
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/test/**/*.ts', '**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Playwright's loader cannot apply decorators, so e2e set-up requires compiled CommonJS.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Browser tests take `test`/`expect` from ./fixtures, which fails any test on a CSP violation.
    files: ['e2e/**/*.e2e.ts'],
    ignores: ['e2e/delivery.e2e.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test/expect from './fixtures' (it fails a test on a Content-Security-Policy violation).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  prettier,
);
