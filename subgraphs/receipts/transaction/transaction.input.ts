import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';

/*
 * The fields of a line and of a tax are required, but declared nullable: a list of 10,000 empty
 * objects would otherwise cost graphql-js one error (with a stack) per missing field before anything
 * runs; the service names each missing field instead, and skips the lines of an over-long list.
 */
@InputType('TransactionItemInput', { description: 'One line of a sale. Every field but sku is required.' })
export class TransactionItemInput {
  @Field(() => String, { nullable: true, description: 'Required. Product name as printed, 1 to 200 characters.' })
  name?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Required. Unit price in minor units, tax included; negative for a discount line (-1e9 to 1e9).',
  })
  unitPrice?: number | null;

  @Field(() => Int, { nullable: true, description: 'Required. Quantity, 1 to 10000.' })
  quantity?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Optional. The product's SKU, as in the business's catalogue: 1 to 64 letters, digits or . _ - / (starting with a letter or digit). A line with the SKU of a product lowers that product's stock at the store's sales floor.",
  })
  sku?: string | null;
}

@InputType('TransactionTaxInput', {
  description: 'Tax of one rate (taxes are included in the total). Every field is required.',
})
export class TransactionTaxInput {
  @Field(() => Int, {
    nullable: true,
    description: 'Required. Rate in basis points, 0 to 10000: 1000 = 10 %, 800 = 8 %.',
  })
  rateBasisPoints?: number | null;

  @Field(() => Int, { nullable: true, description: 'Required. Tax-included amount sold at this rate, in minor units.' })
  taxableAmount?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Required. Tax included in taxableAmount: taxableAmount × rate / (1 + rate), rounded either way.',
  })
  taxAmount?: number | null;
}

@InputType('RecordTransactionInput', { description: 'A completed sale at a terminal.' })
export class RecordTransactionInput {
  @Field(() => String, { description: 'The terminal the sale was made at.' })
  publicTerminalId!: string;

  @Field(() => Int, {
    description:
      'Total paid, tax included, in minor units (0 to 1e9). Equals the sum of the items (unitPrice × quantity) when items are given, and the sum of taxableAmount when taxes are given.',
  })
  totalAmount!: number;

  @Field(() => String, { nullable: true, description: 'ISO 4217 code, three uppercase letters. Default JPY.' })
  currency?: string | null;

  @Field(() => [TransactionItemInput], { nullable: true, description: 'The lines, at most 500.' })
  items?: TransactionItemInput[] | null;

  @Field(() => [TransactionTaxInput], { nullable: true, description: 'Tax by rate, each rate once, at most 10.' })
  taxes?: TransactionTaxInput[] | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When the sale happened; default now; at most 5 minutes in the future.',
  })
  occurredAt?: Date | null;

  @Field(() => [ID], {
    nullable: true,
    description:
      'The coupons used on the sale, at most 20, each once: published coupons of the business offered at the terminal’s store and valid when the sale happened (else BAD_USER_INPUT naming couponIds.<i>). Counted as coupon uses in the store’s analytics.',
  })
  couponIds?: string[] | null;
}
