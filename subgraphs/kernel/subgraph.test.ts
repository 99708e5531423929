/**
 * The kernel guards every subgraph's schema with that subgraph's own access rules: a root field
 * without a rule in its access.ts fails the build (fail closed), and the real subgraphs' rules are
 * exactly their root fields, combined into the one table without an operation ruled twice.
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import { graphql, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ALL_SUBGRAPHS } from '../index.js';
import { ACCESS_TABLE } from './auth/access-table.js';
import { OPERATOR, PUBLIC, type AccessTable } from './auth/operation-access.js';
import { subgraphSchema, type SubgraphModule } from './subgraph.js';

const module = (access: AccessTable): SubgraphModule => ({
  name: 'stores',
  entities: [],
  access,
  buildSchema: () =>
    Promise.resolve(
      buildSubgraphSchema([
        {
          typeDefs: parse('type Query { open: String, closed: String }'),
          resolvers: { Query: { open: () => 'o', closed: () => 'c' } },
        },
      ]),
    ),
  createContext: (base) => base,
});

describe('subgraphSchema', () => {
  it("fails when a root field has no rule in the subgraph's access rules", async () => {
    await expect(subgraphSchema(module({ 'Query.open': PUBLIC }))).rejects.toThrow(
      /^No access rule for: Query\.closed \(add them to the subgraph's access\.ts\)/,
    );
  });

  it('fails when a shared read names no root query of the schema', async () => {
    const rules = { 'Query.open': PUBLIC, 'Query.closed': OPERATOR };
    await expect(subgraphSchema({ ...module(rules), sharedReads: ['Query.open', 'Query.gone'] })).rejects.toThrow(
      /^Shared reads that are no root query: Query\.gone$/,
    );
    await expect(subgraphSchema({ ...module(rules), sharedReads: ['Mutation.open'] })).rejects.toThrow(
      /Mutation\.open/,
    );
    await expect(subgraphSchema({ ...module(rules), sharedReads: ['Query.open'] })).resolves.toBeDefined();
  });

  it('enforces each rule on the built schema', async () => {
    const schema = await subgraphSchema(module({ 'Query.open': PUBLIC, 'Query.closed': OPERATOR }));
    const run = (principal: object) => graphql({ schema, source: '{ open closed }', contextValue: { principal } });
    const anonymous = await run({ kind: 'anonymous' });
    expect(anonymous.data).toEqual({ open: 'o', closed: null });
    expect(anonymous.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED', reason: 'unauthenticated' });
    expect((await run({ kind: 'operator' })).data).toEqual({ open: 'o', closed: 'c' });
  });
});

describe('the subgraphs’ access rules', () => {
  it.each(ALL_SUBGRAPHS.map((m) => [m.name, m] as const))(
    '%s builds with its own rules (a rule for every root field, none for another subgraph’s)',
    async (_name, subgraph) => {
      await expect(subgraphSchema(subgraph)).resolves.toBeDefined();
    },
  );

  it("make up the kernel's one table, no operation ruled twice", () => {
    const rules = ALL_SUBGRAPHS.flatMap((m) => Object.entries(m.access));
    expect(Object.keys(ACCESS_TABLE)).toHaveLength(rules.length);
    expect(ACCESS_TABLE).toEqual(Object.fromEntries(rules));
  });
});
