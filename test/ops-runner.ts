/**
 * Runs the built operator CLI (`tools/ops.js`) as a child process with a clean environment and an
 * empty data directory (no token saved by `npm start` can leak in); killed after a bound.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OPS = fileURLToPath(new URL('../tools/ops.js', import.meta.url));
const RUN_TIMEOUT_MS = 20_000;

export interface OpsRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `node tools/ops.js ...args`; rejects when it does not finish within 20 s. */
export function runOps(args: readonly string[]): Promise<OpsRun> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'ops-run-')), 'pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [OPS, ...args], {
      env: { NODE_ENV: 'test', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`ops ${args.join(' ')} did not finish within ${RUN_TIMEOUT_MS} ms`));
    }, RUN_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
