// The tests StrykerJS runs against each mutant of the security modules (stryker.config.mjs): the unit
// tests of those modules and the end-to-end tests that drive them over HTTP. Same setup as
// vitest.config.mjs, in a fixed order and worker threads (Stryker switches mutants in-process).
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export const mutationTests = [
  'rest-facade/kernel/params',
  'rest-facade/kernel/problem',
  'rest-facade/kernel/router',
  'rest-facade/kernel/nul-input.e2e',
  'subgraphs/kernel/auth/operation-access',
  'subgraphs/kernel/subgraph',
  'subgraphs/kernel/auth/operator-credential',
  'subgraphs/identity/oauth/secrets-key',
  'subgraphs/identity/oauth/token.service',
  'subgraphs/identity/oauth/token.service.int',
  'subgraphs/identity/oauth/token-flow.e2e',
  'subgraphs/identity/oauth/token-errors.e2e',
  'subgraphs/identity/oauth/signing-key-rotation.e2e',
  'subgraphs/identity/oauth-client/client-auth-throttle.e2e',
  'subgraphs/identity/oauth-client/oauth-client-access.e2e',
  'subgraphs/identity/authorization/authorize-pages.e2e',
  'subgraphs/identity/authorization/sign-out-csrf.e2e',
  'subgraphs/identity/user/password-hasher',
  'subgraphs/identity/user/password-policy',
  'subgraphs/identity/user/sign-in-throttle.int',
  'subgraphs/identity/user/account.e2e',
  'test/access.e2e',
  'test/sign-in-ip-throttle.e2e',
  'test/edge.e2e',
];

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: mutationTests.map((name) => `dist/${name}.test.js`),
    exclude: ['**/node_modules/**'],
    pool: 'threads',
    setupFiles: ['dist/test/contract/fetch-contract.setup.js'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
