/**
 * The membership card of a shop app, as the wallet passes print it: ranks by points, the rules that
 * earn points, and the card design. Stored as one JSON document in shop_app.membership_card.
 */
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

// Members named as they read on the wire: GraphQL serializes an enum by its member names.
export enum BarcodeFormat {
  qr = 'qr',
  code128 = 'code128',
}
registerEnumType(BarcodeFormat, { name: 'BarcodeFormat', description: 'Barcode printed on the card: qr or code128.' });

@ObjectType('MembershipRank', { description: 'A rank of the membership card, reached at minPoints.' })
@InputType('MembershipRankInput', { description: 'A rank: ranks start at 0 points and rise strictly.' })
export class MembershipRank {
  @Field(() => String, { description: 'Code: 1 to 32 of a-z 0-9 _ -, unique in the card.' })
  code!: string;

  @Field(() => String, { description: 'Name shown, 1 to 40 characters.' })
  name!: string;

  @Field(() => Int, { description: 'Points from which the rank applies: 0 for the first, then strictly increasing.' })
  minPoints!: number;

  @Field(() => String, { description: 'Colour of the rank, #RRGGBB.' })
  color!: string;

  @Field(() => [String], { description: 'Benefits shown, at most 10 of 1 to 100 characters.' })
  benefits!: string[];
}

@ObjectType('PointRules', { description: 'How members earn and lose points.' })
@InputType('PointRulesInput', { description: 'How members earn and lose points.' })
export class PointRules {
  @Field(() => Int, { description: 'Yen spent per point (100: 1 point per 100 JPY), 1 to 100000.' })
  yenPerPoint!: number;

  @Field(() => Int, { description: 'Points given on sign-up, 0 to 100000.' })
  pointsOnSignUp!: number;

  @Field(() => Int, { description: 'Points given per visit (check-in), 0 to 100000.' })
  pointsPerVisit!: number;

  @Field(() => Int, { nullable: true, description: 'Months after which points expire, 1 to 120; null: never.' })
  expiryMonths!: number | null;
}

@ObjectType('MembershipCardDesign', { description: 'Colours and text of the card.' })
@InputType('MembershipCardDesignInput', { description: 'Colours and text of the card.' })
export class MembershipCardDesign {
  @Field(() => String, { description: 'Background colour, #RRGGBB.' })
  backgroundColor!: string;

  @Field(() => String, { description: 'Text colour, #RRGGBB.' })
  foregroundColor!: string;

  @Field(() => String, { description: 'Label colour, #RRGGBB.' })
  labelColor!: string;

  @Field(() => String, { nullable: true, description: 'Text beside the logo, at most 40 characters; null: none.' })
  logoText!: string | null;

  @Field(() => BarcodeFormat, { description: 'Barcode printed on the card.' })
  barcodeFormat!: BarcodeFormat;
}

@InputType('MembershipCardConfigInput', { description: "A shop app's membership card: replaces the whole config." })
export class MembershipCardConfigInput {
  @Field(() => [MembershipRank], { description: '1 to 10 ranks, the first at 0 points, minPoints rising strictly.' })
  ranks!: MembershipRank[];

  @Field(() => PointRules, { description: 'How members earn and lose points.' })
  pointRules!: PointRules;

  @Field(() => MembershipCardDesign, { description: 'Colours and text of the card.' })
  design!: MembershipCardDesign;
}

@ObjectType('MembershipCardConfig', {
  description: "A shop app's membership card; disabled (no ranks, default rules and design) until configured.",
})
export class MembershipCardConfig {
  @Field(() => String, { description: 'The app.' })
  shopId!: string;

  @Field(() => Boolean, { description: 'Whether the card is configured.' })
  enabled!: boolean;

  @Field(() => [MembershipRank], { description: 'Ranks by rising minPoints; empty until configured.' })
  ranks!: MembershipRank[];

  @Field(() => PointRules, { description: 'How members earn and lose points.' })
  pointRules!: PointRules;

  @Field(() => MembershipCardDesign, { description: 'Colours and text of the card.' })
  design!: MembershipCardDesign;

  @Field(() => GraphQLDateTimeISO, { description: 'When the config last changed (the app creation until configured).' })
  updatedAt!: Date;
}
