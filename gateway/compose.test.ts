/**
 * The in-process gateway starts from the committed supergraph when the subgraphs are exactly the
 * committed ones, and composes otherwise (compose.ts inProcessSupergraph).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { composeSupergraph, inProcessSupergraph, subgraphSdls, type SubgraphSdl } from './compose.js';

const SDL = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
type Query { hello: String }
`;
const STORES: SubgraphSdl = { name: 'stores', url: 'in-process://stores', sdl: SDL };
/** Not a composition of anything: only read back, never composed, so it proves where a result came from. */
const SENTINEL = `# committed
schema @link(url: "https://specs.apollo.dev/link/v1.0") { query: Query }
enum join__Graph {
  STORES @join__graph(name: "stores", url: "in-process://stores")
}
`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'compose-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function commit(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(root, 'repo-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe('inProcessSupergraph', () => {
  it('reads the committed supergraph when every subgraph SDL is the committed one', async () => {
    const dir = await commit({ 'schema/supergraph.graphql': SENTINEL, 'subgraphs/stores/schema.graphql': SDL });
    expect(await inProcessSupergraph([STORES], dir)).toEqual({ sdl: SENTINEL, source: 'committed' });
  });

  it('composes when an SDL differs, a file is missing, or the subgraphs or their URLs are not the committed ones', async () => {
    const composed = { sdl: composeSupergraph([STORES]), source: 'composed' };
    const changed = await commit({
      'schema/supergraph.graphql': SENTINEL,
      'subgraphs/stores/schema.graphql': SDL.replace('hello', 'goodbye'),
    });
    expect(await inProcessSupergraph([STORES], changed)).toEqual(composed);
    const noSupergraph = await commit({ 'subgraphs/stores/schema.graphql': SDL });
    expect(await inProcessSupergraph([STORES], noSupergraph)).toEqual(composed);
    const noSubgraph = await commit({ 'schema/supergraph.graphql': SENTINEL });
    expect(await inProcessSupergraph([STORES], noSubgraph)).toEqual(composed);
    const matching = await commit({ 'schema/supergraph.graphql': SENTINEL, 'subgraphs/stores/schema.graphql': SDL });
    expect(await inProcessSupergraph([{ ...STORES, url: 'http://127.0.0.1:1/graphql' }], matching)).toMatchObject({
      source: 'composed',
    });
    const more = { name: 'wallet', url: 'in-process://wallet', sdl: SDL.replace('hello', 'card') };
    expect(await inProcessSupergraph([STORES, more], matching)).toMatchObject({ source: 'composed' });
  });

  it("starts this repository's gateway from its committed supergraph, which is what composition gives", async () => {
    const sdls = await subgraphSdls(ALL_SUBGRAPHS, (name) => `in-process://${name}`);
    const { sdl, source } = await inProcessSupergraph(sdls);
    expect(source).toBe('committed');
    expect(sdl.trimEnd()).toBe(composeSupergraph(sdls).trimEnd());
  });
});
