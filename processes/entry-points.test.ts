/**
 * Every way a process is started names a built entry point that exists: docker-compose.yml's
 * commands, the Dockerfile's CMD, the npm scripts and the launcher's ENTRY_POINTS; and every process
 * type under processes/ is started by docker-compose.yml.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINTS } from './child-services.js';

/** The build output this test runs from (dist/ or another outDir), and the repository root. */
const BUILD = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');

/** Every `dist/….js` a text names, as a path inside the build. */
function builtScripts(text: string): string[] {
  return [...text.matchAll(/\bdist\/([\w./-]+\.js)\b/g)].map((match) => match[1] ?? '');
}

describe('process entry points', () => {
  it('docker-compose.yml, the Dockerfile and package.json start scripts that the build has', () => {
    const named = [
      ...builtScripts(read('docker-compose.yml')),
      ...builtScripts(read('Dockerfile')),
      ...builtScripts(read('package.json')),
    ];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((script) => !existsSync(`${BUILD}${script}`))).toEqual([]);
  });

  it('the launcher starts built scripts, each also a docker-compose.yml command', () => {
    const compose = builtScripts(read('docker-compose.yml'));
    for (const script of Object.values(ENTRY_POINTS)) {
      expect(existsSync(script), script).toBe(true);
      expect(compose).toContain(script.slice(BUILD.length));
    }
  });

  it('every process type under processes/ has a main that docker-compose.yml or npm start runs', () => {
    const types = readdirSync(`${ROOT}processes`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(`${ROOT}processes/${entry.name}/main.ts`))
      .map((entry) => `processes/${entry.name}/main.js`);
    expect(types).toEqual(
      expect.arrayContaining(['processes/all-in-one/main.js', 'processes/worker/main.js', 'processes/gateway/main.js']),
    );
    const started = [...builtScripts(read('docker-compose.yml')), ...builtScripts(read('package.json'))];
    expect(types.filter((main) => !started.includes(main))).toEqual([]);
  });
});
