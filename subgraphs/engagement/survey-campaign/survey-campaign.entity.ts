import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { Directive, Field, ObjectType } from 'type-graphql';
import { Campaign } from '../campaign/campaign.entity.js';
import type { SurveyQuestionData } from './survey-campaign.types.js';

/**
 * A survey campaign of a store, addressed by its token. Anonymous campaigns accept answers from callers
 * without a bearer token (identified by a stable device id); the others require a signed-in user.
 */
@ObjectType('SurveyCampaign', { description: 'A survey campaign of a store, addressed by its token.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'survey_campaign' })
export class SurveyCampaign extends Campaign {
  /**
   * The store it was made for (a foreign key to the stores subgraph's store table); null: any store of
   * the business.
   */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  storeId?: string | null;

  @Field(() => Boolean, { description: 'Whether callers without a bearer token may answer (with a device id).' })
  @Property({ type: 'boolean', default: false })
  isAnonymous: boolean & Opt = false;

  @Field(() => Boolean, {
    description: 'Whether each user (each device, for anonymous answers) may respond only once.',
  })
  @Property({ type: 'boolean', default: true })
  onePerRespondent: boolean & Opt = true;

  /** The questions in display order; exposed through a field resolver that fills defaults. */
  @Property({ type: 'json' })
  questions: SurveyQuestionData[] & Opt = [];
}
