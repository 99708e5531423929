import { Field, Int, ObjectType } from 'type-graphql';

/** One line of a transaction, as stored in its `items` column. */
export interface TransactionLine {
  readonly name: string;
  /** Unit price in minor units of the transaction's currency. */
  readonly unitPrice: number;
  readonly quantity: number;
  /** The product's SKU when the till knows it (stock moves by it); absent otherwise, never null. */
  readonly sku?: string;
}

@ObjectType('TransactionItem', { description: 'One line of a transaction.' })
export class TransactionItem implements TransactionLine {
  @Field(() => String, { description: 'Product name as printed on the receipt.' })
  name!: string;

  @Field(() => Int, { description: 'Unit price in minor units of the currency (JPY has none: yen).' })
  unitPrice!: number;

  @Field(() => Int, { description: 'Quantity bought.' })
  quantity!: number;

  @Field(() => String, {
    nullable: true,
    description: "The product's SKU (stock keeping unit) as the till sent it; null when it sent none.",
  })
  sku?: string;
}

/** Tax of one rate, as stored in a transaction's `taxes` column. */
export interface TransactionTaxLine {
  /** The rate in basis points: 1000 = 10 %, 800 = 8 %. */
  readonly rateBasisPoints: number;
  /** The amount taxed at this rate, in minor units. */
  readonly taxableAmount: number;
  /** The tax at this rate, in minor units (included in the total). */
  readonly taxAmount: number;
}

@ObjectType('TransactionTax', { description: 'Tax of one rate on a transaction.' })
export class TransactionTax implements TransactionTaxLine {
  @Field(() => Int, { description: 'Rate in basis points: 1000 = 10 %, 800 = 8 %.' })
  rateBasisPoints!: number;

  @Field(() => Int, { description: 'Amount taxed at this rate, in minor units.' })
  taxableAmount!: number;

  @Field(() => Int, { description: 'Tax at this rate, in minor units (included in the total).' })
  taxAmount!: number;
}
