/**
 * Turns a type-graphql schema into an Apollo Federation 2 subgraph schema: print the type-graphql
 * schema with its directives, prepend the federation `@link`, and rebuild it with
 * `@apollo/subgraph`, keeping type-graphql's resolvers and adding `__resolveReference`s.
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { parse, type GraphQLSchema } from 'graphql';
import { buildSchema, createResolversMap, type BuildSchemaOptions } from 'type-graphql';

const FEDERATION_LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires", "@provides", "@inaccessible", "@tag"])`;

/** Per-type resolvers added to the federated schema, e.g. `{ Store: { __resolveReference } }`. */
export type ReferenceResolvers = Record<string, Record<string, unknown>>;

export async function buildFederatedSchema(
  options: Omit<BuildSchemaOptions, 'skipCheck'>,
  referenceResolvers: ReferenceResolvers = {},
): Promise<GraphQLSchema> {
  const schema = await buildSchema({ ...options, skipCheck: true, validate: false });
  const resolvers = createResolversMap(schema) as Record<string, Record<string, unknown>>;
  for (const [typeName, extra] of Object.entries(referenceResolvers)) {
    resolvers[typeName] = { ...resolvers[typeName], ...extra };
  }
  const typeDefs = parse(`${FEDERATION_LINK}\n${printSchemaWithDirectives(schema)}`);
  // buildSubgraphSchema takes a list of modules; one module holds the whole subgraph.
  return buildSubgraphSchema([{ typeDefs, resolvers: resolvers as never }]);
}
