/**
 * `npm run ops -- <command> [--flags]`: operator commands against the running service's GraphQL API
 *. Prints one JSON object on stdout and exits 0, or a problem (RFC 9457)
 * on stderr and exits 2 when the request was invalid (status 400), 1 for anything else. `--url` defaults to
 * GATEWAY_URL (the gateway of the separate topology), else the service's own URL (`PUBLIC_URL`, else
 * `http://localhost:$PORT`) + `/graphql`; `--token` to OPERATOR_TOKEN, else the token `npm start` saved.
 * `help` (or `--help`) prints the commands and the default URL for people to read; `help --json` as JSON.
 */
import { randomUUID } from 'node:crypto';
import { problem, problemFromGraphQLError, type ProblemInput } from '../rest-facade/kernel/problem.js';
import { readSavedOperatorToken } from '../subgraphs/kernel/auth/operator-credential.js';
import { EnvError, loadEnv, publicUrlSetting, type Env, type PublicUrlSetting } from '../subgraphs/kernel/env.js';
import type { FieldError } from '../subgraphs/kernel/errors.js';
import {
  COMMON_FLAGS,
  CommandFailure,
  parseFlags,
  text,
  usageOf,
  type CommandSpec,
  type Flags,
  type LocalCommand,
  type OpsCommand,
} from './ops/command.js';
import { LOCAL_COMMANDS, OPS_COMMANDS } from './ops/commands.js';
import { commandHelp, helpText } from './ops/help.js';
import { ServiceUnreachable, serviceUrlHelp, unreachableReason } from './ops/service-url.js';

const ALL_COMMANDS: readonly CommandSpec[] = [...OPS_COMMANDS, ...LOCAL_COMMANDS];
const OPERATOR_OPTIONS = ' [--url URL] [--token TOKEN]';

const USAGE =
  'npm run ops -- <command> [--flags] [--url URL] [--token TOKEN]   (npm run ops -- help lists the commands)';
const HELP = helpText([
  {
    title: `Operator commands (GraphQL as the operator; each also takes${OPERATOR_OPTIONS}):`,
    commands: OPS_COMMANDS,
  },
  {
    title: "Demo commands (through the service's HTTP pages and API; no operator credential):",
    commands: LOCAL_COMMANDS,
  },
]);
const REQUEST_TIMEOUT_MS = 30_000;

/** A failure to report as a problem, with extra members (a usage hint, the command list). */
class OpsProblem extends Error {
  constructor(
    readonly input: ProblemInput,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(input.detail);
  }
}

function commandList(): { command: string; usage: string; summary: string }[] {
  return ALL_COMMANDS.map((c) => ({ command: c.name, usage: `npm run ops -- ${usageOf(c)}`, summary: c.summary }));
}

const isLocal = (command: CommandSpec): command is LocalCommand => LOCAL_COMMANDS.includes(command as LocalCommand);

function findCommand(name: string | undefined): CommandSpec {
  const command = ALL_COMMANDS.find((c) => c.name === name);
  if (command) return command;
  const detail = name ? `Unknown command "${name}".` : 'No command given.';
  throw new OpsProblem(
    { status: 400, code: name ? 'unknown_command' : 'command_required', detail },
    { usage: USAGE, commands: commandList() },
  );
}

function commandFlags(command: CommandSpec, args: readonly string[]): Flags {
  const errors: FieldError[] = [];
  const flags = parseFlags(args, isLocal(command) ? command.flags : { ...COMMON_FLAGS, ...command.flags }, errors);
  if (errors.length > 0) {
    throw new OpsProblem(
      { status: 400, code: 'validation_failed', detail: `Invalid flags for ${command.name}.`, errors },
      { usage: `npm run ops -- ${usageOf(command)}${isLocal(command) ? '' : OPERATOR_OPTIONS}` },
    );
  }
  return flags;
}

