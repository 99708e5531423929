/**
 * Runs the built operator CLI (`tools/ops.js`) as a child process with a clean environment and an
 * empty temporary data directory (no token saved by `npm start` can leak in), removed when the child
 * has exited; killed after a bound.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OPS = fileURLToPath(new URL('../tools/ops.js', import.meta.url));
// A guard against a hang: under a loaded CI machine one ops command (token:demo) took over 20 s.
const RUN_TIMEOUT_MS = 50_000;

export interface OpsRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The temporary data directory the run had; gone once the run has finished. */
  readonly dataDir: string;
}

/** `node tools/ops.js ...args` with `env` added; rejects when it does not finish within the bound. */
export function runOps(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<OpsRun> {
  const root = mkdtempSync(join(tmpdir(), 'ops-run-'));
  const dataDir = join(root, 'pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [OPS, ...args], {
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    const removeDataDir = () => rmSync(root, { recursive: true, force: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      removeDataDir();
      reject(error);
    });
    // After the child has exited, so nothing writes into the directory while it is removed.
    child.once('close', (code) => {
      clearTimeout(timer);
      removeDataDir();
      if (timedOut) reject(new Error(`ops ${args.join(' ')} did not finish within ${RUN_TIMEOUT_MS} ms`));
      else resolve({ code, stdout, stderr, dataDir });
    });
  });
}
