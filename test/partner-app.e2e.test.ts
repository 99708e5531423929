/**
 * A partner app's whole journey with a store token, as a stock OAuth client drives it (oauth4webapi):
 * discovery, the authorization request for store scopes with org_id, the owner's sign-in and consent
 * (each requested scope described in Japanese, or in English for an English browser), the callback
 * checked (state, RFC 9207 iss), the code exchange; then products managed and stock read through
 * GraphQL with the store token, and refusals outside its scopes (FORBIDDEN insufficient_scope) and
 * outside its business (NOT_FOUND, or FORBIDDEN other_business when it names another business).
 */
import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPE_DESCRIPTIONS } from '../subgraphs/identity/authorization/scope-descriptions.js';
import type { Scope } from '../subgraphs/kernel/auth/scopes.js';
import {
  CookieClient,
  createBusiness,
  createUser,
  formOf,
  registerApp,
  signInThrough,
  type RegisteredApp,
} from './fixtures/authorization.fixtures.js';
import { startOAuthService } from './fixtures/oauth.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const SCOPES: Scope[] = ['store.products.read', 'store.products.write', 'store.inventory.read'];

let service: TestService;
let app: RegisteredApp;
let as: oauth.AuthorizationServer;
let owner: string;
let business: string;
let otherBusiness: string;

/** GraphQL through the gateway with a bearer token; the first error's extensions, if any. */
async function gql<T>(query: string, variables: Record<string, unknown>, token: string) {
  const result = await service.graphql<T>(query, variables, token);
  return { data: result.data, error: result.errors?.[0]?.extensions };
}

async function operatorData<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const { data, error } = await gql<T>(query, variables, TEST_OPERATOR_TOKEN);
  expect(error).toBeUndefined();
  return data!;
}

/** The authorization URL a partner app builds with the library's helpers. */
async function authorizationUrl(state: string, verifier: string): Promise<URL> {
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', app.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('org_id', business);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url;
}

beforeAll(async () => {
  service = await startOAuthService();
  app = await registerApp(service, { scopes: [...SCOPES, 'store.inventory.write', 'store.orders.read'] });
  owner = await createUser(service);
  business = await createBusiness(service, owner, 'パートナー検証商店');
  otherBusiness = await createBusiness(service, await createUser(service), 'よその商店');
  const issuer = new URL(service.env.publicUrl);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
});

