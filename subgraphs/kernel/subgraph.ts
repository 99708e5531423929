/**
 * What a subgraph module exports: its entities, its schema, and how to build its per-request context.
 * The gateway runs modules in-process (one process) or each behind its own HTTP server.
 */
import type { EntityClass } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import type { BaseContext } from './context.js';
import type { Env, SubgraphName } from './env.js';
import type { Job } from './jobs/job.js';

export interface SubgraphModule<C extends BaseContext = BaseContext> {
  readonly name: SubgraphName;
  /** Entities this subgraph owns (its tables). */
  readonly entities: readonly EntityClass<object>[];
  /** Builds the federated schema (type-graphql metadata is global, so build once per process). */
  buildSchema(): Promise<GraphQLSchema>;
  /** Adds this subgraph's DataLoaders and request-scoped services to the base context. */
  createContext(base: BaseContext): C;
  /** The background jobs this subgraph owns (run by the worker, `processes/worker/`). Default none. */
  readonly jobs?: (env: Env) => readonly Job[];
}

/** Builds each schema once per process, whichever topology asks for it. */
const schemaCache = new WeakMap<SubgraphModule<BaseContext>, Promise<GraphQLSchema>>();

export function subgraphSchema(module: SubgraphModule<BaseContext>): Promise<GraphQLSchema> {
  let schema = schemaCache.get(module);
  if (!schema) {
    schema = module.buildSchema();
    schemaCache.set(module, schema);
  }
  return schema;
}
