/**
 * What a subgraph module exports: its entities, its access rules, its schema, and how to build its
 * per-request context. The gateway runs modules in-process (one process) or each behind its own HTTP
 * server; either way the schema comes from {@link subgraphSchema}, which enforces the access rules.
 */
import type { EntityClass } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import { guardRootFields, type AccessTable } from './auth/operation-access.js';
import type { BaseContext } from './context.js';
import type { Env, SubgraphName } from './env.js';
import type { PublishHook } from './events/publisher.js';
import type { Job } from './jobs/job.js';
import type { BackgroundLoop } from './jobs/loop.js';

export interface SubgraphModule<C extends BaseContext = BaseContext> {
  readonly name: SubgraphName;
  /** Entities this subgraph owns (its tables). */
  readonly entities: readonly EntityClass<object>[];
  /** Who may call each of its root operations (its `access.ts`): exactly its Query and Mutation fields. */
  readonly access: AccessTable;
  /**
   * Its root queries that identical callers in flight together may share one execution of (its
   * `access.ts`; kernel/shared-reads.ts says what qualifies). Default none: every query runs per caller.
   */
  readonly sharedReads?: readonly string[];
  /**
   * Builds the federated schema, without access checks: use {@link subgraphSchema}, which adds them
   * (type-graphql metadata is global, so build once per process).
   */
  buildSchema(): Promise<GraphQLSchema>;
  /** Adds this subgraph's DataLoaders and request-scoped services to the base context. */
  createContext(base: BaseContext): C;
  /** The background jobs this subgraph owns (run by the worker, `processes/worker/`). Default none. */
  readonly jobs?: (env: Env) => readonly Job[];
  /**
   * Its background loops (run by the worker, woken by LISTEN/NOTIFY and a timer; kernel/jobs/loop.ts),
   * e.g. engagement's webhook dispatcher. Default none.
   */
  readonly loops?: (env: Env) => readonly BackgroundLoop[];
  /**
   * What it does when events are published, in the publisher's transaction (kernel/events/publisher.ts),
   * e.g. engagement's webhook fan-out. Default nothing.
   */
  readonly publishHooks?: (env: Env) => readonly PublishHook[];
}

/**
 * Builds each schema once per process, whichever topology asks for it, with every root field
 * guarded by the module's own access rules; fails when a root field has no rule (fail closed), and
 * when a shared read names no root query of the schema.
 */
const schemaCache = new WeakMap<SubgraphModule<BaseContext>, Promise<GraphQLSchema>>();

export function subgraphSchema(module: SubgraphModule<BaseContext>): Promise<GraphQLSchema> {
  let schema = schemaCache.get(module);
  if (!schema) {
    schema = module.buildSchema().then((built) => {
      const queries = built.getQueryType()?.getFields() ?? {};
      const unknown = (module.sharedReads ?? []).filter(
        (name) => !name.startsWith('Query.') || !(name.slice('Query.'.length) in queries),
      );
      if (unknown.length > 0) throw new Error(`Shared reads that are no root query: ${unknown.join(', ')}`);
      return guardRootFields(built, module.access);
    });
    schemaCache.set(module, schema);
  }
  return schema;
}
