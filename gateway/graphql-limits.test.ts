/**
 * The GraphQL limits' defaults leave room: every document this codebase sends (REST facade rows and
 * their form dialects, the authorization pages, the operator CLI, the development sandbox's
 * introspection) passes limits of half the defaults, against the real API schema.
 */
import { readFileSync } from 'node:fs';
import { getIntrospectionQuery, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { routes } from '../rest-facade/index.js';
import type { ExecutionRequest, GraphQLExecutor } from '../rest-facade/kernel/executor.js';
import { AuthorizationOperations } from '../rest-facade/oauth/pages/operations.js';
import { apiSchemaOf, SUPERGRAPH_FILE } from '../schema/check.js';
import {
  DEFAULT_GRAPHQL_LIMITS,
  formatLimitError,
  GraphQLLimitCode,
  limitValidationRules,
  type GraphQLLimits,
} from '../subgraphs/kernel/graphql-limits.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { OPS_COMMANDS } from '../tools/ops/commands.js';

/** Every document the authorization pages run: each method of AuthorizationOperations, recorded. */
async function authorizationPageDocuments(): Promise<string[]> {
  const documents: string[] = [];
  const recorder: GraphQLExecutor = {
    execute(request: ExecutionRequest) {
      documents.push(request.document);
      return Promise.resolve({ data: null });
    },
  };
  const ops = new AuthorizationOperations(recorder, 'limits-test', undefined);
  const methods = Object.getOwnPropertyNames(AuthorizationOperations.prototype).filter(
    (name) => name !== 'constructor' && name !== 'run',
  );
  for (const name of methods) {
    const method = (ops as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name];
    await method?.call(ops, {}, undefined);
  }
  return documents;
}

const half = (limits: GraphQLLimits): GraphQLLimits => ({
  maxAliases: Math.floor(limits.maxAliases / 2),
  maxDepth: Math.floor(limits.maxDepth / 2),
  maxTokens: Math.floor(limits.maxTokens / 2),
  maxDirectives: Math.floor(limits.maxDirectives / 2),
  maxCost: Math.floor(limits.maxCost / 2),
});

describe('GraphQL limits', () => {
  const schema = apiSchemaOf(readFileSync(SUPERGRAPH_FILE, 'utf8'));
  const strict = half(DEFAULT_GRAPHQL_LIMITS);

  it('lets every document of the facade, the pages, the operator CLI and the sandbox through at half the defaults', async () => {
    const documents = new Map<string, string>();
    for (const route of routes) {
      documents.set(`${route.method} ${route.path}`, route.operation.document);
      if (route.form?.operation) documents.set(`${route.method} ${route.path} (form)`, route.form.operation.document);
    }
    for (const command of OPS_COMMANDS) documents.set(`ops ${command.name}`, command.document);
    (await authorizationPageDocuments()).forEach((document, i) => documents.set(`oauth page #${i}`, document));
    documents.set('sandbox introspection', getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }));
    expect(documents.size).toBeGreaterThan(20);
    for (const [name, document] of documents) {
      const errors = validate(schema, parse(document, { maxTokens: strict.maxTokens }), limitValidationRules(strict));
      expect(errors.map((e) => `${name}: ${e.message}`)).toEqual([]);
    }
  });

  it('refuses each limit with its own code', () => {
    const tight: GraphQLLimits = { maxAliases: 2, maxDepth: 2, maxTokens: 100, maxDirectives: 1, maxCost: 10 };
    const cases: [string, GraphQLLimitCode][] = [
      [
        '{ a: __typename b: publicStores { total } c: publicStores { total } d: publicStores { total } }',
        GraphQLLimitCode.Aliases,
      ],
      ['{ publicStore(storeId: "x") { business { name } } }', GraphQLLimitCode.Depth],
      ['{ __typename @skip(if: false) @include(if: true) }', GraphQLLimitCode.Directives],
      ['{ publicStores { items { name address phone postalCode } total page } }', GraphQLLimitCode.Cost],
    ];
    for (const [document, code] of cases) {
      const errors = validate(schema, parse(document), limitValidationRules(tight));
      expect(errors.map((e) => e.extensions.code)).toContain(code);
    }
  });

  it('reads the limits from GRAPHQL_MAX_* and refuses nonsense', () => {
    expect(loadEnv({}).graphqlLimits).toEqual(DEFAULT_GRAPHQL_LIMITS);
    const env = loadEnv({ GRAPHQL_MAX_ALIASES: '5', GRAPHQL_MAX_DEPTH: '4', GRAPHQL_MAX_COST: '100' });
    expect(env.graphqlLimits).toMatchObject({ maxAliases: 5, maxDepth: 4, maxCost: 100, maxTokens: 2000 });
    expect(() => loadEnv({ GRAPHQL_MAX_DEPTH: '0' })).toThrow(/GRAPHQL_MAX_DEPTH/);
    expect(() => loadEnv({ GRAPHQL_MAX_TOKENS: 'many' })).toThrow(/GRAPHQL_MAX_TOKENS/);
  });

  it('gives the parser token limit its own code back', () => {
    let message = '';
    try {
      parse('{ a b c d e f g h }', { maxTokens: 5 });
    } catch (error) {
      message = (error as Error).message;
    }
    const formatted = formatLimitError({ message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, undefined);
    expect(formatted).toMatchObject({
      message: 'Token limit of 5 exceeded.',
      extensions: { code: GraphQLLimitCode.Tokens, limit: 5 },
    });
  });
});
