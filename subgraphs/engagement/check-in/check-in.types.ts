import { Field, ObjectType, registerEnumType } from 'type-graphql';
import type { CheckInCampaign } from '../check-in-campaign/check-in-campaign.entity.js';
import { CheckIn } from './check-in.entity.js';

/** Whether a check-in was recorded. */
export enum CheckInStatus {
  recorded = 'recorded',
  rejected = 'rejected',
}

/**
 * Why a check-in was not recorded (the complete set): unknown_token (no campaign has the token),
 * inactive / not_started / ended (the campaign's switch and window), store_not_public (the campaign's
 * store is not publicly visible), already_checked_in (the caller already checked in at this store on
 * the store-local day and the campaign allows one check-in a day).
 */
export enum CheckInRejection {
  unknown_token = 'unknown_token',
  inactive = 'inactive',
  not_started = 'not_started',
  ended = 'ended',
  store_not_public = 'store_not_public',
  already_checked_in = 'already_checked_in',
}

registerEnumType(CheckInStatus, { name: 'CheckInStatus', description: 'recorded, or rejected with a reason.' });
registerEnumType(CheckInRejection, {
  name: 'CheckInRejection',
  description:
    'Why a check-in was rejected: unknown_token, inactive, not_started, ended, store_not_public, already_checked_in.',
});

@ObjectType('CheckInResult', {
  description: 'The outcome of a check-in: recorded with the check-in, or rejected with a reason.',
})
export class CheckInResult {
  @Field(() => CheckInStatus, { description: 'recorded or rejected.' })
  status!: CheckInStatus;

  @Field(() => CheckInRejection, { nullable: true, description: 'Why it was rejected; null when recorded.' })
  reason?: CheckInRejection | null;

  @Field(() => CheckIn, { nullable: true, description: 'The recorded check-in; null when rejected.' })
  checkIn?: CheckIn | null;
}

/**
 * What a campaign preview says about checking in now (the complete set): open, or the reason a check-in
 * would be rejected before any duplicate check (unknown_token, inactive, not_started, ended, store_not_public).
 */
export enum CheckInCampaignStatus {
  open = 'open',
  unknown_token = 'unknown_token',
  inactive = 'inactive',
  not_started = 'not_started',
  ended = 'ended',
  store_not_public = 'store_not_public',
}

registerEnumType(CheckInCampaignStatus, {
  name: 'CheckInCampaignStatus',
  description:
    'open, or why a check-in would be rejected: unknown_token, inactive, not_started, ended, store_not_public.',
});

@ObjectType('CheckInCampaignPreview', {
  description: 'A check-in campaign as a consumer sees it before checking in (records nothing).',
})
export class CheckInCampaignPreview {
  @Field(() => CheckInCampaignStatus, { description: 'open, or why a check-in would be rejected now.' })
  status!: CheckInCampaignStatus;

  /** The campaign; null on unknown_token. */
  campaign!: CheckInCampaign | null;

  /** Whether its store is publicly visible (its id and name are shown only then). */
  storeIsPublic!: boolean;
}
