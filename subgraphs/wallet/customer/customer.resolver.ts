import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { NotFoundError } from '../../kernel/errors.js';
import type { WalletContext } from '../context.js';
import { ShopCustomerArgs } from '../wallet.args.js';
import { cardRanks } from './customer-rank.js';
import { Customer } from './customer.entity.js';
import { CreateCustomerInput, CustomerPage, CustomerRank, ShopCustomersArgs } from './customer.types.js';

const STAFF = "The operator, or a business token of the shop app's business; another business's shop app is NOT_FOUND";

@Resolver(() => Customer)
export class CustomerResolver {
  @Mutation(() => Customer, {
    description:
      "Makes the signed-in user a member of the shop app (any user token): a 12-digit member number, the card's " +
      'pointsOnSignUp and the rank they reach. Joining again answers the existing membership. NOT_FOUND app_not_found.',
  })
  joinMembership(@Arg('shopId', () => String) shopId: string, @Ctx() ctx: WalletContext): Promise<Customer> {
    return ctx.customers.join(shopId);
  }

  @Query(() => [Customer], { description: "The signed-in user's memberships, oldest first (any user token)." })
  myMemberships(@Ctx() ctx: WalletContext): Promise<Customer[]> {
    return ctx.customers.mine();
  }

  @Query(() => CustomerPage, {
    description: `The customers of a shop app by member number (store.customers.read). ${STAFF} (app_not_found).`,
  })
  shopCustomers(
    @Args(() => ShopCustomersArgs) args: ShopCustomersArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<CustomerPage> {
    return ctx.customers.list(args);
  }

  @Query(() => Customer, {
    description: `One customer of a shop app (store.customers.read). ${STAFF} (customer_not_found).`,
  })
  shopCustomer(@Args(() => ShopCustomerArgs) args: ShopCustomerArgs, @Ctx() ctx: WalletContext): Promise<Customer> {
    return ctx.customers.get(args.shopId, args.customerId);
  }

  @Mutation(() => Customer, {
    description:
      `Adds delta points (negative: takes them away; -10000000 to 10000000, not 0) and sets the rank the new points ` +
      `reach (store.customers.write). CONFLICT insufficient_points when points would fall below 0: nothing changes. ${STAFF} (customer_not_found).`,
  })
  adjustCustomerPoints(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Arg('delta', () => Int) delta: number,
    @Arg('reason', () => String, { nullable: true, description: 'Why, at most 200 characters (in the event).' })
    reason: string | null,
    @Ctx() ctx: WalletContext,
  ): Promise<Customer> {
    return ctx.customers.adjustPoints(args.shopId, args.customerId, delta, reason ?? null);
  }

  @Mutation(() => Customer, {
    description:
      'Puts the customer on a rank of the card by hand (store.customers.write); it stays until the next change of points, ' +
      `which sets the rank the points reach. Null: the rank the points reach now. ${STAFF} (customer_not_found).`,
  })
  setCustomerRank(
    @Args(() => ShopCustomerArgs) args: ShopCustomerArgs,
    @Arg('rankCode', () => String, { nullable: true, description: 'A rank code of the card config, or null.' })
    rankCode: string | null,
    @Ctx() ctx: WalletContext,
  ): Promise<Customer> {
    return ctx.customers.setRank(args.shopId, args.customerId, rankCode ?? null);
  }

  @Mutation(() => Customer, {
    description:
      'Operator: makes a user a member of a shop app (ops customer:create). NOT_FOUND app_not_found or user_not_found; ' +
      'CONFLICT customer_exists when the user is a member already.',
  })
  createCustomer(
    @Arg('input', () => CreateCustomerInput) input: CreateCustomerInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Customer> {
    return ctx.customers.create(input);
  }

  @FieldResolver(() => String, { description: 'The shop app, as in /api/v1/apps/{shopId}.' })
  async shopId(@Root() customer: Customer, @Ctx() ctx: WalletContext): Promise<string> {
    const shop = await ctx.loaders.shopByAppId.load(customer.shopAppId);
    // A customer goes with its shop app (foreign key), so this holds unless the app went mid-request.
    if (!shop) throw new NotFoundError('The shop app no longer exists.', 'app_not_found');
    return shop.shopId;
  }

  @FieldResolver(() => CustomerRank, {
    nullable: true,
    description: "The customer's rank in the shop's membership card; null without a card or a rank it still has.",
  })
  async rank(@Root() customer: Customer, @Ctx() ctx: WalletContext): Promise<CustomerRank | null> {
    if (!customer.rankCode) return null;
    const shop = await ctx.loaders.shopByAppId.load(customer.shopAppId);
    const rank = cardRanks(shop?.membershipCard ?? null).find((r) => r.code === customer.rankCode);
    return rank ? { code: rank.code, name: rank.name, color: rank.color } : null;
  }
}
