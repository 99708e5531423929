import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';
import { DiscountKind } from './coupon.entity.js';

@InputType('CouponDiscountInput', { description: 'A structured discount.' })
export class CouponDiscountInput {
  @Field(() => DiscountKind, { description: 'amount (yen off) or percent (percent off).' })
  kind!: DiscountKind;

  @Field(() => Int, { description: 'Yen off, 1 to 100000000; or percent off, 1 to 100.' })
  value!: number;
}

/** The fields of a coupon both create and update take (on update, an absent field stays as it is). */
@InputType('CouponFieldsInput', { description: 'Fields of a coupon that create and update share.' })
export class CouponFieldsInput {
  @Field(() => String, { nullable: true, description: 'Description, at most 2000 characters.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Terms of use, at most 4000 characters.' })
  terms?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The benefit in words (e.g. 100円引き), at most 100 characters.',
  })
  benefit?: string | null;

  @Field(() => CouponDiscountInput, { nullable: true, description: 'A structured discount; null for none.' })
  discount?: CouponDiscountInput | null;

  @Field(() => String, { nullable: true, description: 'An https image URL, at most 2048 characters.' })
  imageUrl?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'Start of validity; null: open.' })
  validFrom?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'End of validity (excluded), after validFrom; null: open.',
  })
  validTo?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Uses per user, 1 or more; null for no limit.' })
  limitPerUser?: number | null;

  @Field(() => Int, { nullable: true, description: 'Uses in all, 1 or more; null for no limit.' })
  totalLimit?: number | null;
}

@InputType('CreateCouponInput', { description: 'A new coupon (a draft unless `publish` is true).' })
export class CreateCouponInput extends CouponFieldsInput {
  @Field(() => [ID], { description: 'Target stores, 1 to 100, all of one business (the caller’s).' })
  storeIds!: string[];

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  title!: string;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Create it published at once (writing coupon.published). Default false: a draft.',
  })
  publish?: boolean | null;
}

@InputType('UpdateCouponInput', {
  description: 'Changes to a draft or published coupon: absent fields stay, null clears an optional one.',
})
export class UpdateCouponInput extends CouponFieldsInput {
  @Field(() => ID, { description: 'The coupon.' })
  id!: string;

  @Field(() => [ID], { nullable: true, description: 'New target stores (replace the old ones), 1 to 100.' })
  storeIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Title, 1 to 200 characters.' })
  title?: string | null;
}
