// One jest set-up for the whole monorepo. Tests are named by level (ARCHITECTURE.md):
// *.unit.spec.ts (pure), *.int.spec.ts (one service, real adapters), *.e2e.spec.ts (through the gateway).
// The embedded profile's demo catalogue (60 beats through the upload workflow) stays off in tests unless
// a suite asks for it: it would compete for the CPU and put beats into suites that count them.
process.env.DEMO_CATALOGUE ??= 'off';
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // ESM-only dependencies are transformed to CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(jose|nanoid|uuid)/)'],
  // @ant-design/icons loads an ESM-only file of @ant-design/colors; its CommonJS twin lives in lib/.
  moduleNameMapper: { '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/'],
  // Jest's module registry would otherwise warn about globals it soft-deletes between files.
  testEnvironmentOptions: { globalsCleanup: 'off' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
module.exports = {
  // A global option (per-project values are ignored); int and e2e suites start real servers and processes.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.unit.spec.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/frontends/common/src/testing/asyncTimeout.ts'],
    },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/**/*.int.spec.ts?(x)'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/**/*.e2e.spec.ts?(x)'] },
  ],
};
