// Test kinds run as separate jest projects, chosen by file suffix (see README "Tests").
// TypeScript is compiled by SWC with legacy decorators + metadata, the same semantics tsc emits.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@shotlog/ledger$': '<rootDir>/ledger/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/ledger', '<rootDir>/api', '<rootDir>/web', '<rootDir>/examples'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Counts each test's assertions for the summary `npm test` prints (scripts/test-summary.mjs).
  setupFilesAfterEnv: ['<rootDir>/scripts/count-assertions.mjs'],
};

/** @type {import('jest').Config} */
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.unit.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['**/*.int.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['**/*.e2e.spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['**/*.browser.spec.ts'] },
  ],
  testTimeout: 60000,
  // Test files run in a worker process that is replaced once it holds more than this after a file:
  // in band, the ESM module registries of ~130 files grew one process past 4 GB (an OOM at 1,425 s
  // in a clean-clone CI run). One worker on 2 cores: two (-w 2) measured no faster on e2e files
  // (30 s vs 31 s wall, the files' own times +60%: they compete for the CPU) and slower per test.
  workerIdleMemoryLimit: '2GB',
};
