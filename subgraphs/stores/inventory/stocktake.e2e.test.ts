/**
 * Stocktakes through GraphQL: counts recorded (and re-recorded) while open, applied in one transaction
 * as exact corrections against the stock on hand at apply time, never twice; cancelled ones post
 * nothing; another business's stocktakes and products are not found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct, errorOf, ok } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let mine: Business;
let theirs: Business;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, CATALOG_SCOPES);
  [mine, theirs] = [await business(service, app, CATALOG_SCOPES), await business(service, app, CATALOG_SCOPES)];
});

const STOCKTAKE = 'id locationId status appliedAt lines { productId counted }';
const gql = (query: string, variables: Record<string, unknown>, token = mine.token) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const open = async (locationId: string) =>
  (
    await ok<{ id: string }>(
      service,
      `mutation($l: ID!) { createStocktake(locationId: $l) { ${STOCKTAKE} } }`,
      { l: locationId },
      mine.token,
    )
  ).id;
const record = (id: string, counts: { productId: string; counted: number }[], token = mine.token) =>
  gql(
    `mutation($id: ID!, $c: [StocktakeCountInput!]!) { recordStocktakeCounts(stocktakeId: $id, counts: $c) { ${STOCKTAKE} } }`,
    { id, c: counts },
    token,
  );
const byId =
  (name: string) =>
  (id: string, token = mine.token) =>
    gql(`mutation($id: ID!) { ${name}(id: $id) { ${STOCKTAKE} } }`, { id }, token);
const apply = byId('applyStocktake');
const cancel = byId('cancelStocktake');
const adjust = (productId: string, locationId: string, delta: number) =>
  ok(
    service,
    'mutation($i: AdjustStockInput!) { adjustStock(input: $i) { id } }',
    { i: { productId, locationId, delta, reason: '準備' } },
    mine.token,
  );
const onHand = async (productId: string, locationId: string) =>
  (
    await sql<{ on_hand: number }>(
      service,
      'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
      [productId, locationId],
    )
  )[0]?.on_hand;

describe('a stocktake', () => {
  it('applies exact corrections against the stock on hand when applied, once only', async () => {
    const location = await createLocation(service, mine.token);
    const [a, b, c] = [
      await createProduct(service, mine.token),
      await createProduct(service, mine.token),
      await createProduct(service, mine.token),
    ];
    await adjust(a.id, location, 10);
    await adjust(c.id, location, 5);
    const id = await open(location);
    await record(id, [
      { productId: a.id, counted: 9 },
      { productId: b.id, counted: 3 },
    ]);
    const recorded = await record(id, [
      { productId: a.id, counted: 7 },
      { productId: c.id, counted: 5 },
    ]);
    expect((recorded.data!.recordStocktakeCounts as { lines: unknown[] }).lines).toEqual(
      [
        { productId: a.id, counted: 7 },
        { productId: b.id, counted: 3 },
        { productId: c.id, counted: 5 },
      ].sort((x, y) => x.productId.localeCompare(y.productId)),
    );
    await adjust(a.id, location, 2); // sold or found after counting: the correction is against 12, not 10

    const applied = await apply(id);
    expect(applied.data!.applyStocktake).toMatchObject({ status: 'applied', appliedAt: expect.stringMatching(/Z$/) });
    expect([await onHand(a.id, location), await onHand(b.id, location), await onHand(c.id, location)]).toEqual([
      7, 3, 5,
    ]);
    const movements = await sql<{ product_id: string; quantity: number; source_ref: string }>(
      service,
      `select "product_id", "quantity", "source_ref" from "stock_movement" where "kind" = 'stocktake' and "location_id" = ? order by "product_id"`,
      [location],
    );
    expect(movements).toEqual(
      [
        { product_id: a.id, quantity: -5, source_ref: `${id}/${a.id}` },
        { product_id: b.id, quantity: 3, source_ref: `${id}/${b.id}` },
      ].sort((x, y) => x.product_id.localeCompare(y.product_id)),
    );

    expect(errorOf(await apply(id))).toMatchObject({ code: 'CONFLICT', reason: 'stocktake_applied' });
    expect(errorOf(await record(id, [{ productId: a.id, counted: 1 }]))).toMatchObject({
      code: 'CONFLICT',
      reason: 'stocktake_applied',
    });
    expect(await onHand(a.id, location)).toBe(7);
  });

  it('cancelled, posts nothing and cannot be applied', async () => {
    const location = await createLocation(service, mine.token);
    const product = await createProduct(service, mine.token);
    const id = await open(location);
    await record(id, [{ productId: product.id, counted: 4 }]);
    expect((await cancel(id)).data!.cancelStocktake).toMatchObject({ status: 'cancelled' });
    expect(errorOf(await apply(id))).toMatchObject({ code: 'CONFLICT', reason: 'stocktake_cancelled' });
    expect(await onHand(product.id, location)).toBeUndefined();
  });

  it('validates counts, and keeps another business’s stocktakes and products out of reach', async () => {
    const location = await createLocation(service, mine.token);
    const product = await createProduct(service, mine.token);
    const theirProduct = await createProduct(service, theirs.token);
    const id = await open(location);
    const bad = await record(id, [{ productId: product.id, counted: -1 }]);
    expect(errorOf(bad)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'counts.0.counted' }] });
    expect(errorOf(await record(id, []))).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'counts' }] });
    expect(errorOf(await record(id, [{ productId: theirProduct.id, counted: 1 }]))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'product_not_found',
    });
    for (const answer of [
      await record(id, [{ productId: theirProduct.id, counted: 1 }], theirs.token),
      await apply(id, theirs.token),
      await cancel(id, theirs.token),
      await gql(`query($id: ID!) { stocktake(id: $id) { id } }`, { id }, theirs.token),
      await gql(`mutation($l: ID!) { createStocktake(locationId: $l) { id } }`, { l: location }, theirs.token),
    ])
      expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await gql(`query($id: ID!) { stocktake(id: $id) { status lines { counted } } }`, { id })).data!.stocktake,
    ).toEqual({
      status: 'open',
      lines: [],
    });
  });
});
