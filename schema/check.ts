/**
 * The pure part of the schema checks: which committed files differ from what the code composes, and
 * which API changes the new supergraph makes against the committed one, by criticality. No file or
 * process access here; see `commands.ts` for that.
 */
import { Supergraph } from '@apollo/federation-internals';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import type { GraphQLSchema } from 'graphql';
import { findIntendedChange, isExpired, type IntendedChange, type IntendedChanges } from './intended-changes.js';
import { unifiedDiff } from './text-diff.js';

/** Where the composed supergraph is committed, relative to the repository root. */
export const SUPERGRAPH_FILE = 'schema/supergraph.graphql';

/** Where a subgraph's own SDL is committed, relative to the repository root. */
export function subgraphSchemaFile(name: string): string {
  return `subgraphs/${name}/schema.graphql`;
}

/** A file the schema tooling generates: repository-relative path and exact content. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}

/** One generated file whose committed copy is not what the code produces. */
export interface FileDifference {
  readonly path: string;
  /** `missing`: not committed; `changed`: content differs; `stale`: committed but no longer generated. */
  readonly kind: 'missing' | 'changed' | 'stale';
  /** Unified-style diff, committed → generated (for `changed`). */
  readonly diff?: string;
}

/** A breaking change excused by an entry of the intended-changes record. */
export interface RecordedChange {
  readonly change: Change;
  readonly entry: IntendedChange;
}

/** The API changes of a new schema against an old one, by what they mean for the check. */
export interface ClassifiedChanges {
  /** Breaking and not recorded as intended: these fail the check. */
  readonly breaking: readonly Change[];
  /** Breaking but recorded as intended. */
  readonly recorded: readonly RecordedChange[];
  /** May break some clients (e.g. an enum value added); printed only. */
  readonly dangerous: readonly Change[];
  /** Safe for every client; printed only. */
  readonly safe: readonly Change[];
  /** Record entries past their `until` day, which should be deleted. */
  readonly expired: readonly IntendedChange[];
}

/** Normalises generated text: LF line ends, no trailing blank lines, exactly one final newline. */
export function withTrailingNewline(text: string): string {
  return `${text.replace(/\r\n/g, '\n').trimEnd()}\n`;
}

/** The files `schema:write` produces from a composed supergraph and each subgraph's SDL. */
export function generatedFiles(
  supergraphSdl: string,
  subgraphs: readonly { readonly name: string; readonly sdl: string }[],
): GeneratedFile[] {
  return [
    { path: SUPERGRAPH_FILE, content: withTrailingNewline(supergraphSdl) },
    ...subgraphs.map((s) => ({ path: subgraphSchemaFile(s.name), content: withTrailingNewline(s.sdl) })),
  ];
}

/**
 * Compares generated files with the committed ones (`committed` maps path → content, holding the
 * supergraph file and every `subgraphs/*\/schema.graphql` present). Committed subgraph schemas that
 * nothing generates any more are `stale`.
 */
export function compareFiles(
  expected: readonly GeneratedFile[],
  committed: ReadonlyMap<string, string>,
): FileDifference[] {
  const differences: FileDifference[] = [];
  for (const file of expected) {
    const current = committed.get(file.path);
    if (current === undefined) differences.push({ path: file.path, kind: 'missing' });
    else if (current !== file.content)
      differences.push({
        path: file.path,
        kind: 'changed',
        diff: unifiedDiff(current, file.content, { oldLabel: `a/${file.path}`, newLabel: `b/${file.path}` }),
      });
  }
  const expectedPaths = new Set(expected.map((f) => f.path));
  for (const path of [...committed.keys()].sort()) {
    if (!expectedPaths.has(path)) differences.push({ path, kind: 'stale' });
  }
  return differences;
}

/**
 * The API schema of a supergraph: what clients of the gateway see, without the join/link
 * machinery, `@inaccessible` elements or federation directives.
 */
export function apiSchemaOf(supergraphSdl: string): GraphQLSchema {
  return Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema();
}

/** Sorts changes by path then message, so reports are stable. */
function byPath(a: Change, b: Change): number {
  return (a.path ?? '').localeCompare(b.path ?? '') || a.message.localeCompare(b.message);
}

/**
 * Diffs two API schemas with GraphQL Inspector and sorts the changes: breaking ones recorded in
 * `record` (and not expired on `today`, `YYYY-MM-DD`) are excused, the other breaking ones fail.
 */
export async function classifyChanges(
  oldSchema: GraphQLSchema,
  newSchema: GraphQLSchema,
  record: IntendedChanges,
  today: string,
): Promise<ClassifiedChanges> {
  const changes = (await diff(oldSchema, newSchema)).sort(byPath);
  const breaking: Change[] = [];
  const recorded: RecordedChange[] = [];
  for (const change of changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking)) {
    const entry = findIntendedChange(change, record, today);
    if (entry) recorded.push({ change, entry });
    else breaking.push(change);
  }
  return {
    breaking,
    recorded,
    dangerous: changes.filter((c) => c.criticality.level === CriticalityLevel.Dangerous),
    safe: changes.filter((c) => c.criticality.level === CriticalityLevel.NonBreaking),
    expired: record.intended.filter((entry) => isExpired(entry, today)),
  };
}

/** The breaking changes of a new supergraph's API against an old one that `record` does not excuse. */
export async function breakingChanges(
  oldSupergraphSdl: string,
  newSupergraphSdl: string,
  record: IntendedChanges,
  today: string,
): Promise<readonly Change[]> {
  return (await classifyChanges(apiSchemaOf(oldSupergraphSdl), apiSchemaOf(newSupergraphSdl), record, today)).breaking;
}
