// Tests run on the tsc output (dist/): esbuild-based transforms drop decorator metadata, which
// type-graphql and MikroORM need. `npm test` builds first.
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { probeLocalPostgres } from './tools/local-postgres.mjs';
import { HeavyFirstShuffledSequencer } from './tools/test-sequencer.mjs';

const require = createRequire(import.meta.url);

// Files and the tests in each run in a shuffled order, so no test leans on another having run first;
// the few files that take minutes start first (tools/test-sequencer.mjs). The seed is printed;
// TEST_SEED=<seed> npm test repeats an order.
const seed = Number(process.env.TEST_SEED) || Math.floor(Math.random() * 1_000_000) + 1;
console.log(`vitest: files and tests shuffled with seed ${seed} (TEST_SEED=${seed} npm test repeats this order)`);

// The database: DATABASE_URL when set (CI sets it); else the machine's PostgreSQL when one answers and
// may be used (tools/local-postgres.mjs); else the embedded PostgreSQL. Set here, before the workers
// start, so every worker and every service a test starts sees the same choice.
if (!process.env.DATABASE_URL && process.env.TEST_DATABASE !== 'embedded') {
  const local = await probeLocalPostgres();
  if (local.url) {
    process.env.DATABASE_URL = local.url;
    console.log(
      `vitest: DATABASE_URL is not set: using the PostgreSQL at ${local.url} (one database per test file, dropped ` +
        'after it); TEST_DATABASE=embedded npm test uses the embedded PostgreSQL instead',
    );
  } else {
    console.log(`vitest: no PostgreSQL to use (${local.reason}): the tests use the embedded PostgreSQL (PGlite)`);
  }
}

export default defineConfig({
  // One graphql instance: Node resolves it to the CommonJS build for Apollo, vite would pick the ESM
  // build for our code ("Cannot use GraphQLSchema from another module or realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // TEST_DIST lets a second build (e.g. `tsc --outDir dist-x`) be tested without touching dist/.
    include: [`${process.env.TEST_DIST ?? 'dist'}/**/*.test.js`],
    // The compiled code under test is plain Node ESM: Node loads it natively, as in production, rather
    // than through vite's module runner (which transformed and evaluated each of the service's modules
    // again for every test file). Only the test files themselves go through vitest.
    server: { deps: { external: [new RegExp(`/${process.env.TEST_DIST ?? 'dist'}/(?!.*\\.test\\.js$)`)] } },
    exclude: ['**/node_modules/**'],
    pool: 'forks',
    // Four workers on the 2-core CI machine: much of a test's time is waiting (on PostgreSQL's own
    // processes, child services, timers). With three, `.ci/run` used 1.27 cores on average (user time
    // 24m19s over 19m11s), so more files in flight keep the cores busy meanwhile.
    maxWorkers: 4,
    // The files of a worker share its module cache: the service's modules are loaded, and its
    // subgraph schemas built, once per worker rather than once per file (CI took 19 minutes on a
    // 2-core machine with isolation, about half of it loading modules). Fixtures end what they start
    // through test/file-teardown.ts, never with a hook registered at import.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The global teardown drops the run's databases (test/run-databases.ts): a few seconds.
    teardownTimeout: 120_000,
    reporters: ['default'],
    sequence: { shuffle: { files: false, tests: true }, sequencer: HeavyFirstShuffledSequencer, seed },
    // Tests never write into the working tree (e.g. .data/secrets-key): checked around the whole run.
    // test/run-databases.ts names the run's demo template and drops it at the end.
    globalSetup: ['test/working-tree-guard.ts', 'test/run-databases.ts'],
    // Every facade response a test receives is checked against the served OpenAPI document.
    setupFiles: [
      `${process.env.TEST_DIST ?? 'dist'}/test/file-teardown.setup.js`,
      `${process.env.TEST_DIST ?? 'dist'}/test/contract/fetch-contract.setup.js`,
    ],
  },
});
