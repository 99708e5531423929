/**
 * The access rules on a synthetic schema and rule table: a root field without a rule stops the build
 * (fail closed), every rule is enforced by the wrapped resolver, and a token of the right kind that
 * lacks the scope a rule names is refused with `insufficient_scope` and the scope, which the REST
 * facade turns into 403 with `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."`.
 * (The real table names no user scope yet, so this is where scope refusal is proved.)
 */
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacadeRouter } from '../../../rest-facade/kernel/router.js';
import type { ExecutionRequest, ExecutionResult, GraphQLExecutor } from '../../../rest-facade/kernel/executor.js';
import type { Route } from '../../../rest-facade/kernel/route.js';
import { createHttpApp, listenHttp, type HttpListener } from '../http/app.js';
import {
  anyOf,
  business,
  combineAccessTables,
  enforceAccess,
  guardRootFields,
  OPERATOR,
  PUBLIC,
  user,
  type AccessRule,
  type AccessTable,
} from './operation-access.js';
import type { Principal } from './principal.js';

const SDL = `
  type Query { open: String, profile: String, anyUser: String, either: String, _service: String }
  type Mutation { operatorOnly: String }
`;
const TABLE: AccessTable = {
  'Query.open': PUBLIC,
  'Query.profile': user('user.profile.read'),
  'Query.anyUser': user(null),
  'Query.either': anyOf(OPERATOR, business('store.products.read')),
  'Mutation.operatorOnly': OPERATOR,
};
const RESOLVERS = { open: 'o', profile: 'p', anyUser: 'u', either: 'e', operatorOnly: 'x' };

const grant = (kind: 'user' | 'business', scopes: string[]): Principal => {
  const facts = {
    userId: 'u1',
    clientId: 'c1',
    grantId: 'g1',
    scopes: new Set(scopes),
    expiresAt: new Date(Date.now() + 60_000),
  };
  return kind === 'user' ? { kind, ...facts } : { kind, businessAccountId: 'b1', ...facts };
};
const PRINCIPALS: Record<string, Principal> = {
  anonymous: { kind: 'anonymous' },
  invalid: { kind: 'anonymous', invalidToken: true },
  operator: { kind: 'operator' },
  'user without scopes': grant('user', []),
  'user with user.profile.read': grant('user', ['user.profile.read']),
  'business with store.products.read': grant('business', ['store.products.read']),
  'business without scopes': grant('business', []),
};

const guarded = (): GraphQLSchema => guardRootFields(buildSchema(SDL), TABLE);

async function run(schema: GraphQLSchema, field: string, principal: Principal) {
  const kind = field === 'operatorOnly' ? 'mutation' : 'query';
  const result = await graphql({
    schema,
    source: `${kind} { ${field} }`,
    rootValue: RESOLVERS,
    contextValue: { principal },
  });
  return { value: result.data?.[field] ?? null, extensions: result.errors?.[0]?.extensions ?? null };
}

