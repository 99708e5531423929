import type { Opt } from '@mikro-orm/core';
import { Index, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Longest campaign token (the column's length); longer input cannot match. */
export const MAX_CAMPAIGN_TOKEN_LENGTH = 64;

/**
 * What check-in and survey campaigns share: the business that runs it, the unguessable token consumers
 * present (printed as a QR code in store), the name and description shown to them, and when it
 * accepts answers (switched on, and inside its optional window). Each campaign kind is a table of its
 * own with these columns (migration 0022); this class only declares them once.
 */
@ObjectType('CampaignBase', { description: 'Fields every campaign has (never emitted on its own).' })
export abstract class Campaign extends BaseEntity {
  /** The business running the campaign (a foreign key to the identity subgraph's business_account). */
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'The campaign token consumers present (from a QR code or link).' })
  @Property({ type: 'string', length: MAX_CAMPAIGN_TOKEN_LENGTH, unique: true })
  token!: string;

  @Field(() => String, { description: 'Campaign name shown to consumers.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Description shown to consumers.' })
  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Answers are accepted from this time; null: no start limit.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  startsAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'Answers are accepted until this time (exclusive); null: no end limit.',
  })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  endsAt?: Date | null;

  @Field(() => Boolean, { description: 'Whether the business has the campaign switched on.' })
  @Property({ type: 'boolean', default: true })
  isActive: boolean & Opt = true;
}

/** Whether a campaign accepts answers at `now`, or why not. */
export type CampaignWindowStatus = 'open' | 'inactive' | 'not_started' | 'ended';

/** Where `now` falls for `campaign`: switched off first, then before `startsAt`, at or after `endsAt`. */
export function campaignWindow(
  campaign: Pick<Campaign, 'isActive' | 'startsAt' | 'endsAt'>,
  now: Date,
): CampaignWindowStatus {
  if (!campaign.isActive) return 'inactive';
  if (campaign.startsAt && now.getTime() < campaign.startsAt.getTime()) return 'not_started';
  if (campaign.endsAt && now.getTime() >= campaign.endsAt.getTime()) return 'ended';
  return 'open';
}
