/**
 * The consumer's receipts and monthly spending through GraphQL with real user tokens: receipts a user
 * claimed (and only theirs) paged newest first without overlap, store names resolved by the stores
 * subgraph, months cut at midnight in Japan, the budget beside the total, and the scopes each needs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBusiness,
  createUser,
  registerApp,
  startOAuthService,
  tokensFor,
} from '../../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import type { TestService } from '../../../test/harness.js';

const SCOPES = ['user.receipts.read', 'user.spending.read', 'user.spending.write'];

let service: TestService;
let hanako: string;
let taro: string;
let receiptsOnly: string;
let terminal: string;
let otherTerminal: string;
let newUserToken: () => Promise<string>;

const claim = (token: string | undefined, qrToken: string) =>
  service.graphql<{ claimTransactionQr: { id: string } }>(
    'mutation($t: String!) { claimTransactionQr(claimToken: $t, channel: web) { id } }',
    { t: qrToken },
    token,
  );

/** Records a sale at `at` on `publicTerminalId` and claims it for the holder of `token`. */
async function bought(token: string, publicTerminalId: string, totalAmount: number, at: string): Promise<string> {
  const sale = await recordSale(service, publicTerminalId, {
    totalAmount,
    items: [{ name: '品物', unitPrice: totalAmount, quantity: 1 }],
    taxes: [],
    occurredAt: at,
  });
  const claimed = await claim(token, sale.transactionQrToken);
  expect(claimed.errors).toBeUndefined();
  return sale.transactionId;
}

interface Page {
  items: {
    claimId: string;
    channel: string;
    receipt: { id: string; totalAmount: number; storeName: string; store: { name: string } | null };
  }[];
  nextCursor: string | null;
}

const MY_RECEIPTS = `query($first: Int, $after: String) {
  myReceipts(first: $first, after: $after) {
    items { claimId channel receipt { id totalAmount storeName store { name } } }
    nextCursor
  }
}`;

const MY_SPENDING = `query($year: Int, $month: Int) {
  mySpending(year: $year, month: $month) {
    year month currency total receiptCount remaining
    byStore { store { id name } total receiptCount }
    budget { amount source }
  }
}`;

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, SCOPES);
  newUserToken = async () => (await tokensFor(service, app, await createUser(service), { scopes: SCOPES })).accessToken;
  hanako = (await tokensFor(service, app, await createUser(service), { scopes: SCOPES })).accessToken;
  taro = (await tokensFor(service, app, await createUser(service), { scopes: SCOPES })).accessToken;
  receiptsOnly = (await tokensFor(service, app, await createUser(service), { scopes: ['user.receipts.read'] }))
    .accessToken;
  const business = await createBusiness(service, 'consumer-owner@example.test');
  terminal = await createTerminal(service, await createStore(service, business));
  otherTerminal = await createTerminal(service, await createStore(service, business));
});

describe('myReceipts', () => {
  it('pages the user’s claimed receipts newest first; the pages never overlap and together cover them all', async () => {
    // A user of its own: other tests add receipts to the shared users, in any order.
    const shopper = await newUserToken();
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push(await bought(shopper, terminal, 100 + i, new Date().toISOString()));
    await bought(taro, terminal, 999, new Date().toISOString());

    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const result: { data?: { myReceipts: Page }; errors?: unknown[] } = await service.graphql<{ myReceipts: Page }>(
        MY_RECEIPTS,
        { first: 2, after },
        shopper,
      );
      expect(result.errors).toBeUndefined();
      const { items, nextCursor }: Page = result.data!.myReceipts;
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((item) => item.receipt.id));
      for (const item of items)
        expect(item).toMatchObject({ channel: 'web', receipt: { store: { name: 'レシート商店' } } });
      after = nextCursor;
      if (after === null) break;
    }
    expect(after).toBeNull();
    expect(seen).toEqual([...mine].reverse());
  });

  it('lists a receipt of an unlisted store with its printed name, the store itself hidden', async () => {
    const business = await createBusiness(service, 'unlisted-owner@example.test');
    const unlisted = await createTerminal(service, await createStore(service, business, false));
    const buyer = await newUserToken();
    const id = await bought(buyer, unlisted, 321, new Date().toISOString());
    const result = await service.graphql<{ myReceipts: Page }>(MY_RECEIPTS, {}, buyer);
    expect(result.errors).toBeUndefined();
    expect(result.data!.myReceipts.items.map((item) => item.receipt)).toEqual([
      {
        id,
        totalAmount: 321,
        storeName: 'レシート商店',
        store: null,
      },
    ]);
  });

  it('answers BAD_USER_INPUT for first below 1 and for a cursor it did not make', async () => {
    for (const variables of [{ first: 0 }, { after: 'not-a-cursor' }]) {
      const result = await service.graphql(MY_RECEIPTS, variables, hanako);
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'validation_failed' });
    }
  });

  it('needs a user token with user.receipts.read', async () => {
    expect((await service.graphql(MY_RECEIPTS, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const result = await service.graphql(MY_SPENDING, {}, receiptsOnly);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'insufficient_scope' });
    expect((await service.graphql(MY_RECEIPTS, {}, receiptsOnly)).errors).toBeUndefined();
  });
});

describe('mySpending', () => {
  it('sums the month in Japan per store, beside the budget, counting only the user’s receipts', async () => {
    // 2025-10-31T15:00Z is 1 November 00:00 in Japan: the first sale is October's, the next two November's.
    await bought(taro, terminal, 500, '2025-10-31T14:59:59Z');
    await bought(taro, terminal, 1200, '2025-10-31T15:00:00Z');
    await bought(taro, otherTerminal, 3000, '2025-11-30T14:59:59Z');
    await bought(hanako, terminal, 7777, '2025-11-15T00:00:00Z');
    await service.graphql(
      'mutation { setMyBudget(input: { year: 2025, month: 10, amount: 5000 }) { amount } }',
      {},
      taro,
    );

    const november = await service.graphql<{ mySpending: Record<string, unknown> }>(
      MY_SPENDING,
      { year: 2025, month: 11 },
      taro,
    );
    expect(november.errors).toBeUndefined();
    expect(november.data!.mySpending).toEqual({
      year: 2025,
      month: 11,
      currency: 'JPY',
      total: 4200,
      receiptCount: 2,
      remaining: 800,
      byStore: [
        { store: { id: expect.any(String), name: 'レシート商店' }, total: 3000, receiptCount: 1 },
        { store: { id: expect.any(String), name: 'レシート商店' }, total: 1200, receiptCount: 1 },
      ],
      budget: { amount: 5000, source: 'earlier_month' },
    });
    const october = await service.graphql<{ mySpending: Record<string, unknown> }>(
      MY_SPENDING,
      { year: 2025, month: 10 },
      taro,
    );
    expect(october.data!.mySpending).toMatchObject({ total: 500, receiptCount: 1, remaining: 4500 });
  });

  it('is zero with no budget for a month without receipts, and BAD_USER_INPUT for a month out of range', async () => {
    const empty = await service.graphql<{ mySpending: Record<string, unknown> }>(
      MY_SPENDING,
      { year: 2001, month: 1 },
      hanako,
    );
    expect(empty.data!.mySpending).toMatchObject({ total: 0, receiptCount: 0, byStore: [], remaining: null });
    const bad = await service.graphql(MY_SPENDING, { year: 2026, month: 13 }, hanako);
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
