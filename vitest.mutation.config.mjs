// The tests StrykerJS runs against each mutant of the security modules (stryker.config.mjs): the unit
// tests of those modules (pure code) and their integration tests against a real database without an
// HTTP server (`*.int.test.ts`); the end-to-end tests stay out of the loop, where one mutant would cost
// a whole service start. Same setup as vitest.config.mjs, in a fixed order and worker threads
// (Stryker switches mutants in-process).
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export const mutationTests = [
  // Access rules and authentication.
  'subgraphs/kernel/auth/access',
  'subgraphs/kernel/auth/scopes',
  'subgraphs/kernel/auth/authenticate',
  'subgraphs/kernel/auth/operation-access',
  'subgraphs/kernel/subgraph',
  'subgraphs/kernel/auth/operator-credential',
  'subgraphs/kernel/auth/access-token-verifier.int',
  // OAuth tokens, codes and grants.
  'subgraphs/identity/oauth/opaque-token',
  'subgraphs/identity/oauth/oauth-error',
  'subgraphs/kernel/auth/secrets-key',
  'subgraphs/identity/oauth/authorization-code.int',
  'subgraphs/identity/oauth/token.service',
  'subgraphs/identity/oauth/token.service.int',
  'subgraphs/identity/oauth/token-endpoint.int',
  'subgraphs/identity/oauth/token-refusals.int',
  'subgraphs/identity/oauth/grant.service.int',
  'subgraphs/identity/oauth/grant-revocation.int',
  'subgraphs/identity/oauth-client/client-auth-throttle.int',
  // Sign-in and throttling.
  'subgraphs/identity/user/password-hasher',
  'subgraphs/identity/user/password-policy',
  'subgraphs/identity/user/sign-in-throttle.int',
  // Facade parameter parsing and problem mapping.
  'rest-facade/kernel/params',
  'rest-facade/kernel/problem',
  'rest-facade/kernel/oauth-params',
];

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: mutationTests.map((name) => `dist/${name}.test.js`),
    exclude: ['**/node_modules/**'],
    pool: 'threads',
    // Modules are loaded once per worker, not once per test file: about 3x faster here, and safe, since
    // Stryker switches mutants at run time (mutant switching) rather than by reloading modules.
    isolate: false,
    // Each integration test file keeps one migrated database across the runs (test/fixtures/migrated-database.ts).
    env: { TEST_DATABASE_REUSE: 'true' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
