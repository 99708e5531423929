// @ts-check
// Mutation testing of the security-critical modules: `npm run test:mutation` (see README, "Mutation
// testing"). Stryker mutates the compiled JavaScript in dist/ (the tests run on tsc's output, which
// keeps the decorator metadata type-graphql and MikroORM need), runs the tests of
// vitest.mutation.config.mjs against each mutant and reports the score per module. Incremental: a
// second run re-tests only mutants whose code or tests changed (reports/stryker-incremental.json).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.mjs', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    // Access rules and authentication.
    'dist/subgraphs/kernel/auth/{access,access-table,authenticate,operation-access,scopes,operator-credential,access-token-verifier,secrets-key}.js',
    'dist/subgraphs/kernel/subgraph.js',
    'dist/subgraphs/{identity,receipts,stores,engagement,wallet}/access.js',
    // OAuth tokens, codes and grants.
    'dist/subgraphs/identity/oauth/{access-token,authorization-code,grant-revocation,grant-store,grant.service,token.service,opaque-token,oauth-error}.js',
    'dist/subgraphs/identity/oauth-client/{client-auth-throttle,client-credentials}.js',
    // Sign-in and throttling.
    'dist/subgraphs/identity/user/{sign-in-throttle,password-hasher,password-policy}.js',
    // Facade parameter parsing and problem mapping.
    'dist/rest-facade/kernel/{params,problem,oauth-params}.js',
  ],
  ignoreStatic: true,
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 60_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  ignorePatterns: ['.data', 'coverage', 'reports', '.stryker-tmp', 'node_modules', '.git'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
export default config;
