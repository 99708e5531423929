/**
 * Recording sales (recordTransaction) and revoking transaction-QR tokens over GraphQL: who may, the
 * validation of amounts, items, taxes and currency, and the purchase.completed event written with
 * the sale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import {
  createBusiness,
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
} from '../../../test/fixtures/oauth.fixtures.js';
import {
  createStore,
  createTerminal,
  RECORD_TRANSACTION,
  recordSale,
} from '../../../test/fixtures/receipts.fixtures.js';
import { rootEntityManager } from '../../kernel/db/orm.js';

let service: TestService;
let businessAccountId: string;
let terminal: string;
let tokens: { owner: string; other: string; noScope: string; user: string };

beforeAll(async () => {
  service = await startOAuthService();
  businessAccountId = await createBusiness(service, 'till@receipts.example');
  const otherBusiness = await createBusiness(service, 'other@receipts.example');
  terminal = await createTerminal(service, await createStore(service, businessAccountId, false));
  const userId = await createUser(service);
  const writer = await registerApp(service, ['store.receipts.write', 'store.info.read']);
  const token = async (scopes: string[], business: string | null) =>
    (await tokensFor(service, writer, userId, { scopes, businessAccountId: business })).accessToken;
  tokens = {
    owner: await token(['store.receipts.write'], businessAccountId),
    other: await token(['store.receipts.write'], otherBusiness),
    noScope: await token(['store.info.read'], businessAccountId),
    user: (await tokensFor(service, await registerApp(service), userId)).accessToken,
  };
});

const sql = <T>(query: string, params: unknown[] = []) =>
  rootEntityManager(service.orm).fork().execute<T[]>(query, params);

async function record(input: Record<string, unknown>, token: string | undefined = TEST_OPERATOR_TOKEN) {
  return service.graphql<{ recordTransaction: { transactionQrToken: string; transaction: Record<string, unknown> } }>(
    RECORD_TRANSACTION,
    { input: { publicTerminalId: terminal, totalAmount: 1100, ...input } },
    token,
  );
}

const failure = (result: { errors?: { extensions?: Record<string, unknown> }[] }) => result.errors?.[0]?.extensions;

describe('recordTransaction', () => {
  it('stores the amounts and taxes, answers the QR token once, and writes purchase.completed', async () => {
    const result = await record({
      items: [
        { name: ' 弁当 ', unitPrice: 1080, quantity: 1 },
        { name: 'お茶', unitPrice: 20, quantity: 1 },
      ],
      taxes: [
        { rateBasisPoints: 800, taxableAmount: 1080, taxAmount: 80 },
        { rateBasisPoints: 1000, taxableAmount: 20, taxAmount: 2 },
      ],
    });
    expect(result.errors).toBeUndefined();
    const { transaction, transactionQrToken } = result.data!.recordTransaction;
    expect(transaction).toMatchObject({ totalAmount: 1100, subtotalAmount: 1018, taxAmount: 82, claimCount: 0 });
    expect(transactionQrToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const events = await sql<{ type: string; business_account_id: string; payload: Record<string, unknown> }>(
      `select "type", "business_account_id", "payload" from "outbox_event" where "payload"->>'transactionId' = ?
       order by "type"`,
      [transaction.id],
    );
    // The sale is also the business's order (issue 14): order.created beside purchase.completed.
    expect(events).toEqual([
      {
        type: 'order.created',
        business_account_id: businessAccountId,
        payload: expect.objectContaining({ source: 'pos', status: 'paid', totalAmount: 1100, taxAmount: 82 }),
      },
      {
        type: 'purchase.completed',
        business_account_id: businessAccountId,
        payload: expect.objectContaining({
          publicTerminalId: terminal,
          totalAmount: 1100,
          currency: 'JPY',
          taxAmount: 82,
        }),
      },
    ]);
    const [item] = await sql<{ items: { name: string }[] }>('select "items" from "transaction" where "id" = ?', [
      transaction.id,
    ]);
    expect(item?.items[0]?.name).toBe('弁当');
  });

  it('names every invalid field', async () => {
    const result = await record({
      totalAmount: -1,
      currency: 'jpy',
      occurredAt: new Date(Date.now() + 3600_000).toISOString(),
      items: [{ name: '', unitPrice: 100, quantity: 0 }],
      taxes: [
        { rateBasisPoints: 1000, taxableAmount: 1100, taxAmount: 99 },
        { rateBasisPoints: 1000, taxableAmount: 0, taxAmount: 0 },
      ],
    });
    expect(failure(result)).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    const paths = (failure(result)?.errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual([
      'totalAmount',
      'currency',
      'occurredAt',
      'items.0.name',
      'items.0.quantity',
      'items',
      'taxes.0.taxAmount',
      'taxes',
      'taxes',
    ]);
  });

  it('names missing line fields, refuses an over-long list as a whole, and refuses a malformed occurredAt as 400', async () => {
    const missing = await record({ totalAmount: 0, items: [{ name: 'パン' }], taxes: [{ rateBasisPoints: 800 }] });
    expect((failure(missing)?.errors as { path: string }[]).map((e) => e.path)).toEqual([
      'items.0.unitPrice',
      'items.0.quantity',
      'taxes.0.taxableAmount',
      'taxes.0.taxAmount',
    ]);
    const long = await record({ items: Array.from({ length: 10_000 }, () => ({})) });
    expect(failure(long)).toMatchObject({ code: 'BAD_USER_INPUT', errors: [{ path: 'items' }] });
    expect(failure(await record({ occurredAt: 'yesterday' }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(failure(await record({ occurredAt: {} }))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('takes a business token with store.receipts.write for its own store only', async () => {
    expect((await record({}, tokens.owner)).errors).toBeUndefined();
    expect(failure(await record({}, tokens.other))).toMatchObject({ code: 'NOT_FOUND', reason: 'terminal_not_found' });
    expect(failure(await record({}, tokens.noScope))).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
    });
    expect(failure(await record({}, tokens.user))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await record({}, ''))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(failure(await record({ publicTerminalId: 'NOSUCH0001' }))).toMatchObject({ reason: 'terminal_not_found' });
  });
});

describe('revokeTransactionQrToken', () => {
  const revoke = (transactionId: string, token: string) =>
    service.graphql(
      'mutation($id: ID!) { revokeTransactionQrToken(transactionId: $id) { id } }',
      { id: transactionId },
      token,
    );

  it("revokes for the operator and the store's business (idempotent); another business gets NOT_FOUND", async () => {
    const sale = await recordSale(service, terminal);
    expect(failure(await revoke(sale.transactionId, tokens.other))).toMatchObject({ reason: 'transaction_not_found' });
    expect((await service.rest('GET', `/api/v1/rx/${sale.transactionQrToken}`)).status).toBe(200);
    expect((await revoke(sale.transactionId, tokens.owner)).errors).toBeUndefined();
    expect((await revoke(sale.transactionId, TEST_OPERATOR_TOKEN)).errors).toBeUndefined();
    expect((await service.rest('GET', `/api/v1/rx/${sale.transactionQrToken}`)).body).toMatchObject({
      code: 'token_revoked',
    });
    expect(failure(await revoke('not-a-uuid', TEST_OPERATOR_TOKEN))).toMatchObject({ reason: 'transaction_not_found' });
  });
});
