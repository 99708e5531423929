/**
 * `npm start` at rest: the resident memory of the one-process service on its embedded database, with
 * demo data, once it has started and then sat idle. It runs the command of package.json's `start`
 * script as written (its environment assignments included), in a process of its own, with a data
 * directory in the OS temp dir and no DATABASE_URL: first on an empty directory (a first start:
 * migrations and demo data), then again on the same directory (a restart). RSS is read from
 * /proc/<pid>/status every few seconds while the service is idle; the row quotes the last sample.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
export const IDLE_RSS_GOAL_MB = 400;

/**
 * The service command of package.json's `start` script: its last `&&` step, split into env and argv
 * (a leading `exec` and `env`, which only hand the shell's process to node, are read through).
 */
export function startCommand(script: string): { env: Record<string, string>; argv: string[] } {
  const last = script.split('&&').at(-1)?.trim() ?? '';
  const words = last.split(/\s+/).filter(Boolean);
  if (words[0] === 'exec') words.shift();
  if (words[0] === 'env') words.shift();
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
    const word = words.shift() ?? '';
    const eq = word.indexOf('=');
    env[word.slice(0, eq)] = word.slice(eq + 1);
  }
  if (words[0] !== 'node') throw new Error(`the start script's last step does not run node: ${last}`);
  return { env, argv: words.slice(1) };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

export interface IdleRss {
  readonly label: string;
  /** Start-up time the service printed. */
  readonly readyMs: number;
  /** RSS (MB) sampled while idle, in order. */
  readonly samplesMb: readonly number[];
}

/** Starts the service once on `dataDir`, samples its RSS for `idleSeconds`, stops it. */
async function startAndSample(label: string, dataDir: string, port: number, idleSeconds: number): Promise<IdleRss> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = startCommand(pkg.scripts.start);
  const env: NodeJS.ProcessEnv = { ...process.env, ...command.env, DATA_DIR: dataDir, PORT: String(port) };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, command.argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let output = '';
    let onEarlyExit: ((code: number | null) => void) | undefined;
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start not ready in ${READY_TIMEOUT_MS} ms`)),
        READY_TIMEOUT_MS,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready in (\d+) ms/.exec(output);
        if (ready) {
          clearTimeout(timer);
          resolve(Number(ready[1]));
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      onEarlyExit = (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (code ${code}) before ready:\n${output.slice(-2000)}`));
      };
      child.once('exit', onEarlyExit);
    });
    if (onEarlyExit) child.off('exit', onEarlyExit);
    const samplesMb: number[] = [];
    const every = Math.max(1, Math.min(5, idleSeconds));
    for (let waited = 0; waited < idleSeconds; waited += every) {
      await new Promise((resolve) => setTimeout(resolve, every * 1000));
      samplesMb.push(await rssMb(child.pid ?? -1));
    }
    return { label, readyMs, samplesMb };
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** A first start on an empty data directory, then a restart on it; the directory is removed after. */
export async function measureIdleRss(port: number, idleSeconds: number): Promise<IdleRss[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-idle-'));
  try {
    const dataDir = path.join(dir, 'pglite');
    return [
      await startAndSample('first start (empty data directory)', dataDir, port, idleSeconds),
      await startAndSample('restart (same data directory)', dataDir, port, idleSeconds),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function idleRssReport(rows: readonly IdleRss[], idleSeconds: number): string {
  return rows
    .map((r) => {
      const last = r.samplesMb.at(-1) ?? NaN;
      return `  ${r.label.padEnd(36)} ready in ${String(r.readyMs).padStart(5)} ms, RSS after ${idleSeconds} s idle ${last.toFixed(0).padStart(4)} MB (goal <= ${IDLE_RSS_GOAL_MB}; samples ${r.samplesMb.map((s) => s.toFixed(0)).join(' / ')})`;
    })
    .join('\n');
}
