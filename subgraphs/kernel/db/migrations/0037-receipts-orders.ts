import { Migration } from '@mikro-orm/migrations';
import { SALES_ORDER_LINE_SUM_FUNCTION, SALES_ORDER_LINE_SUM_TRIGGER } from '../../../receipts/order/order.entity.js';

/**
 * receipts: one order model for every sale of a business (issue 14, orders).
 *
 * - `sales_order`: a POS transaction, a storefront order or an order entered by staff, unique by its
 *   source and the source's reference (the transaction id, the storefront order id; a manual order's
 *   own id), so recording one twice is a no-op. `order_number` is readable by people and unique per
 *   business, drawn from `sales_order_counter` by one upsert (the row lock orders concurrent drafts).
 *   The amounts are minor units: never negative, and total = subtotal + tax. Status moves by one
 *   conditional UPDATE per transition (order-state.ts).
 * - `sales_order_line`: its lines; line total = quantity × unit price (a discount line may be
 *   negative), and a deferred constraint trigger checks at commit that an order's lines add up to its
 *   total (an order without lines, a POS sale recorded without items, has nothing to check).
 *
 * `customer_id` and `product_id` name records of other subgraphs and have no foreign key (they may be
 * erased there); the store, business and transaction keys are database-only foreign keys.
 */
export class Migration0037ReceiptsOrders extends Migration {
  override up(): void {
    this.addSql(`create table "sales_order_counter" (
      "business_account_id" uuid not null primary key references "business_account" ("id") on delete cascade,
      "last_number" int not null
    );`);

    this.addSql(`create table "sales_order" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "business_account_id" uuid not null references "business_account" ("id") on delete cascade,
      "store_id" uuid not null references "store" ("id") on delete cascade,
      "source" varchar(16) not null,
      "source_reference" varchar(64) not null,
      "order_number" int not null,
      "transaction_id" uuid null references "transaction" ("id") on delete set null,
      "customer_id" uuid null,
      "currency" char(3) not null,
      "subtotal_amount" int not null,
      "tax_amount" int not null,
      "total_amount" int not null,
      "status" varchar(16) not null,
      "payment_status" varchar(16) not null,
      "fulfillment_status" varchar(16) not null,
      "placed_at" timestamptz not null,
      "paid_at" timestamptz null,
      "fulfilled_at" timestamptz null,
      "closed_at" timestamptz null,
      "cancelled_at" timestamptz null,
      "cancel_reason" varchar(500) null,
      constraint "sales_order_amounts_check" check ("subtotal_amount" >= 0 and "tax_amount" >= 0 and "total_amount" = "subtotal_amount" + "tax_amount")
    );`);
    this.addSql(
      'alter table "sales_order" add constraint "sales_order_source_source_reference_unique" unique ("source", "source_reference");',
    );
    this.addSql(
      'alter table "sales_order" add constraint "sales_order_business_account_id_order_number_unique" unique ("business_account_id", "order_number");',
    );
    this.addSql(
      'create index "sales_order_business_account_id_created_at_id_index" on "sales_order" ("business_account_id", "created_at", "id");',
    );
    this.addSql('create index "sales_order_store_id_created_at_index" on "sales_order" ("store_id", "created_at");');
    this.addSql('create index "sales_order_customer_id_index" on "sales_order" ("customer_id");');
    this.addSql('create index "sales_order_transaction_id_index" on "sales_order" ("transaction_id");');

    this.addSql(`create table "sales_order_line" (
      "id" uuid not null primary key,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "order_id" uuid not null references "sales_order" ("id") on delete cascade,
      "position" int not null,
      "name" varchar(200) not null,
      "sku" varchar(64) null,
      "product_id" uuid null,
      "quantity" int not null,
      "unit_price" int not null,
      "tax_rate_basis_points" int null,
      "line_total" int not null,
      constraint "sales_order_line_amounts_check" check ("position" >= 1 and "quantity" >= 1 and "line_total" = "quantity" * "unit_price" and ("tax_rate_basis_points" is null or "tax_rate_basis_points" >= 0 and "tax_rate_basis_points" <= 10000))
    );`);
    this.addSql(
      'alter table "sales_order_line" add constraint "sales_order_line_order_id_position_unique" unique ("order_id", "position");',
    );
    this.addSql(SALES_ORDER_LINE_SUM_FUNCTION);
    this.addSql(`${SALES_ORDER_LINE_SUM_TRIGGER};`);
  }
}
