/**
 * Coupon uses: a till records the coupons used on a sale (recordTransaction's couponIds). Only a
 * published coupon offered at the sale's store and valid when the sale happened is accepted; anything
 * else is BAD_USER_INPUT naming the coupon and records nothing. The store's analytics count the uses
 * of the day (analyticsToday, and the closed-day snapshots computed by the same statement).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore, createTerminal, RECORD_TRANSACTION } from '../../../test/fixtures/receipts.fixtures.js';
import { business, COUPON_SCOPES, createCoupon, sql, type Business } from '../../../test/fixtures/stores.fixtures.js';
import { TEST_OPERATOR_TOKEN, type TestService } from '../../../test/harness.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { storeDaySnapshots } from '../../stores/analytics/snapshot-figures.js';
import { tokyoDay } from '../../stores/analytics/tokyo-day.js';
import { rootEntityManager } from '../../kernel/db/orm.js';

const HOUR = 3600 * 1000;
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();

let service: TestService;
let mine: Business;
let theirs: Business;
let store: string;
let otherStore: string;
let terminal: string;
/** Coupon ids by what they are. */
const coupon = { usable: '', second: '', draft: '', archived: '', elsewhere: '', theirs: '', window: '' };

async function published(owner: Business, storeIds: string[], extra: Record<string, unknown> = {}) {
  const { id } = await createCoupon(service, owner.token, { storeIds, title: 'クーポン', ...extra });
  const answer = await service.graphql('mutation($id: ID!) { publishCoupon(id: $id) { id } }', { id }, owner.token);
  expect(answer.errors).toBeUndefined();
  return id;
}

const record = (input: Record<string, unknown>) =>
  service.graphql<{ recordTransaction: { transaction: { id: string } } }>(
    RECORD_TRANSACTION.replace('claimCount }', 'claimCount couponIds }'),
    { input: { publicTerminalId: terminal, totalAmount: 1100, ...input } },
    TEST_OPERATOR_TOKEN,
  );

const transactionsAtStore = async () =>
  Number(
    (await sql<{ n: string }>(service, 'select count(*) as "n" from "transaction" where "store_id" = ?', [store]))[0]!
      .n,
  );

const todaysUses = async () => {
  const answer = await service.graphql<{ analyticsToday: { couponUses: number | null } }>(
    'query($s: ID!) { analyticsToday(storeId: $s) { couponUses } }',
    { s: store },
    TEST_OPERATOR_TOKEN,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.analyticsToday.couponUses;
};

beforeAll(async () => {
  service = await startOAuthService();
  const app = await registerApp(service, COUPON_SCOPES);
  [mine, theirs] = [await business(service, app), await business(service, app)];
  [store, otherStore] = [
    await createStore(service, mine.businessAccountId),
    await createStore(service, mine.businessAccountId),
  ];
  const theirStore = await createStore(service, theirs.businessAccountId);
  terminal = await createTerminal(service, store);
  coupon.usable = await published(mine, [store, otherStore]);
  coupon.second = await published(mine, [store], { validFrom: iso(-24), validTo: iso(24) });
  coupon.draft = (await createCoupon(service, mine.token, { storeIds: [store], title: '下書き' })).id;
  coupon.archived = await published(mine, [store]);
  expect(
    (await service.graphql('mutation($id: ID!) { archiveCoupon(id: $id) { id } }', { id: coupon.archived }, mine.token))
      .errors,
  ).toBeUndefined();
  coupon.elsewhere = await published(mine, [otherStore]);
  coupon.theirs = await published(theirs, [theirStore]);
  coupon.window = await published(mine, [store], { validFrom: iso(-48), validTo: iso(-24) });
});

describe('coupons used on a sale', () => {
  it('records the coupons with the sale and counts them as the store’s coupon uses today', async () => {
    const before = await todaysUses();
    const answer = await record({ couponIds: [coupon.usable, coupon.second.toUpperCase()] });
    expect(answer.errors).toBeUndefined();
    const { id } = answer.data!.recordTransaction.transaction;
    expect(answer.data!.recordTransaction.transaction).toMatchObject({ couponIds: [coupon.usable, coupon.second] });
    const stored = await sql<{ coupon_ids: string[] }>(
      service,
      'select "coupon_ids" from "transaction" where "id" = ?',
      [id],
    );
    expect(stored[0]!.coupon_ids).toEqual([coupon.usable, coupon.second]);
    expect(await todaysUses()).toBe((before ?? 0) + 2);
    // A sale without coupons records none and counts nothing.
    const plain = await record({});
    expect(plain.data!.recordTransaction.transaction).toMatchObject({ couponIds: [] });
    expect(await todaysUses()).toBe((before ?? 0) + 2);
  });

  it('accepts a coupon valid when the sale happened, even if it has ended since', async () => {
    const answer = await record({ couponIds: [coupon.window], occurredAt: iso(-36) });
    expect(answer.errors).toBeUndefined();
  });

  it('refuses, recording nothing, every coupon that could not have been used there and then', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a draft', { couponIds: [coupon.usable, coupon.draft] }, 'couponIds.1'],
      ['an archived coupon', { couponIds: [coupon.archived] }, 'couponIds.0'],
      ['a coupon of another store of the business', { couponIds: [coupon.elsewhere] }, 'couponIds.0'],
      ['a coupon of another business', { couponIds: [coupon.theirs] }, 'couponIds.0'],
      ['an unknown coupon', { couponIds: [uuidv7()] }, 'couponIds.0'],
      ['a coupon that had ended', { couponIds: [coupon.window] }, 'couponIds.0'],
      ['a coupon not yet valid', { couponIds: [coupon.window], occurredAt: iso(-72) }, 'couponIds.0'],
      ['a malformed id', { couponIds: ['not-a-coupon'] }, 'couponIds.0'],
      ['the same coupon twice', { couponIds: [coupon.usable, coupon.usable.toUpperCase()] }, 'couponIds'],
      ['more than 20', { couponIds: Array.from({ length: 21 }, () => uuidv7()) }, 'couponIds'],
    ];
    const before = await transactionsAtStore();
    for (const [what, input, field] of cases) {
      const answer = await record(input);
      expect(answer.errors?.[0]?.extensions, what).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(JSON.stringify(answer.errors?.[0]?.extensions), what).toContain(`"${field}"`);
    }
    expect(await transactionsAtStore()).toBe(before);
  });

  it('counts a closed day’s uses at the store of the sale in the stored snapshot figures', async () => {
    const yesterday = tokyoDay(new Date(Date.now() - 24 * HOUR));
    const occurredAt = new Date(`${yesterday}T12:00:00+09:00`).toISOString();
    const figure = async () => {
      expect(await storeDaySnapshots(rootEntityManager(service.orm).fork(), yesterday, new Date(), store)).toBe(1);
      const rows = await sql<{ coupon_uses: number | null }>(
        service,
        'select "coupon_uses" from "analytics_snapshot" where "store_id" = ? and "day" = ?::date',
        [store, yesterday],
      );
      return rows[0]!.coupon_uses;
    };
    const before = await figure();
    expect(before).not.toBeNull();
    expect((await record({ couponIds: [coupon.usable], occurredAt })).errors).toBeUndefined();
    expect(await figure()).toBe(before! + 1);
  });
});
