/**
 * The schema commands against the real subgraphs: the committed files must be what the code composes,
 * and a copy of them with a deliberate change must fail the check in the expected way.
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { eventsSchemaSdl, SUBSCRIPTION_SCHEMA_FILE } from '../gateway/subscriptions/schema.js';
import { PUBLIC } from '../subgraphs/kernel/auth/operation-access.js';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import { SUPERGRAPH_FILE } from './check.js';
import { parseSchemaCliArguments } from './cli.js';
import { checkSchemas, writeSchemas } from './commands.js';
import { INTENDED_CHANGES_FILE } from './intended-changes.js';

/** dist(-x)/schema/ → the repository root. */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TODAY = '2025-06-01';
const temporaryRoots: string[] = [];

afterAll(async () => {
  await Promise.all(temporaryRoots.map((root) => rm(root, { recursive: true, force: true })));
});

/**
 * A temporary root holding freshly written schema files (and no intended changes), so these tests
 * do not depend on whether the repository's committed files are up to date.
 */
async function freshSchemas(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'schema-check-'));
  temporaryRoots.push(root);
  expect((await writeSchemas({ root, today: TODAY })).ok).toBe(true);
  return root;
}

/** Adds `Query.legacyStores` to the committed supergraph, so the code appears to remove it. */
async function addLegacyField(root: string): Promise<void> {
  const path = join(root, SUPERGRAPH_FILE);
  const sdl = await readFile(path, 'utf8');
  const withField = sdl.replace(
    /(\ntype Query\n(?: {2}@join__type\(.*\)\n)*\{\n)/,
    '$1  legacyStores: [String!]! @join__field(graph: STORES)\n\n',
  );
  expect(withField).not.toBe(sdl);
  await writeFile(path, withField);
}

describe('schema check on the repository', () => {
  it('passes: the committed schema files are what the code composes', async () => {
    const result = await checkSchemas({ root: REPO_ROOT, today: TODAY });
    // On failure the message is the whole report: run `npm run schema:write` (or fix the break).
    expect(result.ok, result.lines.join('\n')).toBe(true);
  });
});

describe('schema check on a modified copy of freshly written files', () => {
  it('fails on a removed field: breaking change first, then the diff and "run schema:write"', async () => {
    const root = await freshSchemas();
    await addLegacyField(root);
    const result = await checkSchemas({ root, today: TODAY });
    const output = result.lines.join('\n');
    expect(result.ok).toBe(false);
    expect(output).toMatch(/ERROR 1 breaking API change not recorded[\s\S]*Query\.legacyStores/);
    expect(output.indexOf('breaking API change')).toBeLessThan(output.indexOf('npm run schema:write'));
    expect(output).toContain('-  legacyStores: [String!]! @join__field(graph: STORES)');
  });

  it('refuses to write an unrecorded breaking change, and writes it once recorded', async () => {
    const root = await freshSchemas();
    await addLegacyField(root);
    const refused = await writeSchemas({ root, today: TODAY });
    expect(refused.ok).toBe(false);
    expect(refused.lines.at(-1)).toMatch(/refused.*--allow-breaking/);

    const entry = { path: 'Query.legacyStores', reason: 'replaced by publicStores', until: '2025-12-31' };
    await writeFile(join(root, INTENDED_CHANGES_FILE), JSON.stringify({ intended: [entry] }));
    const recorded = await checkSchemas({ root, today: TODAY });
    expect(recorded.ok).toBe(false);
    expect(recorded.lines.join('\n')).not.toContain('not recorded');
    expect(recorded.lines.join('\n')).toContain('intended: replaced by publicStores');

    expect((await writeSchemas({ root, today: TODAY })).ok).toBe(true);
    expect((await checkSchemas({ root, today: TODAY })).ok).toBe(true);
  });

  it('fails when a committed subgraph schema differs, naming the file', async () => {
    const root = await freshSchemas();
    const path = join(root, 'subgraphs/stores/schema.graphql');
    await writeFile(path, `# hand-edited\n${await readFile(path, 'utf8')}`);
    const result = await checkSchemas({ root, today: TODAY });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('  subgraphs/stores/schema.graphql: differs');
    expect(result.lines.at(-2)).toBe('Run `npm run schema:write` and commit the result.');
  });

  it('fails when the committed subscription schema was edited by hand, naming the file', async () => {
    const root = await freshSchemas();
    const path = join(root, SUBSCRIPTION_SCHEMA_FILE);
    const sdl = await readFile(path, 'utf8');
    expect(sdl).toMatch(/events\(\s[\s\S]*types: \[String!\]\s+after: ID\s+\): Event!/);
    await writeFile(path, sdl.replace('type Subscription {', 'type Subscription {\n  legacyEvents: Event!'));
    const result = await checkSchemas({ root, today: TODAY });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('  schema/subscriptions.graphql: differs');
  });

  it('fails when the subscription schema changed in code without schema:write, until it is written', async () => {
    const root = await freshSchemas();
    const changed = eventsSchemaSdl().replace('type Subscription {', 'type Subscription {\n  heartbeat: String!\n');
    const result = await checkSchemas({ root, today: TODAY, subscriptionSdl: changed });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('  schema/subscriptions.graphql: differs');
    expect(result.lines.join('\n')).toContain('+  heartbeat: String!');
    expect((await writeSchemas({ root, today: TODAY, subscriptionSdl: changed })).ok).toBe(true);
    expect((await checkSchemas({ root, today: TODAY, subscriptionSdl: changed })).ok).toBe(true);
    expect(await readFile(join(root, SUBSCRIPTION_SCHEMA_FILE), 'utf8')).toContain('heartbeat: String!');
  });

  it('fails when the subscription schema file is missing', async () => {
    const root = await freshSchemas();
    await rm(join(root, SUBSCRIPTION_SCHEMA_FILE));
    const result = await checkSchemas({ root, today: TODAY });
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('  schema/subscriptions.graphql: missing');
  });

  it('fails, and refuses to write, when the committed supergraph is not a supergraph', async () => {
    const root = await freshSchemas();
    await writeFile(join(root, SUPERGRAPH_FILE), '<<<<<<< HEAD\n');
    const result = await checkSchemas({ root, today: TODAY });
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(/^ERROR schema\/supergraph\.graphql is not a valid supergraph/);
    expect((await writeSchemas({ root, today: TODAY })).ok).toBe(false);
    expect((await writeSchemas({ root, today: TODAY, allowBreaking: true })).ok).toBe(true);
  });

  it('fails with the composition errors when the subgraphs do not compose', async () => {
    const fake = (name: string, typeDefs: string): SubgraphModule =>
      ({
        name,
        entities: [],
        access: { 'Query.ping': PUBLIC },
        buildSchema: () => Promise.resolve(buildSubgraphSchema(parse(typeDefs))),
        createContext: (base) => base,
      }) as SubgraphModule;
    const modules = [fake('identity', 'type Query { ping: String }'), fake('stores', 'type Query { ping: Int }')];
    const result = await checkSchemas({ root: await freshSchemas(), modules, today: TODAY });
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(/^ERROR Supergraph composition failed/);
  });
});

describe('parseSchemaCliArguments', () => {
  it('reads the command, --dir and --allow-breaking', () => {
    expect(parseSchemaCliArguments(['write', '--dir', '/tmp/x', '--allow-breaking'], '/repo')).toEqual({
      command: 'write',
      root: '/tmp/x',
      allowBreaking: true,
    });
    expect(parseSchemaCliArguments(['check'], '/repo')).toEqual({
      command: 'check',
      root: '/repo',
      allowBreaking: false,
    });
  });

  it('rejects an unknown command or option with the usage', () => {
    expect(() => parseSchemaCliArguments(['publish'], '/repo')).toThrow(/Usage/);
    expect(() => parseSchemaCliArguments(['check', '--force'], '/repo')).toThrow(/Unexpected argument/);
  });
});
