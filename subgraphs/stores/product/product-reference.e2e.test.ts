/**
 * Products and the operator, and Product as a federation entity: the operator must name an existing
 * business for a new product or location; a reference to a product resolves for the operator and for
 * its own business's tokens with a product, order or stock scope, and to null for anyone else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createProduct, errorOf } from '../../../test/fixtures/catalog.fixtures.js';
import { resolveEntities } from '../../../test/entities.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { business, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import type { Principal } from '../../kernel/auth/principal.js';
import { storesSubgraph } from '../index.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, CATALOG_SCOPES);
  [mine, theirs] = [await business(service, app, CATALOG_SCOPES), await business(service, app, CATALOG_SCOPES)];
});

const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const create = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, { input }, token);

describe('the operator and federation', () => {
  it('must name an existing business for a new product or location', async () => {
    expect(
      errorOf(await create({ sku: 'x', name: 'x', priceAmount: 1, taxRate: 0 }, TEST_OPERATOR_TOKEN)),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [{ path: 'businessAccountId' }],
    });
    const nobody = '01900000-0000-7000-8000-000000000000';
    const unknown = [
      await create({ businessAccountId: nobody, sku: 'x', name: 'x', priceAmount: 1, taxRate: 0 }, TEST_OPERATOR_TOKEN),
      await gql(
        'mutation($input: CreateStockLocationInput!) { createStockLocation(input: $input) { id } }',
        { input: { businessAccountId: nobody, name: 'x', kind: 'floor' } },
        TEST_OPERATOR_TOKEN,
      ),
    ];
    for (const answer of unknown)
      expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason: 'business_not_found' });
  });

  it('resolves a Product reference for its own business (with a product, order or stock scope) only', async () => {
    const made = await createProduct(service, mine.token, { name: '参照' });
    const as = (businessAccountId: string, scopes: string[]): Principal => ({
      kind: 'business',
      businessAccountId,
      scopes: new Set(scopes),
      userId: made.id,
      clientId: app.clientId,
      grantId: made.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const resolve = (principal: Principal) =>
      resolveEntities(service, storesSubgraph, 'Product', [made.id], 'id name', principal);
    const seen = { data: { _entities: [{ id: made.id, name: '参照' }] } };
    const unseen = { data: { _entities: [null] } };
    expect(await resolve(as(mine.businessAccountId, ['store.orders.read']))).toEqual(seen);
    expect(await resolve({ kind: 'operator' })).toEqual(seen);
    expect(await resolve(as(mine.businessAccountId, ['store.coupons.read']))).toEqual(unseen);
    expect(await resolve(as(theirs.businessAccountId, CATALOG_SCOPES))).toEqual(unseen);
    expect(await resolve({ kind: 'anonymous' })).toEqual(unseen);
  });
});