describe('a partner app with a store token', () => {
  it('describes each requested store scope on the consent page, in Japanese and in English', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = await authorizationUrl(oauth.generateRandomState(), verifier);
    const browser = new CookieClient(service.url);
    const ja = await (await signInThrough(browser, url.search.slice(1), owner)).text();
    for (const scope of SCOPES) expect(ja, scope).toContain(SCOPE_DESCRIPTIONS[scope].ja);
    expect(ja).toContain('パートナー検証商店');

    const english = await browser.request(`/oauth/authorize${url.search}`, { headers: { 'accept-language': 'en' } });
    const en = await english.text();
    expect(en).toContain('<html lang="en">');
    for (const scope of SCOPES) expect(en, scope).toContain(SCOPE_DESCRIPTIONS[scope].en);
  });

  it('is consented by the owner, then manages products and reads stock of its business only', async () => {
    const client: oauth.Client = { client_id: app.clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = await authorizationUrl(state, verifier);
    const browser = new CookieClient(service.url);
    const consent = await signInThrough(browser, url.search.slice(1), owner);
    const form = formOf(await consent.text(), '/oauth/consent');
    const approved = await browser.post(form.action, { ...form.fields, decision: 'approve' });
    const params = oauth.validateAuthResponse(as, client, new URL(approved.headers.get('location')!), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(app.clientSecret),
        params,
        app.redirectUri,
        verifier,
        insecure,
      ),
    );
    expect(tokens.scope!.split(' ').sort()).toEqual([...SCOPES].sort());
    const token = tokens.access_token;
    expect(decodeJwt(token)).toMatchObject({ org_id: business, client_id: app.clientId });

    // Products: created, found by text and by barcode, updated; all within the consented business.
    const created = await gql<{ createProduct: { id: string; sku: string; barcode: string } }>(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { id sku barcode } }`,
      {
        input: {
          sku: 'TEA-500',
          name: '緑茶 500ml',
          nameKana: 'リョクチャ',
          barcode: '4901234567894',
          priceAmount: 150,
          taxRate: 800,
        },
      },
      token,
    );
    expect(created.error).toBeUndefined();
    const productId = created.data!.createProduct.id;
    const found = await gql<{ products: { nodes: { id: string }[] } }>(
      `query($q: String) { products(search: $q, first: 10) { nodes { id } } }`,
      { q: '緑茶' },
      token,
    );
    expect(found.data!.products.nodes.map((p) => p.id)).toEqual([productId]);
    const byBarcode = await gql<{ productByBarcode: { id: string } }>(
      `query { productByBarcode(barcode: "4901234567894") { id } }`,
      {},
      token,
    );
    expect(byBarcode.data!.productByBarcode.id).toBe(productId);
    const updated = await gql<{ updateProduct: { priceAmount: number } }>(
      `mutation($input: UpdateProductInput!) { updateProduct(input: $input) { priceAmount } }`,
      { input: { id: productId, priceAmount: 160 } },
      token,
    );
    expect(updated.data!.updateProduct.priceAmount).toBe(160);

    // Stock, put there by the operator (the app may only read it), read with the product in one query.
    const location = await operatorData<{ createStockLocation: { id: string } }>(
      `mutation($input: CreateStockLocationInput!) { createStockLocation(input: $input) { id } }`,
      { input: { businessAccountId: business, name: '本社倉庫', kind: 'warehouse' } },
    );
    const locationId = location.createStockLocation.id;
    await operatorData(`mutation($input: ReceiveStockInput!) { receiveStock(input: $input) { id } }`, {
      input: { productId, locationId, quantity: 24 },
    });
    const stock = await gql<{ product: { stock: { onHand: number; location: { name: string } }[] } }>(
      `query($id: ID!) { product(id: $id) { stock { onHand location { name } } } }`,
      { id: productId },
      token,
    );
    expect(stock.data!.product.stock).toEqual([{ onHand: 24, location: { name: '本社倉庫' } }]);

    // Outside its scopes: FORBIDDEN naming the scope it lacks (the app registered them; the owner did not grant them).
    const adjust = await gql(
      `mutation($input: AdjustStockInput!) { adjustStock(input: $input) { id } }`,
      { input: { productId, locationId, delta: -1, reason: 'breakage' } },
      token,
    );
    expect(adjust.error).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: 'store.inventory.write',
    });
    const orders = await gql(`query { orders(first: 1) { nodes { id } } }`, {}, token);
    expect(orders.error).toMatchObject({ code: 'FORBIDDEN', scope: 'store.orders.read' });

    // Outside its business: another business's product is not found, and naming that business is refused.
    const foreign = await operatorData<{ createProduct: { id: string } }>(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`,
      { input: { businessAccountId: otherBusiness, sku: 'TEA-500', name: '緑茶', priceAmount: 150, taxRate: 800 } },
    );
    const peek = await gql(`query($id: ID!) { product(id: $id) { id } }`, { id: foreign.createProduct.id }, token);
    expect(peek.error).toMatchObject({ code: 'NOT_FOUND' });
    const change = await gql(
      `mutation($input: UpdateProductInput!) { updateProduct(input: $input) { id } }`,
      { input: { id: foreign.createProduct.id, name: '乗っ取り' } },
      token,
    );
    expect(change.error).toMatchObject({ code: 'NOT_FOUND' });
    const intoOther = await gql(
      `mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }`,
      { input: { businessAccountId: otherBusiness, sku: 'X-1', name: '緑茶', priceAmount: 1, taxRate: 800 } },
      token,
    );
    expect(intoOther.error).toMatchObject({ code: 'FORBIDDEN' });
    const listed = await gql<{ products: { nodes: { id: string }[] } }>(
      `query { products(first: 100) { nodes { id } } }`,
      {},
      token,
    );
    expect(listed.data!.products.nodes.map((p) => p.id)).toEqual([productId]);
  });
});
