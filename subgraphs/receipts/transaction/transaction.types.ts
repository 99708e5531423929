import { Field, Int, ObjectType } from 'type-graphql';

/** One line of a transaction, as stored in its `items` column. */
export interface TransactionLine {
  readonly name: string;
  /** Unit price in minor units of the transaction's currency. */
  readonly unitPrice: number;
  readonly quantity: number;
}

@ObjectType('TransactionItem', { description: 'One line of a transaction.' })
export class TransactionItem implements TransactionLine {
  @Field(() => String, { description: 'Product name as printed on the receipt.' })
  name!: string;

  @Field(() => Int, { description: 'Unit price in minor units of the currency (JPY has none: yen).' })
  unitPrice!: number;

  @Field(() => Int, { description: 'Quantity bought.' })
  quantity!: number;
}
