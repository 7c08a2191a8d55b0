// Two projects: fast unit specs beside the code, and end-to-end specs over HTTP in test/.
// PGlite loads a WASM module through a dynamic import, so jest runs under
// `node --experimental-vm-modules` (see the `test` script) even though the code is CommonJS.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
// The same, keeping `import()` an import: the one file that loads an ES-module-only package (file-type)
// by a dynamic import, which jest (under --experimental-vm-modules) then loads as an ES module.
const swcKeepingImport = ['@swc/jest', { ...swc[1], module: { type: 'commonjs', ignoreDynamic: true } }];
// The aliases of tsconfig.json: every library, the API application (its bootstrap, for the test app), and
// the SDK under its package name (what the console imports).
const moduleNameMapper = {
  '^@app/(core|database|idempotency|auth|social-login|testing|stores|onboarding|apps|public-tokens|storefront|events|webhooks|members|media|sdk)$':
    '<rootDir>/libs/$1/src',
  '^@app/(core|database|idempotency|auth|social-login|testing|stores|onboarding|apps|public-tokens|storefront|events|webhooks|members|media|sdk)/(.*)$':
    '<rootDir>/libs/$1/src/$2',
  '^@app/api$': '<rootDir>/apps/api/src',
  '^@storefront-platform/sdk/browser$': '<rootDir>/libs/sdk/src/browser.ts',
};
const common = {
  rootDir: __dirname,
  transform: { 'libs/media/src/image-check\\.ts$': swcKeepingImport, '^.+\\.ts$': swc },
  moduleNameMapper,
  testEnvironment: 'node',
};

module.exports = {
  // Which PostgreSQL server the run may use, and the database TEST_DATABASE_URL names created if missing.
  globalSetup: '<rootDir>/libs/testing/global-setup.js',
  // Removes the run's temporary folder (libs/testing/run-temp.js).
  globalTeardown: '<rootDir>/libs/testing/global-teardown.js',
  // Three workers on these 2-core machines: most end-to-end files spend their time waiting (a pool idling
  // past its 30 s timeout, child processes booting, retry schedules, browsers), and a third file overlaps
  // those waits. Measured on a clean clone: the whole suite 309 s with two workers, 241 s with three.
  maxWorkers: 3,
  // A first embedded PGlite start initialises its data directory in about 5 s.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts'],
    },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};
