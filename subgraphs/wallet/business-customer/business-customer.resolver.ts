import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Customer } from '../customer/customer.entity.js';
import type { WalletContext } from '../context.js';
import { BusinessCustomer } from './business-customer.entity.js';
import {
  BusinessCustomerConsentInput,
  BusinessCustomersArgs,
  CreateBusinessCustomerInput,
  UpdateBusinessCustomerInput,
} from './business-customer.input.js';
import { membershipKey } from './business-customer.store.js';
import { BusinessCustomerConnection } from './business-customer.types.js';

const WHO_READS = 'A business token with store.customers.read (its own records only) or the operator.';
const WHO_WRITES = 'A business token with store.customers.write (its own records only) or the operator.';
const NOT_FOUND = "another business's record is NOT_FOUND business_customer_not_found";

@Resolver(() => BusinessCustomer)
export class BusinessCustomerResolver {
  @Query(() => BusinessCustomerConnection, {
    description: `The business's customer records, newest first, filtered by text, source and consent. ${WHO_READS}`,
  })
  businessCustomers(
    @Args(() => BusinessCustomersArgs) args: BusinessCustomersArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<BusinessCustomerConnection> {
    return ctx.businessCustomers.list(args);
  }

  @Query(() => BusinessCustomer, { description: `One customer record; ${NOT_FOUND}. ${WHO_READS}` })
  businessCustomer(
    @Arg('id', () => ID, { description: 'The customer record.' }) id: string,
    @Ctx() ctx: WalletContext,
  ): Promise<BusinessCustomer> {
    return ctx.businessCustomers.get(id);
  }

  @Mutation(() => BusinessCustomer, {
    description: `Enters a customer record (source staff); the operator names the business. ${WHO_WRITES}`,
  })
  createBusinessCustomer(
    @Arg('input', () => CreateBusinessCustomerInput) input: CreateBusinessCustomerInput,
    @Ctx() ctx: WalletContext,
  ): Promise<BusinessCustomer> {
    return ctx.businessCustomers.create(input);
  }

  @Mutation(() => BusinessCustomer, {
    description: `Changes a record's contact fields and note (absent stay, null clears); ${NOT_FOUND}. ${WHO_WRITES}`,
  })
  updateBusinessCustomer(
    @Arg('input', () => UpdateBusinessCustomerInput) input: UpdateBusinessCustomerInput,
    @Ctx() ctx: WalletContext,
  ): Promise<BusinessCustomer> {
    return ctx.businessCustomers.update(input);
  }

  @Mutation(() => BusinessCustomer, {
    description: `Sets consent flags, each with the instant it changed; ${NOT_FOUND}. ${WHO_WRITES}`,
  })
  setBusinessCustomerConsent(
    @Arg('input', () => BusinessCustomerConsentInput) input: BusinessCustomerConsentInput,
    @Ctx() ctx: WalletContext,
  ): Promise<BusinessCustomer> {
    return ctx.businessCustomers.setConsent(input);
  }

  @Mutation(() => ID, {
    description: `Erases a customer record for good (memberships stay the user's); its id. ${NOT_FOUND}. ${WHO_WRITES}`,
  })
  deleteBusinessCustomer(
    @Arg('id', () => ID, { description: 'The customer record.' }) id: string,
    @Ctx() ctx: WalletContext,
  ): Promise<string> {
    return ctx.businessCustomers.delete(id);
  }

  @FieldResolver(() => [Customer], {
    description: "The user's memberships at this business's shop apps, oldest first; [] for a record of no user.",
  })
  async memberships(@Root() record: BusinessCustomer, @Ctx() ctx: WalletContext): Promise<Customer[]> {
    if (!record.userId) return [];
    const found = await ctx.loaders.membershipsOfRecord.load(membershipKey(record.businessAccountId, record.userId));
    return found.map((m) => m.customer);
  }
}
