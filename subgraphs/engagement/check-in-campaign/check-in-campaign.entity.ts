import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { Directive, Field, ObjectType } from 'type-graphql';
import { Campaign } from '../campaign/campaign.entity.js';

/**
 * A check-in campaign of a store: consumers check in by presenting its token (usually from a QR code
 * at the store). It accepts check-ins while active and inside its optional time window.
 */
@ObjectType('CheckInCampaign', { description: 'A check-in campaign of a store, addressed by its token.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'check_in_campaign' })
export class CheckInCampaign extends Campaign {
  /** Foreign key to the stores subgraph's store table (enforced by the database); a store of the business. */
  @Index()
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => Boolean, {
    description:
      'Whether a consumer may check in more than once a day; false (the default): one check-in per user per store per store-local day.',
  })
  @Property({ type: 'boolean', default: false })
  allowRepeatCheckIns: boolean & Opt = false;
}
