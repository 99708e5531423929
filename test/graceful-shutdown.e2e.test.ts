/**
 * Graceful shutdown: the built `npm start` entry point (dist/processes/all-in-one/main.js) under 20 concurrent
 * keep-alive clients gets SIGTERM; every request it accepted gets a complete response (those in
 * flight end with `Connection: close`), new connections are refused, and it exits 0 within the bound.
 * Also, in-process: once shutdown began, `/readyz` answers 503 on a connection that is still open. And
 * `npm start`'s own script line, run through `sh -c` as npm runs it: a SIGTERM to the shell's pid alone
 * (what npm forwards when it is stopped) stops the service, frees the port and leaves no process behind.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { childProcessEnv } from '../subgraphs/kernel/env.js';
import { spawnService, stopServices, waitForExit, waitUntilReady } from '../processes/child-services.js';
import { freePort } from './fixtures/ports.js';
import { createTestDatabase } from './fixtures/database.js';
import { startTestService, TEST_OPERATOR_TOKEN } from './harness.js';

const MAIN = fileURLToPath(new URL('../processes/all-in-one/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 10_000;
const CLIENTS = 20;

interface Outcome {
  readonly status?: number;
  readonly connectionClose?: boolean;
  readonly error?: string;
  readonly afterSignal: boolean;
}

/** One GET on `agent`; resolves with the status, or the error code, never rejects. */
function get(agent: Agent, port: number, path: string, afterSignal: () => boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        // A complete answer: the whole JSON body arrived.
        const complete = body.length > 0 && (() => (JSON.parse(body) as unknown) !== undefined)();
        resolve({
          status: complete ? res.statusCode : -1,
          connectionClose: res.headers.connection === 'close',
          afterSignal: afterSignal(),
        });
      });
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, afterSignal: afterSignal() }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, afterSignal: afterSignal() }),
    );
    req.setTimeout(30_000, () => req.destroy(new Error('client timeout')));
    req.end();
  });
}

/** Sends `signal` to every process of the group; false when none is left. */
function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

describe('graceful shutdown', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** `npm start`'s entry point as a child process on a test database of its own and a free port. */
  async function startMain(demoData: boolean) {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const child = spawnService('npm start', MAIN, [], {
      capture: true,
      env: childProcessEnv({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        SEED_DEMO_DATA: String(demoData),
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        DATABASE_URL: database.env.DATABASE_URL,
        DATA_DIR: database.env.DATA_DIR,
      }),
    });
    cleanups.push(() => stopServices([child], 'SIGKILL'));
    return { child, port };
  }

  it('answers every accepted request on SIGTERM under load and exits 0 within the bound', async () => {
    const { child, port } = await startMain(true);
    await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`, 60_000);

    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    cleanups.push(async () => agent.destroy());
    let signalled = false;
    const outcomes: Outcome[] = [];
    // Clients whose connection the server has accepted (one answer came back on it). A connection still
    // in the kernel's listen backlog when the listener closes is reset by the kernel, never accepted: on
    // a loaded machine the first connections can take longer than a fixed wait, so the signal waits
    // for all of them.
    let connected = 0;
    let allConnected: () => void = () => undefined;
    const everyClientConnected = new Promise<void>((resolve) => (allConnected = resolve));
    const client = async (): Promise<void> => {
      let answered = false;
      for (;;) {
        const outcome = await get(agent, port, '/api/v1/public/stores?pageSize=100', () => signalled);
        outcomes.push(outcome);
        if (!answered && outcome.status !== undefined) {
          answered = true;
          if (++connected === CLIENTS) allConnected();
        }
        // The listener is closed: a new connection is refused, which is the end of this client.
        if (outcome.error === 'ECONNREFUSED') return;
        if (outcome.error) return;
        // The server said it is closing: a well-behaved client opens no new connection to it (one
        // would sit in the listen backlog and be reset when the listener closes: never accepted).
        if (outcome.afterSignal && outcome.connectionClose) return;
      }
    };
    const clients = Array.from({ length: CLIENTS }, () => client());
    // (A client that fails before that ends, and the check below names its error.)
    await Promise.race([everyClientConnected, Promise.all(clients)]);
    // Then a while of steady keep-alive traffic, so requests are in flight when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(outcomes.filter((o) => o.error !== undefined)).toEqual([]);
    const sentAt = Date.now();
    signalled = true;
    child.child.kill('SIGTERM');
    await Promise.all(clients);
    const code = await waitForExit(child, SHUTDOWN_TIMEOUT_MS + 5_000);
    const exitedAfterMs = Date.now() - sentAt;

    const failures = outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');
    expect(failures, child.output()).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    // Requests were in flight when the signal came, and finished with Connection: close.
    expect(outcomes.filter((o) => o.afterSignal && o.status === 200 && o.connectionClose).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(CLIENTS);
    expect(code, child.output()).toBe(0);
    expect(exitedAfterMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(child.output()).toContain('"message":"service stopped"');
  }, 120_000);

  it('closes gracefully on a SIGTERM the moment /readyz first answers, before its start has returned', async () => {
    // The listener answers /readyz while the start still runs (background loops, the banner, a full
    // garbage collection): a process that installed its signal handlers only after that died of the
    // signal's default action instead (exit by SIGTERM, no "service stopped").
    const { child, port } = await startMain(false);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || child.child.exitCode !== null) throw new Error(`never ready:\n${child.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.child.kill('SIGTERM');
    expect(await waitForExit(child, SHUTDOWN_TIMEOUT_MS + 5_000), child.output()).toBe(0);
    expect(child.output()).toContain('"message":"service stopped"');
  }, 90_000);

  it("stops the service when npm start's shell alone gets SIGTERM, freeing the port and leaving no process", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const scripts = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    // Its own process group, so every process the script started can be found (and killed after a failure).
    const shell = spawn('sh', ['-c', scripts.start ?? ''], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childProcessEnv({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        SEED_DEMO_DATA: 'false',
        DATABASE_URL: database.env.DATABASE_URL,
        DATA_DIR: database.env.DATA_DIR,
      }),
    });
    const group = shell.pid!;
    cleanups.push(async () => void signalGroup(group, 'SIGKILL'));
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8000)));
    shell.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-8000)));
    const service = { name: 'npm start', child: shell, output: () => output };
    await waitUntilReady(service, `http://127.0.0.1:${port}/readyz`, 60_000);
    shell.kill('SIGTERM');
    const exit = await waitForExit(service, SHUTDOWN_TIMEOUT_MS + 5_000);
    const deadline = Date.now() + SHUTDOWN_TIMEOUT_MS + 5_000;
    while (signalGroup(group, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signalGroup(group, 0), `a process of npm start remains:\n${output}`).toBe(false);
    const answered = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      () => true,
      () => false,
    );
    expect(answered).toBe(false);
    expect(exit, output).toBe(0);
  }, 90_000);

  it('answers /readyz 503 with Connection: close on a kept-alive connection once shutdown began', async () => {
    const service = await startTestService({ demoData: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const port = Number(new URL(service.url).port);
    expect((await get(agent, port, '/readyz', () => false)).status).toBe(200);
    const closed = service.close();
    const during = await get(agent, port, '/readyz', () => true);
    expect(during).toMatchObject({ status: 503, connectionClose: true });
    await closed;
  });
});
