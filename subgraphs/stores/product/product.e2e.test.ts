/**
 * Product management through GraphQL with real business tokens: a business creates, finds, lists,
 * changes and archives its own products and sets where they are sold; another business's products and
 * stores are not found; scopes are enforced; validation names every bad field (a wrong check digit
 * included); SKU and barcode stay unique per business.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SCOPES, createProduct, errorOf, ok, PRODUCT_FIELDS } from '../../../test/fixtures/catalog.fixtures.js';
import { registerApp, startOAuthService, type App } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';

let service: TestService;
let app: App;
let mine: Business;
let theirs: Business;
let myStore: string;

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, CATALOG_SCOPES);
  [mine, theirs] = [await business(service, app, CATALOG_SCOPES), await business(service, app, CATALOG_SCOPES)];
  myStore = await createStore(service, mine.businessAccountId);
});

const gql = (query: string, variables: Record<string, unknown>, token: string) =>
  service.graphql<Record<string, unknown>>(query, variables, token);
const create = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`, { input }, token);
const update = (input: Record<string, unknown>, token: string) =>
  gql(`mutation($input: UpdateProductInput!) { updateProduct(input: $input) { ${PRODUCT_FIELDS} } }`, { input }, token);
const get = (id: string, token: string) =>
  gql(`query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id }, token);
const byBarcode = (barcode: string, token: string) =>
  gql('query($b: String!) { productByBarcode(barcode: $b) { id } }', { b: barcode }, token);
const archive = (id: string, token: string) =>
  gql('mutation($id: ID!) { archiveProduct(id: $id) { status } }', { id }, token);
const availability = (productId: string, storeId: string, available: boolean, token: string) =>
  gql(
    'mutation($p: ID!, $s: ID!, $a: Boolean!) { setProductAvailability(productId: $p, storeId: $s, available: $a) { storeIds } }',
    { p: productId, s: storeId, a: available },
    token,
  );
const LIST = `query($first: Int, $after: String, $search: String, $status: ProductStatus, $storeId: ID, $orderBy: ProductOrder) {
  products(first: $first, after: $after, search: $search, status: $status, storeId: $storeId, orderBy: $orderBy) {
    nodes { id name } pageInfo { hasNextPage hasPreviousPage endCursor } } }`;
type Page = { nodes: { id: string; name: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
const list = (variables: Record<string, unknown>, token = mine.token) => ok<Page>(service, LIST, variables, token);

describe('a business managing its products', () => {
  it('creates a product with every field and finds it by id and by barcode', async () => {
    const made = await createProduct(service, mine.token, {
      sku: 'ONIGIRI-TUNA',
      barcode: '4901234567894',
      name: ' ツナマヨおにぎり ',
      nameKana: 'ツナマヨ オニギリ',
      description: '定番',
      priceAmount: 150,
      taxRate: 800,
      imageUrls: ['https://img.example.test/onigiri.png'],
      allowsBackorder: true,
    });
    expect(made).toMatchObject({
      businessAccountId: mine.businessAccountId,
      name: 'ツナマヨおにぎり',
      currency: 'JPY',
      status: 'active',
      storeIds: [],
    });
    expect((await get(made.id, mine.token)).data!.product).toEqual(made);
    expect((await byBarcode('4901234567894', mine.token)).data!.productByBarcode).toEqual({ id: made.id });
    expect(errorOf(await byBarcode('4901234567894', theirs.token))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('updates only the fields given (null clears the barcode), archives, and sets availability per store', async () => {
    const made = await createProduct(service, mine.token, { barcode: '49123456', description: '説明' });
    const changed = await update({ id: made.id, name: '新しい名前', barcode: null, priceAmount: 0 }, mine.token);
    expect(changed.data!.updateProduct).toMatchObject({
      name: '新しい名前',
      barcode: null,
      priceAmount: 0,
      description: '説明',
    });
    expect((await availability(made.id, myStore, true, mine.token)).data!.setProductAvailability).toEqual({
      storeIds: [myStore],
    });
    expect((await availability(made.id, myStore, true, mine.token)).data!.setProductAvailability).toEqual({
      storeIds: [myStore],
    });
    expect((await list({ storeId: myStore, first: 100 })).nodes.map((n) => n.id)).toContain(made.id);
    await availability(made.id, myStore, false, mine.token);
    expect((await list({ storeId: myStore, first: 100 })).nodes.map((n) => n.id)).not.toContain(made.id);
    expect((await archive(made.id, mine.token)).data!.archiveProduct).toEqual({ status: 'archived' });
    expect((await archive(made.id, mine.token)).data!.archiveProduct).toEqual({ status: 'archived' });
  });

  it('keeps SKU and barcode unique within a business, not across businesses', async () => {
    const made = await createProduct(service, mine.token, { barcode: '036000291452' });
    expect(errorOf(await create({ sku: made.sku, name: 'x', priceAmount: 1, taxRate: 0 }, mine.token))).toMatchObject({
      code: 'CONFLICT',
      reason: 'sku_taken',
    });
    const other = await createProduct(service, mine.token);
    expect(errorOf(await update({ id: other.id, barcode: '036000291452' }, mine.token))).toMatchObject({
      code: 'CONFLICT',
      reason: 'barcode_taken',
    });
    await createProduct(service, theirs.token, { sku: made.sku, barcode: '036000291452' });
  });

  it('lists by name in pages with stable cursors, by last change, and by text, status and store', async () => {
    const tag = `t${Date.now()}`;
    const names = ['あ', 'い', 'う', 'え', 'お'].map((kana) => `${tag} ${kana}`);
    const made = [];
    for (const name of [...names].reverse()) made.push(await createProduct(service, mine.token, { name }));
    const first = await list({ search: tag, first: 2 });
    expect(first.nodes.map((n) => n.name)).toEqual(names.slice(0, 2));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await list({ search: tag, first: 10, after: first.pageInfo.endCursor });
    expect(rest.nodes.map((n) => n.name)).toEqual(names.slice(2));
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    await update({ id: made[4]!.id, status: 'draft' }, mine.token);
    const recent = await list({ search: tag.toUpperCase(), orderBy: 'updatedAt', first: 1 });
    expect(recent.nodes.map((n) => n.id)).toEqual([made[4]!.id]);
    const after = await list({ search: tag, orderBy: 'updatedAt', first: 10, after: recent.pageInfo.endCursor });
    expect(after.nodes.map((n) => n.id)).toEqual(
      made
        .slice(0, 4)
        .reverse()
        .map((p) => p.id),
    );
    expect((await list({ search: tag, status: 'draft' })).nodes.map((n) => n.id)).toEqual([made[4]!.id]);
    expect((await list({ search: made[0]!.sku })).nodes.map((n) => n.id)).toEqual([made[0]!.id]);
    expect((await list({ search: tag }, theirs.token)).nodes).toEqual([]);
  });

  it('finds a barcode by text search, and a search term of % matches no more than the literal', async () => {
    const made = await createProduct(service, mine.token, { barcode: '4902102072618', name: '100% ジュース' });
    expect((await list({ search: '02102072' })).nodes.map((n) => n.id)).toEqual([made.id]);
    expect((await list({ search: '0% ジ' })).nodes.map((n) => n.id)).toEqual([made.id]);
    expect((await list({ search: '_0' })).nodes).toEqual([]);
  });
});

describe('validation', () => {
  it('names every invalid field, a wrong check digit included, and stores nothing', async () => {
    const before = await sql(service, 'select count(*)::int as n from "product"');
    const answer = await create(
      {
        sku: '',
        barcode: '4901234567890',
        name: ' ',
        nameKana: 'abc',
        priceAmount: -5,
        currency: 'yen',
        taxRate: 20000,
        imageUrls: ['http://img.example.test/a.png'],
      },
      mine.token,
    );
    expect(errorOf(answer)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    expect((errorOf(answer)!.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'sku',
      'barcode',
      'name',
      'nameKana',
      'priceAmount',
      'currency',
      'taxRate',
      'imageUrls',
    ]);
    expect(await sql(service, 'select count(*)::int as n from "product"')).toEqual(before);
    const made = await createProduct(service, mine.token);
    expect(errorOf(await update({ id: made.id, name: null, barcode: '12345678' }, mine.token))).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [
        { path: 'name', message: 'must not be null' },
        { path: 'barcode', message: expect.any(String) },
      ],
    });
    expect(errorOf(await gql(LIST, { first: 0 }, mine.token))).toMatchObject({ errors: [{ path: 'first' }] });
    expect(errorOf(await gql(LIST, { after: 'bogus' }, mine.token))).toMatchObject({ code: 'BAD_USER_INPUT' });
    for (const search of ['a\u001fb', 'x\u0007'])
      expect(errorOf(await gql(LIST, { search }, mine.token))).toMatchObject({
        code: 'BAD_USER_INPUT',
        errors: [{ path: 'search', message: 'must not contain control characters' }],
      });
  });
});

describe('another business', () => {
  it('cannot read, change, archive or place what is not its own: all not found', async () => {
    const made = await createProduct(service, mine.token);
    const theirStore = await createStore(service, theirs.businessAccountId);
    const refusals = [
      [await get(made.id, theirs.token), 'product_not_found'],
      [await update({ id: made.id, name: 'x' }, theirs.token), 'product_not_found'],
      [await archive(made.id, theirs.token), 'product_not_found'],
      [await availability(made.id, myStore, true, theirs.token), 'product_not_found'],
      [await availability(made.id, theirStore, true, mine.token), 'store_not_found'],
      [await gql(LIST, { storeId: myStore }, theirs.token), 'store_not_found'],
    ] as const;
    for (const [answer, reason] of refusals) expect(errorOf(answer)).toMatchObject({ code: 'NOT_FOUND', reason });
    expect((await get(made.id, mine.token)).data!.product).toMatchObject({ status: 'active', storeIds: [] });
    expect(
      errorOf(
        await create(
          { businessAccountId: mine.businessAccountId, sku: 'x', name: 'x', priceAmount: 1, taxRate: 0 },
          theirs.token,
        ),
      ),
    ).toMatchObject({ code: 'FORBIDDEN', reason: 'other_business' });
  });

  it('needs store.products.write to change products and store.products.read to read them', async () => {
    const readOnly = await business(service, app, ['store.products.read']);
    const made = await createProduct(service, TEST_OPERATOR_TOKEN, { businessAccountId: readOnly.businessAccountId });
    for (const answer of [
      await create({ sku: 'x', name: 'x', priceAmount: 1, taxRate: 0 }, readOnly.token),
      await update({ id: made.id, name: 'x' }, readOnly.token),
      await archive(made.id, readOnly.token),
      await availability(made.id, made.id, true, readOnly.token),
    ])
      expect(errorOf(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.products.write' });
    expect((await get(made.id, readOnly.token)).data!.product).toMatchObject({ id: made.id });
    const noScope = await business(service, app, ['store.inventory.write']);
    for (const answer of [
      await get(made.id, noScope.token),
      await gql(LIST, {}, noScope.token),
      await byBarcode('4901234567894', noScope.token),
    ])
      expect(errorOf(answer)).toMatchObject({ code: 'FORBIDDEN', scope: 'store.products.read' });
  });
});
