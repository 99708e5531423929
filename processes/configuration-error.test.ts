/**
 * A configuration error at start is what a command-line tool prints for a bad option: one line on
 * stderr naming the variable, and exit code 2; no stack trace, no JSON log.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUILD = fileURLToPath(new URL('..', import.meta.url));

/** Runs a built entry point with `OPERATOR_TOKEN` too short; its exit code and stderr. */
function runWithShortToken(script: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${BUILD}${script}`], {
      env: { ...process.env, OPERATOR_TOKEN: 'short', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a configuration error at start', () => {
  it.each(['processes/all-in-one/main.js', 'processes/facade/main.js'])(
    '%s: one line naming the variable on stderr, exit code 2',
    async (script) => {
      const { code, stderr } = await runWithShortToken(script);
      expect(stderr).toBe('OPERATOR_TOKEN must be at least 16 characters\n');
      expect(code).toBe(2);
    },
    30_000,
  );
});
