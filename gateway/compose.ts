/**
 * Composes the supergraph in-process with @apollo/composition from each subgraph's SDL. Used by the
 * gateway at start and by `npm run schema:check` / `schema:write`.
 */
import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import { subgraphSchema } from '../subgraphs/kernel/subgraph.js';

export interface SubgraphSdl {
  readonly name: string;
  readonly url: string;
  readonly sdl: string;
}

/** Each subgraph schema's printed SDL: a schema is built once per process and never changes. */
const printed = new WeakMap<GraphQLSchema, string>();

function printedSdl(schema: GraphQLSchema): string {
  let sdl = printed.get(schema);
  if (sdl === undefined) printed.set(schema, (sdl = printSubgraphSchema(schema)));
  return sdl;
}

/** The SDL of each subgraph as the gateway sees it (`_service { sdl }`). */
export async function subgraphSdls(
  modules: readonly SubgraphModule[],
  urlOf: (name: string) => string,
): Promise<SubgraphSdl[]> {
  return Promise.all(
    modules.map(async (module) => ({
      name: module.name,
      url: urlOf(module.name),
      sdl: printedSdl(await subgraphSchema(module)),
    })),
  );
}

/**
 * The last few compositions, by their input: composing is a pure function of the subgraphs and costs
 * 0.4–0.8 s, and a process may compose the same subgraphs again (the schema commands' tests, a test
 * worker starting services whose subgraphs differ from the committed ones).
 */
const compositions = new Map<string, string>();
const COMPOSITIONS_KEPT = 4;

/** Composes subgraphs into a supergraph SDL; throws with every composition error listed. */
export function composeSupergraph(subgraphs: readonly SubgraphSdl[]): string {
  const key = JSON.stringify(subgraphs.map((s) => [s.name, s.url, s.sdl]));
  const known = compositions.get(key);
  if (known !== undefined) return known;
  const result = composeServices(subgraphs.map((s) => ({ name: s.name, url: s.url, typeDefs: parse(s.sdl) })));
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => `- ${e.message}`).join('\n')}`);
  }
  if (compositions.size >= COMPOSITIONS_KEPT) compositions.delete(compositions.keys().next().value!);
  compositions.set(key, result.supergraphSdl);
  return result.supergraphSdl;
}

/** The repository root, as seen from the built gateway (`dist/gateway/`). */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Text as `schema:write` commits it: LF line ends, one final newline (schema/check.ts withTrailingNewline). */
const committedForm = (text: string) => `${text.replace(/\r\n/g, '\n').trimEnd()}\n`;

/**
 * The in-process gateway's supergraph: the committed `schema/supergraph.graphql` when the subgraphs
 * are exactly the committed ones (the same names, each SDL equal to its committed
 * `subgraphs/<name>/schema.graphql`), else composed now. `npm run schema:check` keeps the committed
 * supergraph the composition of the committed subgraph SDLs, so both ways give the same supergraph;
 * reading it skips composition, the costliest step of starting (0.4–0.8 s), as gateways run from a
 * static supergraph in production federation. Any file missing or different: composed, as before.
 */
export async function inProcessSupergraph(
  subgraphs: readonly SubgraphSdl[],
  root: string = REPOSITORY_ROOT,
): Promise<{ readonly sdl: string; readonly source: 'committed' | 'composed' }> {
  const read = (path: string) => readFile(join(root, path), 'utf8').catch(() => undefined);
  const [supergraph, ...committedSdls] = await Promise.all([
    read('schema/supergraph.graphql'),
    ...subgraphs.map((s) => read(`subgraphs/${s.name}/schema.graphql`)),
  ]);
  const committedNames = [...(supergraph ?? '').matchAll(/@join__graph\(name: "([^"]+)", url: "([^"]+)"\)/g)];
  const same =
    supergraph !== undefined &&
    committedNames.length === subgraphs.length &&
    subgraphs.every(
      (s, i) =>
        committedSdls[i] === committedForm(s.sdl) &&
        committedNames.some(([, name, url]) => name === s.name && url === s.url),
    );
  return same ? { sdl: supergraph, source: 'committed' } : { sdl: composeSupergraph(subgraphs), source: 'composed' };
}
