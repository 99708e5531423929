import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** One answer as stored: the question it answers and the value of its kind. */
export interface SurveyAnswerData {
  readonly questionId: string;
  readonly choices?: readonly string[];
  readonly rating?: number;
  readonly text?: string;
}

/**
 * One response to a survey campaign: from a signed-in user (`userId`) or, on an anonymous campaign,
 * from a device (`deviceId`). `respondentKey` (`user:<id>` or `device:<id>`) is set only while the
 * campaign allows one response per respondent, and is unique per campaign (migration 0024), so
 * concurrent duplicates record once.
 */
@Entity({ tableName: 'survey_response' })
@Unique({ properties: ['campaignId', 'respondentKey'] })
@Index({ properties: ['userId', 'submittedAt'] })
@Index({ properties: ['campaignId', 'submittedAt'] })
export class SurveyResponse extends BaseEntity {
  @Property({ type: 'uuid' })
  campaignId!: string;

  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  @Property({ type: 'string', length: 128, nullable: true })
  deviceId?: string | null;

  @Property({ type: 'string', length: 200, nullable: true })
  respondentKey?: string | null;

  @Property({ type: 'json' })
  answers!: SurveyAnswerData[];

  @Property({ type: 'datetime', columnType: 'timestamptz' })
  submittedAt: Date & Opt = new Date();
}
