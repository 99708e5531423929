/**
 * `schema:check` and `schema:write` as functions over a repository root: compose the supergraph from
 * the registered subgraph modules, read the committed files, and report (or write). The CLI in
 * `cli.ts` only parses arguments and prints.
 */
// type-graphql and MikroORM decorators read design-time metadata while the subgraphs load.
import 'reflect-metadata';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { composeSupergraph, subgraphSdls } from '../gateway/compose.js';
import { eventsSchemaSdl, SUBSCRIPTION_SCHEMA_FILE } from '../gateway/subscriptions/schema.js';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import {
  apiSchemaOf,
  classifyChanges,
  compareFiles,
  generatedFiles,
  SUPERGRAPH_FILE,
  subgraphSchemaFile,
  type ClassifiedChanges,
  type FileDifference,
  type GeneratedFile,
  withTrailingNewline,
} from './check.js';
import {
  INTENDED_CHANGES_FILE,
  NO_INTENDED_CHANGES,
  parseIntendedChanges,
  type IntendedChanges,
} from './intended-changes.js';
import { breakingLines, fileDifferenceLines, otherChangeLines } from './report.js';

/**
 * The subgraph URL recorded in the committed supergraph: the one the in-process gateway composes
 * with, so the file does not depend on a machine's ports (a router overrides URLs anyway).
 */
export function supergraphUrlOf(name: string): string {
  return `in-process://${name}`;
}

/** Options of {@link checkSchemas} and {@link writeSchemas}. */
export interface SchemaCommandOptions {
  /** Repository root the files are read from (and written to). */
  readonly root: string;
  /** Subgraphs to compose. Default: `ALL_SUBGRAPHS`. */
  readonly modules?: readonly SubgraphModule[];
  /**
   * The printed schema of the gateway's live subscriptions (graphql-ws, gateway/subscriptions/), written
   * to `schema/subscriptions.graphql`. Default: what the code builds.
   */
  readonly subscriptionSdl?: string;
  /** `writeSchemas` only: write even with unrecorded breaking changes. Default false. */
  readonly allowBreaking?: boolean;
  /** Today as `YYYY-MM-DD`, for the record's `until` days. Default: the current UTC date. */
  readonly today?: string;
}

