/**
 * Test data for segments and audience, written straight into the tables the rules read (the receipts,
 * engagement, stores and wallet rows a real flow would leave), so each test states exactly who did
 * what and when. Only tests import this file.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '../../kernel/db/orm.js';

/** Writes rows for one business; `at` defaults to now. */
export class SegmentData {
  constructor(
    private readonly em: EntityManager,
    readonly businessAccountId: string,
  ) {}

  private async insert(table: string, row: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    const full: Record<string, unknown> = { id, created_at: now, updated_at: now, ...row };
    const columns = Object.keys(full);
    await this.em.execute(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      columns.map((c) => {
        const value = full[c];
        return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
      }),
      'run',
    );
    return id;
  }

  /** A new consumer account (anonymous: no password, so tests may delete it without one). */
  user(): Promise<string> {
    return this.insert('user_account', { is_anonymous: true });
  }

  /** A store of this business. */
  store(name = 'セグメント商店'): Promise<string> {
    return this.insert('store', {
      business_account_id: this.businessAccountId,
      name,
      name_kana: 'せぐめんと',
      prefecture_code: '13',
      store_type: 'supermarket',
      address: '',
      is_public_listing: true,
      time_zone: 'Asia/Tokyo',
    });
  }

  /** A sale at `storeId` claimed by `userId` (a claimed receipt). */
  async claimedReceipt(storeId: string, userId: string, amount: number, at = new Date()): Promise<string> {
    const terminal = await this.insert('terminal', {
      public_terminal_id: `T${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      store_id: storeId,
      allow_multiple_claims: false,
    });
    const tx = await this.insert('transaction', {
      terminal_id: terminal,
      store_id: storeId,
      total_amount: amount,
      subtotal_amount: amount,
      items: [],
      occurred_at: at,
    });
    await this.insert('receipt_claim', {
      transaction_id: tx,
      kind: 'terminal',
      channel: 'web',
      user_id: userId,
      token_ref: randomUUID(),
      claimed_at: at,
    });
    return tx;
  }

  /** The business's customer record of `userId` (made from a membership). */
  customerRecord(userId: string): Promise<string> {
    return this.insert('business_customer', {
      business_account_id: this.businessAccountId,
      source: 'membership',
      user_id: userId,
      marketing_email: false,
      marketing_push: false,
      data_sharing: false,
    });
  }

  /** An order of the business for customer record `customerId`. */
  order(storeId: string, customerId: string, amount: number, status = 'paid', at = new Date()): Promise<string> {
    return this.insert('sales_order', {
      business_account_id: this.businessAccountId,
      store_id: storeId,
      source: 'staff',
      source_reference: randomUUID(),
      order_number: Math.floor(Math.random() * 1_000_000_000),
      customer_id: customerId,
      currency: 'JPY',
      subtotal_amount: amount,
      tax_amount: 0,
      total_amount: amount,
      status,
      payment_status: status === 'cancelled' ? 'pending' : 'paid',
      fulfillment_status: 'unfulfilled',
      placed_at: at,
    });
  }

  /** A check-in campaign at `storeId`. */
  checkInCampaign(storeId: string): Promise<string> {
    return this.insert('check_in_campaign', {
      token: randomUUID(),
      store_id: storeId,
      name: '来店スタンプ',
      is_active: true,
      business_account_id: this.businessAccountId,
      allow_repeat_check_ins: true,
    });
  }

  /** `userId` checked in to `campaignId` at `storeId`. */
  checkIn(campaignId: string, storeId: string, userId: string, at = new Date()): Promise<string> {
    return this.insert('check_in', {
      campaign_id: campaignId,
      user_id: userId,
      store_id: storeId,
      checked_in_at: at,
      local_date: new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10),
      counts_once: false,
    });
  }

  /** `userId` favorited `storeId` at `at`. */
  favorite(storeId: string, userId: string, at = new Date()): Promise<string> {
    return this.insert('favorite_store', { user_id: userId, store_id: storeId, created_at: at });
  }

  /** A shop app of the business listing `storeIds`. */
  async shopApp(storeIds: readonly string[] = []): Promise<string> {
    const id = await this.insert('shop_app', {
      shop_id: `shop-${randomUUID().slice(0, 8)}`,
      business_account_id: this.businessAccountId,
      name: 'App',
      template: 'default',
      theme: {},
      navigation: [],
      platforms: {},
    });
    for (const [position, storeId] of storeIds.entries())
      await this.em.execute(
        'insert into "shop_app_store" ("shop_app_id", "store_id", "position") values (?, ?, ?)',
        [id, storeId, position],
        'run',
      );
    return id;
  }

  /** `userId`'s membership at `shopAppId` with `rankCode`, joined at `at`. */
  membership(shopAppId: string, userId: string, rankCode: string | null, at = new Date()): Promise<string> {
    return this.insert('customer', {
      shop_app_id: shopAppId,
      user_id: userId,
      member_number: randomUUID().slice(0, 12),
      points: 0,
      rank_code: rankCode,
      pass_updated_at: at,
      created_at: at,
    });
  }

  /** A survey campaign of the business. */
  surveyCampaign(): Promise<string> {
    return this.insert('survey_campaign', {
      token: randomUUID(),
      name: 'アンケート',
      is_anonymous: false,
      questions: [],
      business_account_id: this.businessAccountId,
      is_active: true,
      one_per_respondent: false,
    });
  }

  /** `userId`'s response to `campaignId`. */
  surveyResponse(campaignId: string, userId: string, answers: readonly Record<string, unknown>[]): Promise<string> {
    return this.insert('survey_response', {
      campaign_id: campaignId,
      user_id: userId,
      answers,
      submitted_at: new Date(),
    });
  }
}

/** 00:00 Asia/Tokyo `days - 1` days before today's (segment-sql.ts sinceJstDays, written out again). */
export function jstDayStart(now: Date, daysAgo: number): Date {
  const day = 86_400_000;
  const offset = 9 * 3_600_000;
  return new Date(Math.floor((now.getTime() + offset) / day) * day - offset - daysAgo * day);
}
