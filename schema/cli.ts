/**
 * `npm run schema:check` / `npm run schema:write`:
 *
 *   node dist/schema/cli.js check|write [--dir <repository root>] [--allow-breaking]
 *
 * Both compose the supergraph in-process from `ALL_SUBGRAPHS` (composition errors exit 1).
 *
 * `write` writes `schema/supergraph.graphql` (the composed supergraph), `schema/subscriptions.graphql`
 * (the gateway's own graphql-ws schema of live events, gateway/subscriptions/schema.ts) and each
 * registered subgraph's `subgraphs/<name>/schema.graphql` (its `printSubgraphSchema` SDL), only the files
 * whose content changed, and deletes a `subgraphs/<name>/schema.graphql` no registered subgraph
 * generates. It REFUSES (exit 1, nothing written) when the new API schema has breaking changes
 * against the committed supergraph that `schema/intended-changes.json` does not record, or when the
 * committed supergraph cannot be read; `--allow-breaking` writes anyway. Writing is what makes a
 * change "committed", so the gate sits here as well as in `check`.
 *
 * `check` exits 1 when (in the order reported) the API schema (the gateway-visible schema of the
 * supergraph) has unrecorded breaking changes against the committed supergraph, or any committed
 * file differs from what `write` would produce (with a diff and "run `npm run schema:write`").
 * Recorded breaking, dangerous and safe changes are printed and do not fail. The record format is
 * documented in `intended-changes.ts`.
 *
 * `--dir` (default: the repository this file is built into) is the root the files are read from
 * and written to; tests point it at a temporary copy.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSchemas, writeSchemas } from './commands.js';

const USAGE = 'Usage: node dist/schema/cli.js check|write [--dir <root>] [--allow-breaking]';

/** Parsed command line of the schema CLI. */
export interface SchemaCliArguments {
  readonly command: 'check' | 'write';
  readonly root: string;
  readonly allowBreaking: boolean;
}

/** Parses `argv` (without node and script); throws with the usage on anything unexpected. */
export function parseSchemaCliArguments(argv: readonly string[], defaultRoot: string): SchemaCliArguments {
  const [command, ...rest] = argv;
  if (command !== 'check' && command !== 'write') throw new Error(USAGE);
  let root = defaultRoot;
  let allowBreaking = false;
  let expectingDir = false;
  for (const arg of rest) {
    if (expectingDir) {
      root = resolve(arg);
      expectingDir = false;
    } else if (arg === '--allow-breaking') allowBreaking = true;
    else if (arg === '--dir') expectingDir = true;
    else throw new Error(`Unexpected argument "${arg}".\n${USAGE}`);
  }
  // `--dir` without a value after it.
  if (expectingDir) throw new Error(`Unexpected argument "--dir".\n${USAGE}`);
  return { command, root, allowBreaking };
}

async function main(): Promise<number> {
  // dist/schema/cli.js → the repository root, whichever directory npm was started in.
  const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));
  let args: SchemaCliArguments;
  try {
    args = parseSchemaCliArguments(process.argv.slice(2), defaultRoot);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const result = args.command === 'check' ? await checkSchemas(args) : await writeSchemas(args);
  (result.ok ? process.stdout : process.stderr).write(`${result.lines.join('\n')}\n`);
  return result.ok ? 0 : 1;
}

// Only when run as the entry point, so tests can import the argument parser.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