/** What a command concluded: whether it succeeded, and the lines to print. */
export interface SchemaCommandResult {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

interface Analysis {
  readonly files: readonly GeneratedFile[];
  readonly differences: readonly FileDifference[];
  /** Absent when there is no committed supergraph to compare with. */
  readonly changes?: ClassifiedChanges;
  /** Why the committed supergraph could not be compared with, if it could not. */
  readonly baselineError?: string;
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The committed supergraph, the committed subscription schema and every committed
 * `subgraphs/*\/schema.graphql`, by relative path.
 */
async function readCommitted(root: string): Promise<Map<string, string>> {
  const committed = new Map<string, string>();
  const supergraph = await readIfPresent(join(root, SUPERGRAPH_FILE));
  if (supergraph !== undefined) committed.set(SUPERGRAPH_FILE, supergraph);
  const subscriptions = await readIfPresent(join(root, SUBSCRIPTION_SCHEMA_FILE));
  if (subscriptions !== undefined) committed.set(SUBSCRIPTION_SCHEMA_FILE, subscriptions);
  const folders = await readdir(join(root, 'subgraphs'), { withFileTypes: true }).catch(() => []);
  for (const folder of folders
    .filter((f) => f.isDirectory())
    .map((f) => f.name)
    .sort()) {
    const sdl = await readIfPresent(join(root, subgraphSchemaFile(folder)));
    if (sdl !== undefined) committed.set(subgraphSchemaFile(folder), sdl);
  }
  return committed;
}

async function readRecord(root: string): Promise<IntendedChanges> {
  const json = await readIfPresent(join(root, INTENDED_CHANGES_FILE));
  return json === undefined ? NO_INTENDED_CHANGES : parseIntendedChanges(json);
}

async function analyse(options: SchemaCommandOptions): Promise<Analysis> {
  const sdls = await subgraphSdls(options.modules ?? ALL_SUBGRAPHS, supergraphUrlOf);
  const supergraphSdl = composeSupergraph(sdls);
  const files = [
    ...generatedFiles(supergraphSdl, sdls),
    { path: SUBSCRIPTION_SCHEMA_FILE, content: withTrailingNewline(options.subscriptionSdl ?? eventsSchemaSdl()) },
  ];
  const committed = await readCommitted(options.root);
  const record = await readRecord(options.root);
  const differences = compareFiles(files, committed);
  const baseline = committed.get(SUPERGRAPH_FILE);
  if (baseline === undefined) return { files, differences };
  let oldApi: GraphQLSchema;
  try {
    oldApi = apiSchemaOf(baseline);
  } catch (error) {
    return {
      files,
      differences,
      baselineError: `${SUPERGRAPH_FILE} is not a valid supergraph: ${(error as Error).message}`,
    };
  }
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  return { files, differences, changes: await classifyChanges(oldApi, apiSchemaOf(supergraphSdl), record, today) };
}

/** Runs `analyse`, turning composition and record errors into a failed result. */
async function analyseOrFail(options: SchemaCommandOptions): Promise<Analysis | SchemaCommandResult> {
  try {
    return await analyse(options);
  } catch (error) {
    return { ok: false, lines: [`ERROR ${(error as Error).message}`] };
  }
}

function baselineLines(analysis: Analysis): string[] {
  if (analysis.baselineError) return [`ERROR ${analysis.baselineError}; API changes could not be checked.`];
  if (!analysis.changes) return [`No committed ${SUPERGRAPH_FILE} yet; API changes not checked.`];
  return [];
}

/** Checks the committed schema files against the code and the API changes against the record. */
export async function checkSchemas(options: SchemaCommandOptions): Promise<SchemaCommandResult> {
  const analysis = await analyseOrFail(options);
  if (!('files' in analysis)) return analysis;
  const breaking = analysis.changes?.breaking ?? [];
  const ok = breaking.length === 0 && analysis.differences.length === 0 && !analysis.baselineError;
  const lines = [
    ...breakingLines(breaking),
    ...baselineLines(analysis),
    ...(analysis.changes ? otherChangeLines(analysis.changes) : []),
    ...fileDifferenceLines(analysis.differences, breaking.length),
    ok ? 'Schema check passed: committed schemas match the code.' : 'Schema check failed.',
  ];
  return { ok, lines };
}

/** Writes the generated files that differ and removes stale ones; refuses on unrecorded breaking changes. */
export async function writeSchemas(options: SchemaCommandOptions): Promise<SchemaCommandResult> {
  const analysis = await analyseOrFail(options);
  if (!('files' in analysis)) return analysis;
  const breaking = analysis.changes?.breaking ?? [];
  if (!options.allowBreaking && (breaking.length > 0 || analysis.baselineError)) {
    const refusal =
      'schema:write refused. Pass --allow-breaking (`npm run schema:write -- --allow-breaking`) to write anyway.';
    return { ok: false, lines: [...breakingLines(breaking), ...baselineLines(analysis), refusal] };
  }
  // With --allow-breaking the breaking changes are still listed, so the author sees what was let through.
  const lines = [
    ...breakingLines(breaking),
    ...baselineLines(analysis),
    ...(analysis.changes ? otherChangeLines(analysis.changes) : []),
  ];
  for (const difference of analysis.differences) {
    const path = join(options.root, difference.path);
    if (difference.kind === 'stale') {
      await rm(path);
      lines.push(`Removed ${difference.path}`);
    } else {
      const file = analysis.files.find((f) => f.path === difference.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file?.content ?? '');
      lines.push(`Wrote ${difference.path}`);
    }
  }
  if (analysis.differences.length === 0) lines.push('Schema files already up to date.');
  return { ok: true, lines };
}
