// Tests run on the tsc output (dist/): esbuild-based transforms drop decorator metadata, which
// type-graphql and MikroORM need. `npm test` builds first.
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // One graphql instance: Node resolves it to the CommonJS build for Apollo, vite would pick the ESM
  // build for our code ("Cannot use GraphQLSchema from another module or realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // TEST_DIST lets a second build (e.g. `tsc --outDir dist-x`) be tested without touching dist/.
    include: [`${process.env.TEST_DIST ?? 'dist'}/**/*.test.js`],
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