function operatorToken(flags: Flags, env: Env): string {
  const token = text(flags, 'token') ?? (env.operatorTokenGenerated ? readSavedOperatorToken(env) : env.operatorToken);
  if (token) return token;
  throw new OpsProblem({
    status: 401,
    code: 'operator_token_missing',
    detail:
      'No operator credential: pass --token, set OPERATOR_TOKEN, or start the service with npm start (it saves one).',
  });
}

/** Runs the command's operation and returns its data, or throws the problem its first error maps to. */
async function execute(
  url: string,
  token: string,
  command: OpsCommand,
  flags: Flags,
  requestId: string,
): Promise<Record<string, unknown>> {
  // Before the request: a flag the command cannot turn into variables is the caller's 400, not an outage.
  const variables = command.variables(flags);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': requestId },
      body: JSON.stringify({
        query: command.document,
        operationName: command.operationName,
        variables,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ServiceUnreachable(url, unreachableReason(error));
  }
  const body = (await response.json().catch(() => undefined)) as
    { data?: Record<string, unknown> | null; errors?: unknown[] } | undefined;
  const first = body?.errors?.[0];
  if (first) throw new OpsProblem(problemFromGraphQLError(first as never));
  if (!body?.data)
    throw new OpsProblem({
      status: 502,
      code: 'bad_gateway',
      detail: `${url} answered ${response.status} without a GraphQL result.`,
    });
  return body.data;
}

function environment(): Env & { readonly service: PublicUrlSetting } {
  try {
    return { ...loadEnv(), service: publicUrlSetting() };
  } catch (error) {
    if (error instanceof EnvError)
      throw new OpsProblem({ status: 400, code: 'invalid_configuration', detail: error.message });
    throw error;
  }
}

/** The help's line naming the default service URL and its source, or why there is none. */
function defaultUrlLine(): string {
  try {
    return serviceUrlHelp(environment().service);
  } catch (error) {
    return `Service URL: none (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** What to print: a command's JSON result, or help text for people. */
async function run(argv: readonly string[], requestId: string): Promise<Record<string, unknown> | string> {
  const [name, ...args] = argv;
  const json = args.length === 1 && args[0] === '--json';
  if (name === 'help' || name === '--help' || name === '-h') {
    if (json) return { usage: USAGE, commands: commandList() };
    if (args.length === 0) return `${HELP}\n${defaultUrlLine()}\n`;
  }
  // `help <command>` is `<command> --help`.
  if (name === 'help' && args.length === 1 && !json) return run([args[0] ?? '', '--help'], requestId);
  const command = findCommand(name);
  if (args.includes('--help')) return commandHelp(command, isLocal(command) ? '' : OPERATOR_OPTIONS);
  const flags = commandFlags(command, args);
  const env = environment();
  if (isLocal(command)) return command.run(flags, env.service.url);
  const operation = command as OpsCommand;
  const url = text(flags, 'url') ?? env.gatewayUrl ?? `${env.service.url}/graphql`;
  return operation.result(await execute(url, operatorToken(flags, env), operation, flags, requestId));
}

const argv = process.argv.slice(2);
const requestId = randomUUID();
try {
  const output = await run(argv, requestId);
  process.stdout.write(typeof output === 'string' ? output : `${JSON.stringify(output)}\n`);
} catch (error) {
  const failure =
    error instanceof OpsProblem
      ? error
      : error instanceof ServiceUnreachable
        ? new OpsProblem({ status: 503, code: 'service_unreachable', detail: error.message })
        : error instanceof CommandFailure
          ? new OpsProblem({ status: error.status, code: error.code, detail: error.message })
          : new OpsProblem({
              status: 500,
              code: 'internal_error',
              detail: error instanceof Error ? error.message : String(error),
            });
  const body = { ...problem(failure.input, `ops:${argv[0] ?? ''}`, requestId), ...failure.extra };
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exitCode = failure.input.status === 400 ? 2 : 1;
}
