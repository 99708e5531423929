import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { BusinessCustomer } from '../business-customer/business-customer.entity.js';
import { membershipKey } from '../business-customer/business-customer.store.js';
import { Customer } from '../customer/customer.entity.js';
import type { WalletContext } from '../context.js';
import { CustomerProfile, CustomerProfileConnection, CustomerProfilesArgs } from './customer-profile.types.js';

const WHO = 'A business token with crm.profiles.read (its own customers only).';

/** The profile queries (crm.profiles.read) and the wallet's fields of a profile: record, memberships, points. */
@Resolver(() => CustomerProfile)
export class CustomerProfileResolver {
  @Query(() => CustomerProfileConnection, {
    description: `The business's customer profiles, one per customer record, newest record first. ${WHO}`,
  })
  customerProfiles(
    @Args(() => CustomerProfilesArgs) args: CustomerProfilesArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<CustomerProfileConnection> {
    return ctx.customerProfiles.list(args);
  }

  @Query(() => CustomerProfile, {
    description: `One customer profile; another business's, or an id of no customer record, is NOT_FOUND customer_profile_not_found. ${WHO}`,
  })
  customerProfile(
    @Arg('id', () => ID, { description: 'The profile (its customer record id).' }) id: string,
    @Ctx() ctx: WalletContext,
  ): Promise<CustomerProfile> {
    return ctx.customerProfiles.get(id);
  }

  @FieldResolver(() => BusinessCustomer, {
    description: "The business's customer record: contact details and consent.",
  })
  customer(@Root() profile: CustomerProfile): BusinessCustomer {
    return profile.record;
  }

  @FieldResolver(() => [Customer], {
    description: "The person's memberships at the business's shop apps, oldest first; [] for a record of no user.",
  })
  memberships(@Root() profile: CustomerProfile, @Ctx() ctx: WalletContext): Promise<Customer[]> {
    return membershipsOf(profile, ctx);
  }

  @FieldResolver(() => Int, { description: "Points held across the person's memberships at the business's shop apps." })
  async points(@Root() profile: CustomerProfile, @Ctx() ctx: WalletContext): Promise<number> {
    return (await membershipsOf(profile, ctx)).reduce((sum, c) => sum + c.points, 0);
  }
}

async function membershipsOf(profile: CustomerProfile, ctx: WalletContext): Promise<Customer[]> {
  const { businessAccountId, userId } = profile.record;
  if (!userId) return [];
  return (await ctx.loaders.membershipsOfRecord.load(membershipKey(businessAccountId, userId))).map((m) => m.customer);
}
