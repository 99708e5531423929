import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { StoresContext } from '../context.js';
import { Coupon } from './coupon.entity.js';
import { CreateCouponInput, UpdateCouponInput } from './coupon.input.js';

const WHO_READS = 'A business token with store.coupons.read (its own coupons only) or the operator.';
const WHO_WRITES = 'A business token with store.coupons.write (its own coupons and stores only) or the operator.';

@Resolver(() => Coupon)
export class CouponResolver {
  @Query(() => [Coupon], {
    description: `The newest 200 coupons of the caller’s business (the operator: of all), of one store when storeId is given. ${WHO_READS}`,
  })
  businessCoupons(
    @Arg('storeId', () => ID, { nullable: true, description: 'Only coupons targeting this store.' })
    storeId: string | null,
    @Ctx() ctx: StoresContext,
  ): Promise<Coupon[]> {
    return ctx.coupons.list(storeId);
  }

  @Query(() => Coupon, { description: `One coupon; NOT_FOUND coupon_not_found for another business’s. ${WHO_READS}` })
  coupon(@Arg('id', () => ID) id: string, @Ctx() ctx: StoresContext): Promise<Coupon> {
    return ctx.coupons.get(id);
  }

  @Mutation(() => Coupon, {
    description: `Creates a draft coupon for stores of one business; a store of another business is NOT_FOUND store_not_found. ${WHO_WRITES}`,
  })
  createCoupon(
    @Arg('input', () => CreateCouponInput) input: CreateCouponInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Coupon> {
    return ctx.coupons.create(input);
  }

  @Mutation(() => Coupon, {
    description: `Changes a draft or published coupon (archived: CONFLICT coupon_archived). ${WHO_WRITES}`,
  })
  updateCoupon(
    @Arg('input', () => UpdateCouponInput) input: UpdateCouponInput,
    @Ctx() ctx: StoresContext,
  ): Promise<Coupon> {
    return ctx.coupons.update(input);
  }

  @Mutation(() => Coupon, {
    description:
      'Publishes a draft coupon and writes coupon.published to the outbox in the same transaction; a published one stays as it ' +
      `is (no second event), an archived one is CONFLICT coupon_archived. ${WHO_WRITES}`,
  })
  publishCoupon(@Arg('id', () => ID) id: string, @Ctx() ctx: StoresContext): Promise<Coupon> {
    return ctx.coupons.publish(id);
  }

  @Mutation(() => Coupon, {
    description: `Archives a coupon for good (idempotent); consumers no longer see it. ${WHO_WRITES}`,
  })
  archiveCoupon(@Arg('id', () => ID) id: string, @Ctx() ctx: StoresContext): Promise<Coupon> {
    return ctx.coupons.archive(id);
  }

  @FieldResolver(() => [ID], { description: 'The target stores (one batched query for a whole list).' })
  async storeIds(@Root() coupon: Coupon, @Ctx() ctx: StoresContext): Promise<string[]> {
    return (await ctx.loaders.couponStores.load(coupon.id)).map((link) => link.storeId);
  }
}