describe('guardRootFields', () => {
  it('throws at build, naming every root field without a rule, queries and mutations alike', () => {
    const schema = buildSchema(
      `${SDL} extend type Query { forgotten: String } extend type Mutation { alsoForgotten: String }`,
    );
    expect(() => guardRootFields(schema, TABLE)).toThrow(
      /^No access rule for: Query\.forgotten, Mutation\.alsoForgotten \(add them to/,
    );
  });

  it('builds when every root field but federation plumbing has a rule', () => {
    expect(() => guarded()).not.toThrow();
  });

  it('throws at build, naming every rule for an operation the schema does not have', () => {
    const table = { ...TABLE, 'Query.elsewhere': PUBLIC, 'Mutation.removed': OPERATOR };
    expect(() => guardRootFields(buildSchema(SDL), table)).toThrow(
      'Access rules for operations the subgraph does not have: Query.elsewhere, Mutation.removed',
    );
  });

  it.each([
    ['open', 'anonymous', 'o'],
    ['profile', 'user with user.profile.read', 'p'],
    ['anyUser', 'user without scopes', 'u'],
    ['either', 'operator', 'e'],
    ['either', 'business with store.products.read', 'e'],
    ['operatorOnly', 'operator', 'x'],
  ])('lets %s through for %s', async (field, who, value) => {
    expect(await run(guarded(), field, PRINCIPALS[who]!)).toEqual({ value, extensions: null });
  });

  it.each([
    ['profile', 'anonymous', { code: 'UNAUTHENTICATED', reason: 'unauthenticated' }],
    ['profile', 'invalid', { code: 'UNAUTHENTICATED', reason: 'invalid_token' }],
    ['profile', 'operator', { code: 'FORBIDDEN', reason: 'forbidden' }],
    ['profile', 'business with store.products.read', { code: 'FORBIDDEN', reason: 'forbidden' }],
    ['anyUser', 'business with store.products.read', { code: 'FORBIDDEN', reason: 'forbidden' }],
    ['operatorOnly', 'user with user.profile.read', { code: 'FORBIDDEN', reason: 'forbidden' }],
    ['either', 'user with user.profile.read', { code: 'FORBIDDEN', reason: 'forbidden' }],
  ])('refuses %s to %s', async (field, who, extensions) => {
    expect(await run(guarded(), field, PRINCIPALS[who]!)).toEqual({ value: null, extensions });
  });

  it.each([
    ['profile', 'user without scopes', 'user.profile.read'],
    ['either', 'business without scopes', 'store.products.read'],
  ])('refuses %s to a %s with insufficient_scope naming the scope', async (field, who, scope) => {
    expect(await run(guarded(), field, PRINCIPALS[who]!)).toEqual({
      value: null,
      extensions: { code: 'FORBIDDEN', reason: 'insufficient_scope', scope },
    });
  });
});

describe('combineAccessTables', () => {
  const stores: AccessTable = { 'Query.publicStores': PUBLIC, 'Mutation.createStore': OPERATOR };
  const identity: AccessTable = { 'Query.viewer': user(null), 'Mutation.createUser': OPERATOR };

  it("holds every subgraph's rules, each as its subgraph wrote it", () => {
    const combined = combineAccessTables([
      { name: 'stores', access: stores },
      { name: 'identity', access: identity },
    ]);
    expect(combined).toEqual({ ...stores, ...identity });
    expect(Object.keys(combined)).toHaveLength(4);
  });

  it('throws when two subgraphs rule the same operation, naming it and both subgraphs, even with equal rules', () => {
    const owners = [
      { name: 'stores', access: stores },
      { name: 'identity', access: identity },
      { name: 'wallet', access: { 'Query.viewer': user(null), 'Mutation.createStore': PUBLIC } },
    ];
    expect(() => combineAccessTables(owners)).toThrow(
      'Operations ruled by more than one subgraph: Query.viewer (identity, wallet), Mutation.createStore (stores, wallet)',
    );
  });
});

/** Executes the facade's operations on the guarded schema, as the principal its bearer token names. */
class SyntheticExecutor implements GraphQLExecutor {
  private readonly schema = guarded();

  async execute(request: ExecutionRequest): Promise<ExecutionResult> {
    const name = request.authorization?.replace(/^Bearer /, '') ?? 'anonymous';
    const result = await graphql({
      schema: this.schema,
      source: request.document,
      rootValue: RESOLVERS,
      contextValue: { principal: PRINCIPALS[name] ?? PRINCIPALS.invalid },
    });
    return JSON.parse(JSON.stringify(result)) as ExecutionResult;
  }
}

describe('scope refusal through the REST facade', () => {
  const ROUTES: Route[] = [
    {
      method: 'GET',
      path: '/profile',
      operation: { name: 'Profile', document: 'query Profile { profile }' },
      tag: 'test',
      summary: 'profile',
      result: (data) => ({ profile: data.profile }),
      status: 200,
      responseSchema: null,
      errors: {},
    },
  ];
  let listener: HttpListener;
  beforeAll(async () => {
    const app = createHttpApp();
    app.use('/api', createFacadeRouter(ROUTES, new SyntheticExecutor()));
    listener = await listenHttp(app, 0, '127.0.0.1');
  });
  afterAll(() => listener.close());

  const get = (token: string) =>
    fetch(`${listener.url}/api/profile`, { headers: { authorization: `Bearer ${token}` } });

  it('answers a user token without the scope 403 insufficient_scope with the scope in WWW-Authenticate', async () => {
    const response = await get('user without scopes');
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer error="insufficient_scope", scope="user.profile.read"',
    );
    expect(await response.json()).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('answers a token of the wrong kind 403 forbidden without a scope challenge, and the right token 200', async () => {
    const wrongKind = await get('business with store.products.read');
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.headers.get('www-authenticate')).toBeNull();
    expect(await wrongKind.json()).toMatchObject({ code: 'forbidden' });
    const allowed = await get('user with user.profile.read');
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ profile: 'p' });
  });
});

