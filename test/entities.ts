/**
 * Drives a subgraph's `_entities` field directly, as the gateway's query planner would, to test
 * reference resolvers of types that no root field returns yet.
 */
import { execute, parse } from 'graphql';
import type { Principal } from '../subgraphs/kernel/auth/principal.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { subgraphSchema, type SubgraphModule } from '../subgraphs/kernel/subgraph.js';
import type { TestService } from './harness.js';

export interface EntitiesResult<T> {
  readonly data?: { _entities: (T | null)[] } | null;
  readonly errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Resolves `representations` in `module`'s own schema, selecting `selection` on `typeName`,
 * in a fresh request context (principal: anonymous unless given).
 */
export async function resolveEntities<T>(
  service: TestService,
  module: SubgraphModule,
  typeName: string,
  ids: readonly string[],
  selection: string,
  principal: Principal = { kind: 'anonymous' },
): Promise<EntitiesResult<T>> {
  const schema = await subgraphSchema(module);
  const contextValue = module.createContext({
    requestId: 'test-entities',
    principal,
    em: rootEntityManager(service.orm).fork(),
    env: service.env,
  });
  const result = await execute({
    schema,
    document: parse(`query($r: [_Any!]!) { _entities(representations: $r) { ... on ${typeName} { ${selection} } } }`),
    variableValues: { r: ids.map((id) => ({ __typename: typeName, id })) },
    contextValue,
  });
  return {
    data: result.data as EntitiesResult<T>['data'],
    ...(result.errors ? { errors: result.errors.map((e) => ({ message: e.message, extensions: e.extensions })) } : {}),
  };
}

/** Field names of a type in the composed (gateway) schema, through introspection. */
export async function gatewayFieldNames(service: TestService, typeName: string): Promise<string[]> {
  const result = await service.graphql<{ __type: { fields: { name: string }[] } | null }>(
    'query($n: String!) { __type(name: $n) { fields { name } } }',
    { n: typeName },
  );
  return result.data?.__type?.fields.map((f) => f.name) ?? [];
}
