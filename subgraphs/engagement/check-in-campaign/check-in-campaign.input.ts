import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';

/** The fields create and update share (on update, an absent field stays as it is). */
@InputType('CheckInCampaignFieldsInput', { description: 'Fields of a check-in campaign that create and update share.' })
export class CheckInCampaignFieldsInput {
  @Field(() => String, { nullable: true, description: 'Description shown to consumers, at most 2000 characters.' })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Check-ins accepted from this time; null: no start.',
  })
  startsAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Check-ins accepted until this time (excluded), after startsAt; null: no end.',
  })
  endsAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Switched on (default true on create).' })
  isActive?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Allow more than one check-in per user per store per local day (default false on create).',
  })
  allowRepeatCheckIns?: boolean | null;
}

@InputType('CreateCheckInCampaignInput', {
  description: 'A new check-in campaign for one store of the caller’s business.',
})
export class CreateCheckInCampaignInput extends CheckInCampaignFieldsInput {
  @Field(() => ID, { description: 'The store (of the caller’s business; the operator: any store).' })
  storeId!: string;

  @Field(() => String, { description: 'Name shown to consumers, 1 to 200 characters.' })
  name!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The business running it, when named: it must own the store (else NOT_FOUND store_not_found).',
  })
  businessAccountId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Operator only: the campaign token (8 to 64 of A-Z a-z 0-9 _ -). Otherwise an unguessable 128-bit base64url token is generated.',
  })
  token?: string | null;
}

@InputType('UpdateCheckInCampaignInput', {
  description: 'Changes to a check-in campaign: absent fields stay, null clears an optional one.',
})
export class UpdateCheckInCampaignInput extends CheckInCampaignFieldsInput {
  @Field(() => ID, { description: 'The campaign.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name shown to consumers, 1 to 200 characters.' })
  name?: string | null;
}
