import type { Opt } from '@mikro-orm/core';
import { Check, Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where a business's customer record came from. */
export enum BusinessCustomerSource {
  membership = 'membership',
  storefront = 'storefront',
  staff = 'staff',
}
registerEnumType(BusinessCustomerSource, {
  name: 'BusinessCustomerSource',
  description:
    "membership (a user joined one of the business's shop apps), storefront (a customer of an installed storefront shop), staff (entered by the business).",
});

/** Longest texts of a record, in characters. */
export const BUSINESS_CUSTOMER_LIMITS = { name: 200, nameKana: 200, phone: 32, note: 2000 } as const;

/**
 * A business's record of one of its customers (the back office's customer list, store.customers.*):
 * made when a user joins one of its shop apps, from a storefront shop's orders, or by its staff.
 * A record from a membership names the user (a database-only foreign key to identity's user_account,
 * erased with the account); a storefront record names the shop's customer (unique per business). The
 * memberships themselves (points, rank) are {@link Customer}s. Migration 0038.
 */
@ObjectType('BusinessCustomer', {
  description: "A business's record of one of its customers: contact details, a note and consent flags.",
})
@Directive('@key(fields: "id")')
@Entity({ tableName: 'business_customer' })
@Unique({ properties: ['businessAccountId', 'userId'] })
@Unique({
  name: 'business_customer_storefront_identity_unique',
  properties: ['businessAccountId', 'shopDomain', 'shopCustomerId'],
})
@Index({ properties: ['businessAccountId', 'createdAt', 'id'] })
@Check({
  name: 'business_customer_source_check',
  expression: `"source" in ('membership', 'storefront', 'staff')`,
})
@Check({
  name: 'business_customer_storefront_identity_check',
  expression: '("shop_domain" is null) = ("shop_customer_id" is null)',
})
export class BusinessCustomer extends BaseEntity {
  /** The business (identity's business_account.id; a database-only foreign key, deleted with it). */
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => BusinessCustomerSource, { description: 'Where the record came from.' })
  @Property({ type: 'string', length: 16 })
  source!: BusinessCustomerSource;

  /** The user of a membership record (identity's user_account.id); erased with the account. */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The storefront shop (its myshopify domain) of a storefront record.',
  })
  @Property({ type: 'string', length: 255, nullable: true })
  shopDomain?: string | null;

  @Field(() => String, { nullable: true, description: "The storefront shop's id of the customer." })
  @Property({ type: 'string', length: 64, nullable: true })
  shopCustomerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Name, at most 200 characters; null when unknown.' })
  @Property({ type: 'string', length: BUSINESS_CUSTOMER_LIMITS.name, nullable: true })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Reading of the name in kana (フリガナ), at most 200 characters.',
  })
  @Property({ type: 'string', length: BUSINESS_CUSTOMER_LIMITS.nameKana, nullable: true })
  nameKana?: string | null;

  @Field(() => String, { nullable: true, description: 'Email, normalized (NFKC, lower case) as accounts are.' })
  @Property({ type: 'string', length: 320, nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Phone number: digits with an optional leading +.' })
  @Property({ type: 'string', length: BUSINESS_CUSTOMER_LIMITS.phone, nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'Birthday, YYYY-MM-DD.' })
  @Property({ type: 'date', columnType: 'date', nullable: true })
  birthday?: string | null;

  @Field(() => String, { nullable: true, description: "The staff's note, at most 2000 characters." })
  @Property({ type: 'string', length: BUSINESS_CUSTOMER_LIMITS.note, nullable: true })
  note?: string | null;

  @Field(() => Boolean, { description: 'Whether the customer agreed to marketing email.' })
  @Property({ type: 'boolean', default: false })
  marketingEmail: boolean & Opt = false;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When marketingEmail was last set; null: never.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  marketingEmailChangedAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the customer agreed to marketing push notifications.' })
  @Property({ type: 'boolean', default: false })
  marketingPush: boolean & Opt = false;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When marketingPush was last set; null: never.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  marketingPushChangedAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the customer agreed to their data being shared with partners.' })
  @Property({ type: 'boolean', default: false })
  dataSharing: boolean & Opt = false;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When dataSharing was last set; null: never.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  dataSharingChangedAt?: Date | null;
}
