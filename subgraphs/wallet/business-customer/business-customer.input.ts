import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { BusinessCustomerSource } from './business-customer.entity.js';
import { CustomerConsent } from './business-customer.types.js';

/** The contact fields create and update share (on update, an absent field stays, null clears). */
@InputType('BusinessCustomerFieldsInput', { description: 'Fields of a customer record that create and update share.' })
export class BusinessCustomerFieldsInput {
  @Field(() => String, {
    nullable: true,
    description: 'Reading of the name in kana (katakana or hiragana), at most 200 characters.',
  })
  nameKana?: string | null;

  @Field(() => String, { nullable: true, description: 'Email; stored normalized (NFKC, lower case).' })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Phone: 6 to 20 digits with an optional leading +; spaces, hyphens, dots and brackets are dropped.',
  })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'Birthday, YYYY-MM-DD, from 1900-01-01 to today.' })
  birthday?: string | null;

  @Field(() => String, { nullable: true, description: "The staff's note, at most 2000 characters." })
  note?: string | null;
}

@InputType('CreateBusinessCustomerInput', { description: 'A customer record the business enters (source staff).' })
export class CreateBusinessCustomerInput extends BusinessCustomerFieldsInput {
  @Field(() => String, { description: 'Name, 1 to 200 characters.' })
  name!: string;

  @Field(() => ID, {
    nullable: true,
    description:
      "The business: the operator must name it; a business token's own is the default (another is FORBIDDEN).",
  })
  businessAccountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Consent to marketing email (default false, not recorded).' })
  marketingEmail?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Consent to marketing push (default false, not recorded).' })
  marketingPush?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Consent to data sharing (default false, not recorded).' })
  dataSharing?: boolean | null;
}

@InputType('UpdateBusinessCustomerInput', {
  description: 'Changes to a customer record: absent fields stay, null clears one.',
})
export class UpdateBusinessCustomerInput extends BusinessCustomerFieldsInput {
  @Field(() => ID, { description: 'The customer record.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name, 1 to 200 characters; null clears it.' })
  name?: string | null;
}

@InputType('BusinessCustomerConsentInput', {
  description: 'Consent flags to set: absent ones stay. Each set flag records when it changed.',
})
export class BusinessCustomerConsentInput {
  @Field(() => ID, { description: 'The customer record.' })
  id!: string;

  @Field(() => Boolean, { nullable: true, description: 'Consent to marketing email.' })
  marketingEmail?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Consent to marketing push notifications.' })
  marketingPush?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Consent to data sharing with partners.' })
  dataSharing?: boolean | null;
}

@ArgsType()
export class BusinessCustomersArgs {
  @Field(() => ID, {
    nullable: true,
    description:
      "The business: the operator must name it; a business token's own is the default (another is FORBIDDEN).",
  })
  businessAccountId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only records whose name, kana, email or phone contains this text (1 to 100 characters).',
  })
  text?: string | null;

  @Field(() => BusinessCustomerSource, { nullable: true, description: 'Only records of this source.' })
  source?: BusinessCustomerSource | null;

  @Field(() => CustomerConsent, { nullable: true, description: 'Only records that gave this consent.' })
  consent?: CustomerConsent | null;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20; above 100 is clamped).' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'The endCursor of the previous page.' })
  after?: string | null;
}
