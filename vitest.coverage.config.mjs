// `npm run test:coverage`: the whole suite (vitest.config.mjs) with V8 coverage of the compiled code,
// reported against the TypeScript sources through tsc's source maps; text summary and HTML in coverage/.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.mjs';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      coverage: {
        enabled: true,
        provider: 'v8',
        include: ['dist/**/*.js'],
        exclude: ['dist/**/*.test.js', 'dist/test/**', 'dist/tools/bench/**'],
        reporter: ['text-summary', 'html', 'json-summary'],
        reportsDirectory: 'coverage',
        // A figure even when a test fails (a timed test on a loaded machine), so a run is never wasted.
        reportOnFailure: true,
      },
    },
  }),
);
