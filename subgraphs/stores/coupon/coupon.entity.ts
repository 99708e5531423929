import type { Opt } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where a coupon is in its life: made, shown to consumers, withdrawn for good. */
export enum CouponStatus {
  draft = 'draft',
  published = 'published',
  archived = 'archived',
}
registerEnumType(CouponStatus, {
  name: 'CouponStatus',
  description: 'draft (being prepared, not shown), published (shown to consumers while valid), archived (withdrawn).',
});

/** How a structured discount is counted. */
export enum DiscountKind {
  amount = 'amount',
  percent = 'percent',
}
registerEnumType(DiscountKind, {
  name: 'DiscountKind',
  description: 'amount (yen off) or percent (percent off).',
});

@ObjectType('CouponDiscount', { description: 'A structured discount beside the benefit text.' })
export class CouponDiscount {
  @Field(() => DiscountKind, { description: 'amount (yen off) or percent (percent off).' })
  kind!: DiscountKind;

  @Field(() => Int, { description: 'Yen off (1 to 100000000) or percent off (1 to 100).' })
  value!: number;
}

/**
 * A coupon of a business, shown for one or more of its stores (`coupon_store`). Consumers see it for
 * their favorite public stores while it is published and valid.
 */
@ObjectType('Coupon', { description: 'A coupon of a business, targeting one or more of its stores.' })
@Entity({ tableName: 'coupon' })
export class Coupon extends BaseEntity {
  /** Owner; a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the coupon.' })
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => String, { description: 'Description (at most 2000 characters; may be empty).' })
  @Property({ type: 'string', length: 2000 })
  description!: string;

  @Field(() => String, { description: 'Terms of use (at most 4000 characters; may be empty).' })
  @Property({ type: 'string', length: 4000 })
  terms!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The benefit in words, e.g. 100円引き (at most 100 characters).',
  })
  @Property({ type: 'string', length: 100, nullable: true })
  benefit?: string | null;

  @Property({ type: 'string', length: 16, nullable: true })
  discountKind?: DiscountKind | null;

  @Property({ type: 'integer', nullable: true })
  discountValue?: number | null;

  @Field(() => String, { nullable: true, description: 'An https image URL.' })
  @Property({ type: 'string', length: 2048, nullable: true })
  imageUrl?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Valid from this instant; null: no start.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  validFrom?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Valid until this instant (excluded); null: no end.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  validTo?: Date | null;

  @Field(() => CouponStatus, { description: 'draft, published or archived.' })
  @Property({ type: 'string', length: 16 })
  status: CouponStatus = CouponStatus.draft;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was published; null while a draft.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed per user (stored and shown; not yet enforced).' })
  @Property({ type: 'integer', nullable: true })
  limitPerUser?: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses allowed in all (stored and shown; not yet enforced).' })
  @Property({ type: 'integer', nullable: true })
  totalLimit?: number | null;

  @Field(() => CouponDiscount, { nullable: true, description: 'The structured discount, if any.' })
  get discount(): Opt<CouponDiscount> | null {
    return this.discountKind && this.discountValue != null
      ? { kind: this.discountKind, value: this.discountValue }
      : null;
  }
}

/** A store a coupon is shown for. Deleted with the coupon or the store (database-only foreign keys). */
@Entity({ tableName: 'coupon_store' })
export class CouponStore {
  @PrimaryKey({ type: 'uuid' })
  couponId!: string;

  @Index()
  @PrimaryKey({ type: 'uuid' })
  storeId!: string;
}
