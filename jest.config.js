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
  // Two test files at once, whatever the machine: the suite waits more than it computes (servers,
  // browsers, child processes, timers), so on the 2-core CI machine two workers finish the e2e tier
  // in 317 s instead of 522 s and the browser tier in 252 s instead of 396 s (one run each, every
  // test passing; the CPU was 1.56 cores busy on average). Files share nothing that could collide:
  // each has its own databases, queue prefix, data folder and ports. More workers than two are
  // untried on 2 cores; `npm test -- -w N` overrides.
  maxWorkers: 2,
  // A worker process is replaced once it holds more than this after a file: the ESM module
  // registries of ~130 files grew one process past 4 GB (an OOM at 1,425 s in a clean-clone run).
  workerIdleMemoryLimit: '2GB',
};
