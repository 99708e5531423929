import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { CouponDiscount } from './coupon.entity.js';

/** One coupon at one store, as a consumer sees it. */
@ObjectType('UserCouponItem', {
  description: 'A published coupon valid now at one of the signed-in user’s favorite public stores.',
})
export class UserCouponItem {
  @Field(() => ID, { description: 'The store (UUIDv7).' })
  storeId!: string;

  @Field(() => ID, { description: 'The coupon (UUIDv7).' })
  couponId!: string;

  @Field(() => String, { description: 'Title.' })
  title!: string;

  @Field(() => String, { description: 'Description (may be empty).' })
  description!: string;

  @Field(() => String, { description: 'Terms of use (may be empty).' })
  terms!: string;

  @Field(() => String, { nullable: true, description: 'The benefit in words, e.g. 100円引き.' })
  benefit!: string | null;

  @Field(() => CouponDiscount, { nullable: true, description: 'The structured discount, if any.' })
  discount!: CouponDiscount | null;

  @Field(() => String, { nullable: true, description: 'An https image URL.' })
  imageUrl!: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Valid from (null: no start).' })
  validFrom!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Valid until, excluded (null: no end).' })
  validTo!: Date | null;
}
