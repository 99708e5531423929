/**
 * What the receipts subgraph knows of a customer profile's person at the business: the receipts the
 * person claimed at the business's stores (by the record's user), and the business's orders of the
 * customer record (naming it, or the storefront orders of its shop customer; cancelled ones left out). One query per batch of profiles each.
 */
import type DataLoader from 'dataloader';
import type { BaseContext } from '../../kernel/context.js';
import { groupedLoader } from '../../kernel/loaders.js';
import {
  inList,
  profileReader,
  profileRefLoader,
  type CustomerProfileRef,
} from '../../kernel/privacy/customer-profile.js';
import { purchasesOf, type CustomerProfilePurchases, type PurchaseRow } from './customer-profile.types.js';

/** The claimed receipts of users at the business's stores, per user and currency. */
const RECEIPTS_SQL = (users: readonly string[]) => `
  select c."user_id" as "key", t."currency", count(*)::int as "count", sum(t."total_amount") as "amount",
         min(t."occurred_at") as "first_at", max(t."occurred_at") as "last_at"
  from "receipt_claim" c
  join "transaction" t on t."id" = c."transaction_id"
  join "store" s on s."id" = t."store_id"
  where s."business_account_id" = ? and c."user_id" in (${inList(users)})
  group by c."user_id", t."currency"`;

/**
 * The business's orders of customer records, per record and currency, cancelled ones left out: the
 * orders naming the record, and the storefront orders of a storefront record's shop customer (a sale
 * from the shop names no record; its storefront order names the shop's customer id).
 */
const ORDERS_SQL = (records: readonly string[]) => `
  select "key", "currency", count(*)::int as "count", sum("total_amount") as "amount",
         min("placed_at") as "first_at", max("placed_at") as "last_at"
  from (
    select o."customer_id" as "key", o."currency", o."total_amount", o."placed_at"
    from "sales_order" o
    where o."business_account_id" = ? and o."customer_id" in (${inList(records)}) and o."status" <> 'cancelled'
    union all
    select bc."id", o."currency", o."total_amount", o."placed_at"
    from "business_customer" bc
    join "shop_installation" si on si."shop_domain" = bc."shop_domain" and si."business_account_id" = bc."business_account_id"
    join "storefront_order" so on so."installation_id" = si."id" and so."shop_customer_id" = bc."shop_customer_id"
    join "sales_order" o on o."source" = 'storefront' and o."source_reference" = so."id"::text
    where bc."business_account_id" = ? and bc."id" in (${inList(records)})
      and o."business_account_id" = bc."business_account_id" and o."customer_id" is null and o."status" <> 'cancelled'
  ) "orders"
  group by "key", "currency"`;

/** The receipts subgraph's customer-profile fields, per request. */
export class ReceiptsProfileService {
  private readonly refs: DataLoader<string, CustomerProfileRef | null>;
  private readonly receiptRows: DataLoader<string, PurchaseRow[]>;
  private readonly orderRows: DataLoader<string, PurchaseRow[]>;

  constructor(ctx: BaseContext) {
    this.refs = profileRefLoader(ctx.em, ctx.principal);
    // `times`: how often the statement names the business and the keys (once per branch).
    const rowsOf = (sql: (keys: readonly string[]) => string, times: number) =>
      groupedLoader<string, PurchaseRow>(
        async (keys) => {
          const businessAccountId = profileReader(ctx.principal);
          if (businessAccountId === null || keys.length === 0) return [];
          const params = Array.from({ length: times }, () => [businessAccountId, ...keys]).flat();
          return ctx.em.execute<PurchaseRow[]>(sql(keys), params);
        },
        (row) => row.key,
      );
    this.receiptRows = rowsOf(RECEIPTS_SQL, 1);
    this.orderRows = rowsOf(ORDERS_SQL, 2);
  }

  /** The profile a reference names, or null unless it is the caller's business's and the caller has crm.profiles.read. */
  reference(id: string): Promise<CustomerProfileRef | null> {
    return this.refs.load(id);
  }

  /** The receipts the profile's person claimed at the business's stores (none for a record of no user). */
  async receipts(ref: CustomerProfileRef): Promise<CustomerProfilePurchases> {
    return purchasesOf(ref.userId ? await this.receiptRows.load(ref.userId) : []);
  }

  /** The business's orders of the profile's customer record, cancelled ones left out. */
  async orders(ref: CustomerProfileRef): Promise<CustomerProfilePurchases> {
    return purchasesOf(await this.orderRows.load(ref.id));
  }
}
