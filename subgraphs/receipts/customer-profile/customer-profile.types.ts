import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';

/** The receipts subgraph's part of a customer profile (the wallet owns the entity; decision 0021). */
@ObjectType('CustomerProfile', {
  description:
    "One customer of the business as the business knows them (crm.profiles.read): the customer record, memberships and points, and, from the other subgraphs, receipts and orders, visits, check-ins, survey answers and favorites, each only at this business. The id is the customer record's.",
})
@Directive('@key(fields: "id")')
export class ReceiptsCustomerProfile {
  @Field(() => ID, { description: 'The profile id: the id of the business customer record it is built on.' })
  id!: string;
}

@ObjectType('CustomerProfileAmount', { description: 'A sum of money in one currency.' })
export class CustomerProfileAmount {
  @Field(() => String, { description: 'ISO 4217 currency code.' })
  currency!: string;

  @Field(() => Int, { description: 'The sum, in minor units of the currency (JPY: yen).' })
  amount!: number;

  @Field(() => Int, { description: 'How many purchases make up the sum.' })
  count!: number;
}

@ObjectType('CustomerProfilePurchases', {
  description: "A customer's purchases of one kind at the business: how many, how much, first and last.",
})
export class CustomerProfilePurchases {
  @Field(() => Int, { description: 'How many purchases.' })
  count!: number;

  @Field(() => [CustomerProfileAmount], {
    description: 'Their totals by currency (most purchases first); [] for none.',
  })
  totals!: CustomerProfileAmount[];

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the first was made; null for none.' })
  firstAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the latest was made; null for none.' })
  lastAt!: Date | null;
}

/** One row of a totals query: a profile's (or person's) purchases in one currency. */
export interface PurchaseRow {
  readonly key: string;
  readonly currency: string;
  readonly count: number;
  readonly amount: string | number;
  readonly first_at: Date | string;
  readonly last_at: Date | string;
}

/** Folds the per-currency rows of one profile into its totals. */
export function purchasesOf(rows: readonly PurchaseRow[]): CustomerProfilePurchases {
  const totals = rows
    .map((r) => ({ currency: r.currency.trim(), amount: Number(r.amount), count: Number(r.count) }))
    .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
  const times = (pick: (r: PurchaseRow) => Date | string) => rows.map((r) => new Date(pick(r)).getTime());
  return {
    count: totals.reduce((sum, t) => sum + t.count, 0),
    totals,
    firstAt: rows.length > 0 ? new Date(Math.min(...times((r) => r.first_at))) : null,
    lastAt: rows.length > 0 ? new Date(Math.max(...times((r) => r.last_at))) : null,
  };
}
