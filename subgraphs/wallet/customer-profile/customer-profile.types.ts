import { ArgsType, Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import type { BusinessCustomer } from '../business-customer/business-customer.entity.js';

/**
 * A customer profile of a business (crm.profiles.read, decision 0021): one per customer record of
 * the business, its id the record's. The wallet answers the record, memberships and points; the
 * receipts, engagement and stores subgraphs add their fields to the same entity, each from its own
 * tables and only for the caller's business.
 */
@ObjectType('CustomerProfile', {
  description:
    "One customer of the business as the business knows them (crm.profiles.read): the customer record, memberships and points, and, from the other subgraphs, receipts and orders, visits, check-ins, survey answers and favorites, each only at this business. The id is the customer record's.",
})
@Directive('@key(fields: "id")')
export class CustomerProfile {
  @Field(() => ID, { description: 'The profile id: the id of the business customer record it is built on.' })
  id!: string;

  /** The record the profile is built on (its business and user). */
  record!: BusinessCustomer;
}

/** The page arguments of `customerProfiles`. */
@ArgsType()
export class CustomerProfilesArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20; above 100 is clamped).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: "The previous page's endCursor." })
  after?: string | null;
}

/** A page of profiles (Relay connection). */
export const CustomerProfileConnection = connectionType(
  'CustomerProfile',
  CustomerProfile,
  "A page of the business's customer profiles, newest customer record first.",
);
export type CustomerProfileConnection = InstanceType<typeof CustomerProfileConnection>;