describe('enforceAccess', () => {
  const partner = grant('business', ['store.products.read']);

  const thrown = (rule: AccessRule, principal: Principal) => {
    try {
      enforceAccess(rule, principal, 'Query.thing');
      return 'allowed';
    } catch (error) {
      const { message, extensions } = error as { message: string; extensions: Record<string, unknown> };
      return { message, ...extensions };
    }
  };

  it('names the operation a caller of the wrong kind may not call', () => {
    expect(thrown(OPERATOR, partner)).toEqual({
      message: 'This token may not call Query.thing.',
      code: 'FORBIDDEN',
      reason: 'forbidden',
    });
  });

  it('names the scope a caller of the right kind lacks, in message and extensions', () => {
    expect(thrown(business('store.orders.read'), partner)).toEqual({
      message: 'The token lacks the store.orders.read scope.',
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.orders.read',
    });
  });

  it('tells an anonymous caller whether a token was sent', () => {
    expect(thrown(OPERATOR, { kind: 'anonymous' })).toEqual({
      message: 'Authentication is required.',
      code: 'UNAUTHENTICATED',
      reason: 'unauthenticated',
    });
    expect(thrown(user(null), { kind: 'anonymous', invalidToken: true })).toEqual({
      message: 'The access token is invalid, expired or revoked.',
      code: 'UNAUTHENTICATED',
      reason: 'invalid_token',
    });
  });

  it('refuses another kind of caller with the reason a rule names, else forbidden', () => {
    const consumerOnly = user(null, 'user_token_required');
    expect(thrown(consumerOnly, partner)).toMatchObject({ code: 'FORBIDDEN', reason: 'user_token_required' });
    expect(thrown(consumerOnly, { kind: 'operator' })).toMatchObject({ reason: 'user_token_required' });
    expect(thrown(consumerOnly, grant('user', []))).toBe('allowed');
    expect(thrown(user(null), partner)).toMatchObject({ reason: 'forbidden' });
  });

  it('lets a user grant with the scope through a user rule', () => {
    expect(thrown(user('user.profile.read'), grant('user', ['user.profile.read']))).toBe('allowed');
    expect(thrown(user(null), grant('user', []))).toBe('allowed');
  });

  it('guards a schema that has no mutations', () => {
    expect(() => guardRootFields(buildSchema('type Query { open: String }'), { 'Query.open': PUBLIC })).not.toThrow();
  });

  it('lets anyOf pass on any alternative, and otherwise prefers naming a missing scope', () => {
    const rule = anyOf(user('user.profile.read'), business('store.products.read'), OPERATOR);
    expect(thrown(rule, partner)).toBe('allowed');
    expect(thrown(rule, { kind: 'operator' })).toBe('allowed');
    expect(thrown(anyOf(OPERATOR, business('store.orders.read')), partner)).toMatchObject({
      reason: 'insufficient_scope',
      scope: 'store.orders.read',
    });
    expect(thrown(anyOf(OPERATOR, user(null)), partner)).toMatchObject({ reason: 'forbidden' });
    expect(thrown(anyOf(), { kind: 'operator' })).toMatchObject({ reason: 'forbidden' });
    const businessOnly = { business: null, othersReason: 'business_token_required' } as const;
    expect(thrown(anyOf(OPERATOR, businessOnly), grant('user', []))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'business_token_required',
    });
    expect(thrown(anyOf(OPERATOR, businessOnly), partner)).toBe('allowed');
    expect(thrown(PUBLIC, { kind: 'anonymous' })).toBe('allowed');
  });
});
