import { ArgsType, Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { ProductStatus } from './product.entity.js';

/** The fields of a product both create and update take (on update, an absent field stays as it is). */
@InputType('ProductFieldsInput', { description: 'Fields of a product that create and update share.' })
export class ProductFieldsInput {
  @Field(() => String, {
    nullable: true,
    description: 'JAN/EAN-13, EAN-8, UPC-A or GTIN-14 digits with a valid check digit; null for none.',
  })
  barcode?: string | null;

  @Field(() => String, { nullable: true, description: 'Reading in katakana or hiragana and spaces, at most 200.' })
  nameKana?: string | null;

  @Field(() => String, { nullable: true, description: 'Description, at most 4000 characters.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 4217 currency code of the price; default JPY.' })
  currency?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: 'active, draft or archived; default active.' })
  status?: ProductStatus | null;

  @Field(() => [String], { nullable: true, description: 'Image URLs (https), at most 10, in display order.' })
  imageUrls?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether stock may go below zero; default false.' })
  allowsBackorder?: boolean | null;
}

@InputType('CreateProductInput', { description: 'A new product of a business.' })
export class CreateProductInput extends ProductFieldsInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business (the operator must name it; a business token may only name its own).',
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'SKU, unique within the business: 1 to 64 letters, digits or . _ - /.' })
  sku!: string;

  @Field(() => String, { description: 'Name, 1 to 200 characters.' })
  name!: string;

  @Field(() => Int, { description: 'Price in minor units of the currency, 0 to 1000000000.' })
  priceAmount!: number;

  @Field(() => Int, { description: 'Tax rate in basis points, 0 to 10000 (1000 is 10%, 800 the reduced 8%).' })
  taxRate!: number;
}

@InputType('UpdateProductInput', {
  description: 'Changes to a product: absent fields stay, null clears an optional one (barcode).',
})
export class UpdateProductInput extends ProductFieldsInput {
  @Field(() => ID, { description: 'The product.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'SKU, unique within the business.' })
  sku?: string | null;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 200 characters.' })
  name?: string | null;

  @Field(() => Int, { nullable: true, description: 'Price in minor units of the currency.' })
  priceAmount?: number | null;

  @Field(() => Int, { nullable: true, description: 'Tax rate in basis points, 0 to 10000.' })
  taxRate?: number | null;
}

/** The orders a product list can be read in. */
export enum ProductOrder {
  name = 'name',
  updatedAt = 'updatedAt',
}
registerEnumType(ProductOrder, {
  name: 'ProductOrder',
  description: 'name (then id, ascending) or updatedAt (most recently changed first).',
});

@ArgsType()
export class ProductsArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (larger is clamped); default 20.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Text in the name, kana, SKU or barcode (case-insensitive, 1 to 100 characters).',
  })
  search?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: 'Only products of this status.' })
  status?: ProductStatus | null;

  @Field(() => ID, { nullable: true, description: 'Only products available at this store of the business.' })
  storeId?: string | null;

  @Field(() => ProductOrder, { nullable: true, description: 'The order; default name.' })
  orderBy?: ProductOrder | null;
}
