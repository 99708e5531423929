/**
 * `npm run ops -- --help` is for people: one usage line per command with its summary below, not
 * JSON; `help --json` keeps the JSON list for scripts. The built CLI runs as a child process (no
 * service is needed to print help).
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/fixtures/ports.js';
import { runOps } from '../test/ops-runner.js';
import { usageOf } from './ops/command.js';
import { LOCAL_COMMANDS, OPS_COMMANDS } from './ops/commands.js';

const ALL = [...OPS_COMMANDS, ...LOCAL_COMMANDS];

describe('ops help', () => {
  it.each([['--help'], ['help'], ['-h']])('%s prints every command with its arguments and summary', async (flag) => {
    const run = await runOps([flag]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(() => JSON.parse(run.stdout) as unknown).toThrow();
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Usage: npm run ops -- <command> [--flags]');
    for (const command of ALL) {
      const at = lines.indexOf(`  ${usageOf(command)}`);
      expect(at, `usage line of ${command.name}`).toBeGreaterThan(0);
      // The summary follows, indented and wrapped.
      const summary: string[] = [];
      for (const line of lines.slice(at + 1)) {
        if (!line.startsWith('      ')) break;
        summary.push(line.trim());
      }
      expect(summary.join(' ')).toBe(command.summary);
    }
    for (const line of lines.filter((l) => l.startsWith('      '))) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('--help names the default service URL and the setting it came from', async () => {
    expect((await runOps(['--help'])).stdout).toContain('\nService URL: http://localhost:4000 (the default;');
    const run = await runOps(['--help'], { PORT: '4100' });
    expect(run.stdout).toContain('\nService URL: http://localhost:4100 (from PORT)');
  });

  it.each([
    ['token:demo', ['token:demo']],
    [
      'business:create',
      ['business:create', '--name', 'x', '--owner-email', 'x@example.com', '--token', 'op_0123456789abcdef'],
    ],
  ])(
    '%s with PORT where nothing listens says in one line which URL it tried and how to point elsewhere',
    async (_name, args) => {
      const port = await freePort();
      const run = await runOps(args, { PORT: String(port) });
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      const body = JSON.parse(lines[0] ?? '') as { status: number; code: string; detail: string };
      expect(body).toMatchObject({ status: 503, code: 'service_unreachable' });
      expect(body.detail).toContain(`Nothing answered at http://localhost:${port}`);
      for (const hint of ['--url', 'PORT', 'PUBLIC_URL']) expect(body.detail).toContain(hint);
    },
  );

  it('<command> --help and help <command> print that command alone', async () => {
    const command = OPS_COMMANDS.find((c) => c.name === 'store:create')!;
    const expected = `Usage: npm run ops -- ${usageOf(command)} [--url URL] [--token TOKEN]\n\n${command.summary}\n`;
    for (const args of [
      ['store:create', '--help'],
      ['help', 'store:create'],
    ]) {
      const run = await runOps(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(expected);
    }
    const local = await runOps(['token:demo', '--help']);
    expect(local.stdout).toContain(`Usage: npm run ops -- ${usageOf(LOCAL_COMMANDS[0]!)}\n`);
    expect(local.stdout).not.toContain('--token');
  });

  it('help --json lists the commands as one JSON object', async () => {
    const run = await runOps(['help', '--json']);
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as { commands: { command: string; usage: string }[] };
    expect(listed.commands.map((c) => c.command)).toEqual(ALL.map((c) => c.name));
    expect(listed.commands[0]?.usage).toBe(`npm run ops -- ${usageOf(ALL[0]!)}`);
  });
});
