/**
 * Concurrent stock adjustments through GraphQL: 50 adjustments of one level at once with random
 * deltas, some of which would take it below zero. None is lost: the final level is the start plus the
 * deltas that succeeded, and equals the sum of the ledger; every refusal is CONFLICT insufficient_stock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createLocation, createProduct } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';

let service: TestService;
let owner: Business;

beforeAll(async () => {
  service = await startOAuthService();
  owner = await business(service, await registerApp(service, CATALOG_SCOPES), CATALOG_SCOPES);
});

const adjust = (productId: string, locationId: string, delta: number) =>
  service.graphql<{ adjustStock: { onHandAfter: number } }>(
    'mutation($input: AdjustStockInput!) { adjustStock(input: $input) { onHandAfter } }',
    { input: { productId, locationId, delta, reason: `並行 ${delta}` } },
    owner.token,
  );

describe('50 concurrent adjustments of one level', () => {
  it('lose no update: the level is the start plus the successful deltas, and the sum of the ledger', async () => {
    const product = await createProduct(service, owner.token);
    const location = await createLocation(service, owner.token);
    const start = 20;
    expect((await adjust(product.id, location, start)).errors).toBeUndefined();
    const deltas = Array.from({ length: 50 }, () => {
      const size = 1 + Math.floor(Math.random() * 9);
      return Math.random() < 0.5 ? -size : size;
    });
    const answers = await Promise.all(deltas.map((delta) => adjust(product.id, location, delta)));
    const succeeded = deltas.filter((_, i) => answers[i]!.errors === undefined);
    for (const answer of answers.filter((a) => a.errors))
      expect(answer.errors![0]!.extensions).toMatchObject({ code: 'CONFLICT', reason: 'insufficient_stock' });
    expect(succeeded.length).toBeGreaterThan(0);

    const expected = start + succeeded.reduce((sum, delta) => sum + delta, 0);
    const [level] = await sql<{ on_hand: number }>(
      service,
      'select "on_hand" from "stock_level" where "product_id" = ? and "location_id" = ?',
      [product.id, location],
    );
    const [ledger] = await sql<{ sum: number; n: number }>(
      service,
      'select sum("quantity")::int as "sum", count(*)::int as "n" from "stock_movement" where "product_id" = ?',
      [product.id],
    );
    expect(level!.on_hand).toBe(expected);
    expect(ledger).toEqual({ sum: expected, n: succeeded.length + 1 });
    expect(expected).toBeGreaterThanOrEqual(0);
    // Ids are made under the level's row lock, so in id order each movement left the running sum.
    const movements = await sql<{ quantity: number; on_hand_after: number }>(
      service,
      'select "quantity", "on_hand_after" from "stock_movement" where "product_id" = ? order by "id"',
      [product.id],
    );
    let running = 0;
    for (const movement of movements) expect(movement.on_hand_after).toBe((running += movement.quantity));
  });
});
