import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/architecture.md, "Import boundaries"): a library is used through its front door
// (`@app/x`, its index.ts), never by a path into it, and no relative path crosses from one package of the
// monorepo (a library, an app, the tests) into another.
const crossPackagePaths = {
  // A relative path that names libs/, apps/ or a package's src/ has left its own package.
  regex: '^\\.{1,2}/(?:\\.\\./)*(?:.*/)?(?:libs|apps|src)(?:/|$)',
  caseSensitive: true,
  message: 'Import another library or app by its alias (@app/x, @app/api), not by a relative path into it.',
};
const deepAliasPaths = {
  regex: '^@app/[^/]+/src(?:/|$)',
  caseSensitive: true,
  message: "@app/x already means libs/x/src: import '@app/x'.",
};
const frontDoorOnly = {
  regex: '^@app/[^/]+/.+',
  caseSensitive: true,
  message:
    "Import a library through its front door ('@app/x', its index.ts); export what you need from there.",
};

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'data/**', 'coverage/**', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  // Type-aware rules on every TypeScript file of the two programs (the server, its tests and the SDK;
  // the console). One program per tsconfig, built once per run.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './apps/console/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits fails silently; `void` says it is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a boolean or a void callback is expected (an `if (promise)`, an async listener).
      // React ignores what an event handler returns, so an async `onSubmit={…}` is allowed; the handlers
      // catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A switch over a union names every member or says what happens to the rest (`default`): a new
      // caller kind or status is a list of places to decide, where no `default` decided it already.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  // Production code: front doors only.
  {
    files: ['apps/api/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossPackagePaths, deepAliasPaths, frontDoorOnly] }],
    },
  },
  // Tests may reach inside a library on purpose (`@app/testing/test-app`, a queue under test), but never
  // by a relative path across packages.
  {
    files: ['test/**/*.ts', 'libs/testing/**/*.ts', '**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossPackagePaths, deepAliasPaths] }] },
  },
  // The console is a client: it reaches the server only through the SDK's browser entry, never server code.
  {
    files: ['apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossPackagePaths,
            {
              regex: '^@app/',
              message: 'The console uses @storefront-platform/sdk/browser, not server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/*.js', 'test/**', 'libs/testing/**', '**/*.spec.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
