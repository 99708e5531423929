/**
 * Composes the supergraph in-process with @apollo/composition from each subgraph's SDL. Used by the
 * gateway at start and by `npm run schema:check` / `schema:write`.
 */
import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import type { SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import { subgraphSchema } from '../subgraphs/kernel/subgraph.js';

export interface SubgraphSdl {
  readonly name: string;
  readonly url: string;
  readonly sdl: string;
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
      sdl: printSubgraphSchema(await subgraphSchema(module)),
    })),
  );
}

/** Composes subgraphs into a supergraph SDL; throws with every composition error listed. */
export function composeSupergraph(subgraphs: readonly SubgraphSdl[]): string {
  const result = composeServices(subgraphs.map((s) => ({ name: s.name, url: s.url, typeDefs: parse(s.sdl) })));
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => `- ${e.message}`).join('\n')}`);
  }
  return result.supergraphSdl;
}
