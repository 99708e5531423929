/**
 * Teardown at the end of the current test file, for fixtures that start servers, services or
 * databases. Test files share their worker's module cache (vitest `isolate: false`), so a fixture
 * module is evaluated once per worker: a hook it registered at import would belong to the first file
 * only. Fixtures call {@link onFileTeardown} instead; `file-teardown.setup.ts` (a setup file, run for
 * every test file) runs what was registered once the file's tests are done, the latest first.
 */
const KEY = Symbol.for('retail-media.file-teardowns');
const global = globalThis as typeof globalThis & { [KEY]?: (() => Promise<void>)[] };
const teardowns = (global[KEY] ??= []);

/** Runs `teardown` when the current test file ends (after its own afterAll hooks). */
export function onFileTeardown(teardown: () => Promise<void>): void {
  teardowns.push(teardown);
}

/** Runs and forgets every registered teardown, the latest first; failures are thrown together after all ran. */
export async function runFileTeardowns(): Promise<void> {
  const failures: unknown[] = [];
  for (const teardown of teardowns.splice(0).reverse()) {
    try {
      await teardown();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'a test file teardown failed');
}
