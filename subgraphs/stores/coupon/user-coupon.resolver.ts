import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { requireUserScope } from '../../kernel/auth/access.js';
import { NotFoundError } from '../../kernel/errors.js';
import type { StoresContext } from '../context.js';
import { Store } from '../store/store.entity.js';
import { UserCouponItem } from './coupon.types.js';

@Resolver(() => UserCouponItem)
export class UserCouponResolver {
  @Query(() => [UserCouponItem], {
    description:
      'The published coupons valid now of the signed-in user’s favorite public stores, one item per (store, coupon), soonest ' +
      'to end first (open-ended last), then by coupon and store id; at most 200. A coupon that segments target ' +
      '(addSegmentTarget) is listed only for members of at least one of them, evaluated now. User token with user.coupons.read.',
  })
  myCoupons(@Ctx() ctx: StoresContext): Promise<UserCouponItem[]> {
    const { userId } = requireUserScope(ctx.principal, 'user.coupons.read');
    return ctx.userCoupons.list(userId);
  }

  @Query(() => UserCouponItem, {
    description:
      'One item of myCoupons; NOT_FOUND coupon_not_found when the list would not show it. User token with user.coupons.read.',
  })
  myCoupon(
    @Arg('storeId', () => ID) storeId: string,
    @Arg('couponId', () => ID) couponId: string,
    @Ctx() ctx: StoresContext,
  ): Promise<UserCouponItem> {
    const { userId } = requireUserScope(ctx.principal, 'user.coupons.read');
    return ctx.userCoupons.one(userId, storeId, couponId);
  }

  @FieldResolver(() => Store, { description: 'The store as it is now (one batched query for a whole list).' })
  async store(@Root() item: UserCouponItem, @Ctx() ctx: StoresContext): Promise<Store> {
    const store = await ctx.loaders.storeById.load(item.storeId);
    if (!store) throw new NotFoundError('The store no longer exists.', 'store_not_found');
    return store;
  }
}
