/**
 * storefront:link-item and storefront:link-location end to end: the built `ops.js` against a
 * one-process service, as the operator. The links are stored for the business named; another
 * business's product is a 404 problem.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createLocation } from '../test/fixtures/catalog.fixtures.js';
import { createBusiness, startOAuthService } from '../test/fixtures/oauth.fixtures.js';
import { sql } from '../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../test/harness.js';
import { runOps } from '../test/ops-runner.js';

let service: TestService;
let connection: string[];
let businessId: string;
let otherId: string;

beforeAll(async () => {
  service = await startOAuthService();
  connection = ['--url', `${service.url}/graphql`, '--token', TEST_OPERATOR_TOKEN];
  businessId = await createBusiness(service, 'owner@cli-storefront-link.example');
  otherId = await createBusiness(service, 'other@cli-storefront-link.example');
});

describe('npm run ops -- storefront:link-item, storefront:link-location', () => {
  it('links an item to a product and a location to a stock location of the business', async () => {
    const product = await createProduct(service, TEST_OPERATOR_TOKEN, { businessAccountId: businessId });
    const location = await createLocation(service, TEST_OPERATOR_TOKEN, { businessAccountId: businessId });
    const shop = ['--business', businessId, '--shop', 'cli.myshopify.com'];
    const item = await runOps([
      'storefront:link-item',
      ...shop,
      '--item',
      '101',
      '--product',
      product.id,
      ...connection,
    ]);
    expect(item.stderr).toBe('');
    expect(JSON.parse(item.stdout.trim())).toMatchObject({ productId: product.id });
    const place = await runOps([
      'storefront:link-location',
      ...[...shop, '--storefront-location', '202', '--location', location],
      ...connection,
    ]);
    expect(JSON.parse(place.stdout.trim())).toMatchObject({ locationId: location });
    expect(
      await sql(
        service,
        'select "inventory_item_id", "product_id" from "storefront_item_link" where "business_account_id" = ?',
        [businessId],
      ),
    ).toEqual([{ inventory_item_id: '101', product_id: product.id }]);
    expect(
      await sql(
        service,
        'select "storefront_location_id", "location_id" from "storefront_location_link" where "business_account_id" = ?',
        [businessId],
      ),
    ).toEqual([{ storefront_location_id: '202', location_id: location }]);
  });

  it('refuses another business’s product with a 404 problem', async () => {
    const theirs = await createProduct(service, TEST_OPERATOR_TOKEN, { businessAccountId: otherId });
    const refused = await runOps([
      'storefront:link-item',
      ...['--business', businessId, '--shop', 'cli.myshopify.com', '--item', '9', '--product', theirs.id],
      ...connection,
    ]);
    expect(refused.code).not.toBe(0);
    expect(JSON.parse(refused.stderr)).toMatchObject({ status: 404, code: 'product_not_found' });
  });
});
