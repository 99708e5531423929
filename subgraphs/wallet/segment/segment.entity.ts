import { Check, Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import type { Rule } from './segment-rule.js';

/** Bounds of a segment's texts (migration 0046). */
export const SEGMENT_LIMITS = { name: 200, description: 2000, targets: 50 } as const;

/**
 * A customer segment of a business (crm.segments.read): a named rule over the business's own
 * customer data, evaluated in SQL whenever it is read (segment-sql.ts), so its members are always
 * current. Defined by the business owner through a first-party app, or by the operator.
 */
@ObjectType('Segment', { description: 'A rule-based customer segment of a business, evaluated when read.' })
@Entity({ tableName: 'segment' })
@Index({ properties: ['businessAccountId', 'createdAt', 'id'] })
export class Segment extends BaseEntity {
  /** Owner; a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the segment.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Name, 1 to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { description: 'Description, at most 2000 characters (may be empty).' })
  @Property({ type: 'string', length: 2000 })
  description!: string;

  /** The checked rule tree (segment-rule.validation.ts); exposed through the `rule` field resolver. */
  @Property({ type: 'json' })
  rule!: Rule;
}

/** What a segment can target. */
export enum SegmentTargetKind {
  coupon = 'coupon',
  flyer = 'flyer',
}
registerEnumType(SegmentTargetKind, {
  name: 'SegmentTargetKind',
  description: 'coupon (a coupon of the business) or flyer (a flyer of the business).',
});

/**
 * Content of the same business a segment is meant for: a coupon or a flyer. Consumer views may
 * narrow that content to the segment's members (segment-membership.ts).
 */
@ObjectType('SegmentTarget', { description: 'A coupon or flyer of the business that a segment targets.' })
@Entity({ tableName: 'segment_target' })
@Unique({ properties: ['segmentId', 'kind', 'contentId'] })
@Index({ properties: ['kind', 'contentId'] })
@Check({ name: 'segment_target_kind_check', expression: `"kind" in ('coupon', 'flyer')` })
export class SegmentTarget extends BaseEntity {
  /** The segment; a database-only foreign key (deleted with it). */
  @Field(() => ID, { description: 'The segment.' })
  @Property({ type: 'uuid' })
  segmentId!: string;

  @Field(() => SegmentTargetKind, { description: 'What kind of content is targeted.' })
  @Property({ type: 'string', length: 16 })
  kind!: SegmentTargetKind;

  @Field(() => ID, { description: 'The coupon or flyer id (of the same business).' })
  @Property({ type: 'uuid' })
  contentId!: string;
}
