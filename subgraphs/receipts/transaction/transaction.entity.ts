import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { TransactionItem, TransactionTax, type TransactionLine, type TransactionTaxLine } from './transaction.types.js';

/**
 * A completed sale at a terminal: the receipt. `storeId` repeats the terminal's store so a store's
 * transactions are one index scan, and stays right if a terminal is ever moved.
 */
@ObjectType('Transaction', { description: 'A completed sale at a terminal (its receipt).' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'transaction' })
// Serves "latest transaction of a terminal" (last-receipt) and the terminal_id foreign key.
@Index({ properties: ['terminalId', 'occurredAt'] })
// Serves "a store's transactions by time" and the store_id foreign key.
@Index({ properties: ['storeId', 'occurredAt'] })
@Check({ name: 'transaction_coupon_ids_check', expression: `jsonb_typeof("coupon_ids") = 'array'` })
export class Transaction extends BaseEntity {
  /** Foreign key to terminal (enforced by the database). */
  @Property({ type: 'uuid' })
  terminalId!: string;

  /** Foreign key to the stores subgraph's store table (enforced by the database). */
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => Int, { description: 'Total in minor units of the currency (JPY has none: yen).' })
  @Property({ type: 'integer' })
  totalAmount!: number;

  @Field(() => Int, { description: 'Sum of the lines before tax, in minor units (total minus tax).' })
  @Property({ type: 'integer', default: 0 })
  subtotalAmount: number & Opt = 0;

  @Field(() => Int, { description: 'Tax included in the total, in minor units (the sum of `taxes`).' })
  @Property({ type: 'integer', default: 0 })
  taxAmount: number & Opt = 0;

  @Field(() => [TransactionTax], { description: 'Tax by rate (e.g. 10 % and the 8 % reduced rate).' })
  @Property({ type: 'json', default: "'[]'" })
  taxes: TransactionTaxLine[] & Opt = [];

  /** How many times the receipt was claimed; a terminal claim raises it with one conditional UPDATE. */
  @Field(() => Int, { description: 'How many times the receipt has been claimed.' })
  @Property({ type: 'integer', default: 0 })
  claimCount: number & Opt = 0;

  /**
   * The store's name as printed on the receipt: copied when the sale is recorded, so the receipt reads
   * the same after a rename, and whoever holds it can read it whether or not the store is listed.
   */
  @Field(() => String, { description: 'The store name as printed on the receipt (at the time of the sale).' })
  @Property({ type: 'string', length: 200, default: '' })
  storeName: string & Opt = '';

  @Field(() => String, { description: 'ISO 4217 currency code. Default JPY.' })
  @Property({ type: 'string', length: 3, columnType: 'char(3)', default: 'JPY' })
  currency: string & Opt = 'JPY';

  @Field(() => [TransactionItem], { description: 'The lines of the sale.' })
  @Property({ type: 'json' })
  items: TransactionLine[] & Opt = [];

  @Field(() => [ID], {
    description:
      'The coupons used on the sale, as the till recorded them (published coupons of the business offered at the store and valid when the sale happened); empty when none.',
  })
  @Property({ type: 'json', default: "'[]'" })
  couponIds: string[] & Opt = [];

  @Field(() => GraphQLDateTimeISO, { description: 'When the sale happened (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  occurredAt: Date & Opt = new Date();
}
