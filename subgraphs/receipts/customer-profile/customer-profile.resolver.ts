import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { CustomerProfileRef } from '../../kernel/privacy/customer-profile.js';
import type { ReceiptsContext } from '../context.js';
import { CustomerProfilePurchases, ReceiptsCustomerProfile } from './customer-profile.types.js';

/** The receipts subgraph's fields of a customer profile: claimed receipts and orders at the business. */
@Resolver(() => ReceiptsCustomerProfile)
export class ReceiptsCustomerProfileResolver {
  @FieldResolver(() => CustomerProfilePurchases, {
    description:
      "The receipts the person claimed at the business's stores (by the record's user; none for a storefront or staff record): count, totals by currency, first and latest purchase.",
  })
  receipts(@Root() ref: CustomerProfileRef, @Ctx() ctx: ReceiptsContext): Promise<CustomerProfilePurchases> {
    return ctx.customerProfiles.receipts(ref);
  }

  @FieldResolver(() => CustomerProfilePurchases, {
    description:
      "The business's orders of this customer record: those naming it, and for a storefront record the shop's orders of that shop customer; cancelled ones left out.",
  })
  orders(@Root() ref: CustomerProfileRef, @Ctx() ctx: ReceiptsContext): Promise<CustomerProfilePurchases> {
    return ctx.customerProfiles.orders(ref);
  }
}
