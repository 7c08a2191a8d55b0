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
const moduleNameMapper = {
  '^@app/(core|database|auth|testing)$': '<rootDir>/libs/$1/src',
  '^@app/(core|database|auth|testing)/(.*)$': '<rootDir>/libs/$1/src/$2',
};
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper,
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 2,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts'],
    },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'], testTimeout: 60000 },
  ],
};
