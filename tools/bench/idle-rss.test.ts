import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startCommand } from './idle-rss.js';

describe("the idle-RSS row's reading of package.json's start script", () => {
  it('takes the last step, its environment assignments and node arguments', () => {
    expect(startCommand('node a.mjs && node b.mjs && FOO=1 BAR_=x=y node --flag dist/main.js')).toStrictEqual({
      env: { FOO: '1', BAR_: 'x=y' },
      argv: ['--flag', 'dist/main.js'],
    });
    expect(startCommand('node dist/main.js')).toStrictEqual({ env: {}, argv: ['dist/main.js'] });
    expect(startCommand('node a.mjs && exec env FOO=1 node dist/main.js')).toStrictEqual({
      env: { FOO: '1' },
      argv: ['dist/main.js'],
    });
  });

  it('refuses a last step that does not run node', () => {
    expect(() => startCommand('node a.mjs && tsx main.ts')).toThrow(/does not run node/);
  });

  it("reads the project's own start script: the service entry, with glibc's mmap threshold fixed", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: { start: string };
    };
    expect(startCommand(pkg.scripts.start)).toStrictEqual({
      env: { MALLOC_MMAP_THRESHOLD_: '131072' },
      argv: ['dist/processes/all-in-one/main.js'],
    });
  });
});
