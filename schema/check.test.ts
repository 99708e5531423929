import { buildSubgraphSchema, printSubgraphSchema } from '@apollo/subgraph';
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSupergraph } from '../gateway/compose.js';
import { breakingChanges, classifyChanges, compareFiles, generatedFiles, SUPERGRAPH_FILE } from './check.js';
import { NO_INTENDED_CHANGES, type IntendedChanges } from './intended-changes.js';

const TODAY = '2025-06-01';

const OLD = buildSchema(`
  type Query { store(id: ID!): Store, stores: [Store!]! }
  type Store { id: ID!, name: String!, kana: String }
`);

const WITHOUT_KANA = buildSchema(`
  type Query { store(id: ID!): Store, stores: [Store!]! }
  type Store { id: ID!, name: String! }
`);

const WITH_ADDRESS = buildSchema(`
  type Query { store(id: ID!): Store, stores: [Store!]! }
  type Store { id: ID!, name: String!, kana: String, address: String }
`);

function record(...intended: IntendedChanges['intended']): IntendedChanges {
  return { intended };
}

describe('classifyChanges', () => {
  it('fails a removed field as an unrecorded breaking change', async () => {
    const changes = await classifyChanges(OLD, WITHOUT_KANA, NO_INTENDED_CHANGES, TODAY);
    expect(changes.breaking.map((c) => c.path)).toEqual(['Store.kana']);
    expect(changes.recorded).toEqual([]);
  });

  it('excuses a removed field recorded as intended', async () => {
    const entry = { path: 'Store.kana', reason: 'kana moved to the directory search', until: '2025-12-31' };
    const changes = await classifyChanges(OLD, WITHOUT_KANA, record(entry), TODAY);
    expect(changes.breaking).toEqual([]);
    expect(changes.recorded).toEqual([expect.objectContaining({ entry })]);
  });

  it('lets an entry cover the paths below it, but not a sibling sharing its prefix', async () => {
    const byType = await classifyChanges(OLD, WITHOUT_KANA, record({ path: 'Store', reason: 'redesign' }), TODAY);
    expect(byType.breaking).toEqual([]);
    const sibling = await classifyChanges(OLD, WITHOUT_KANA, record({ path: 'Store.kan', reason: 'typo' }), TODAY);
    expect(sibling.breaking).toHaveLength(1);
  });

  it('stops honouring an entry after its until day and lists it as expired', async () => {
    const entry = { path: 'Store.kana', reason: 'old decision', until: '2025-05-31' };
    const changes = await classifyChanges(OLD, WITHOUT_KANA, record(entry), TODAY);
    expect(changes.breaking.map((c) => c.path)).toEqual(['Store.kana']);
    expect(changes.expired).toEqual([entry]);
  });

  it('passes an added field as a safe change', async () => {
    const changes = await classifyChanges(OLD, WITH_ADDRESS, NO_INTENDED_CHANGES, TODAY);
    expect(changes.breaking).toEqual([]);
    expect(changes.safe.map((c) => c.path)).toEqual(['Store.address']);
  });

  it('reports an added enum value as dangerous, not breaking', async () => {
    const before = buildSchema('type Query { kind: Kind } enum Kind { SHOP }');
    const after = buildSchema('type Query { kind: Kind } enum Kind { SHOP CAFE }');
    const changes = await classifyChanges(before, after, NO_INTENDED_CHANGES, TODAY);
    expect(changes.breaking).toEqual([]);
    expect(changes.dangerous.map((c) => c.path)).toEqual(['Kind.CAFE']);
  });
});

/** A one-subgraph supergraph from the given type definitions, as composed for the gateway. */
function supergraph(typeDefs: string): string {
  const link =
    'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@inaccessible"])';
  const sdl = printSubgraphSchema(buildSubgraphSchema(parse(`${link}\n${typeDefs}`)));
  return composeSupergraph([{ name: 'stores', url: 'in-process://stores', sdl }]);
}

describe('breakingChanges (supergraph API schemas)', () => {
  const base = 'type Query { store(id: ID!): Store } type Store @key(fields: "id") { id: ID!, name: String!';

  it('finds a field removed from the API', async () => {
    const changes = await breakingChanges(
      supergraph(`${base}, kana: String }`),
      supergraph(`${base} }`),
      NO_INTENDED_CHANGES,
      TODAY,
    );
    expect(changes.map((c) => c.path)).toEqual(['Store.kana']);
  });

  it('ignores a field that clients never saw (@inaccessible)', async () => {
    const changes = await breakingChanges(
      supergraph(`${base}, secret: String @inaccessible }`),
      supergraph(`${base} }`),
      NO_INTENDED_CHANGES,
      TODAY,
    );
    expect(changes).toEqual([]);
  });
});

describe('compareFiles', () => {
  const files = generatedFiles('type Query { a: Int }', [{ name: 'stores', sdl: 'type Query {\n  a: Int\n}\n\n' }]);

  it('generates each file with exactly one trailing newline', () => {
    expect(files.map((f) => [f.path, f.content])).toEqual([
      [SUPERGRAPH_FILE, 'type Query { a: Int }\n'],
      ['subgraphs/stores/schema.graphql', 'type Query {\n  a: Int\n}\n'],
    ]);
  });

  it('finds nothing when the committed files are the generated ones', () => {
    expect(compareFiles(files, new Map(files.map((f) => [f.path, f.content])))).toEqual([]);
  });

  it('reports missing, changed (with a diff) and stale files', () => {
    const committed = new Map([
      ['subgraphs/stores/schema.graphql', 'type Query {\n  b: Int\n}\n'],
      ['subgraphs/gone/schema.graphql', 'type Query { x: Int }\n'],
    ]);
    const differences = compareFiles(files, committed);
    expect(differences.map((d) => [d.path, d.kind])).toEqual([
      [SUPERGRAPH_FILE, 'missing'],
      ['subgraphs/stores/schema.graphql', 'changed'],
      ['subgraphs/gone/schema.graphql', 'stale'],
    ]);
    expect(differences[1]!.diff).toContain('-  b: Int\n+  a: Int');
  });
});
