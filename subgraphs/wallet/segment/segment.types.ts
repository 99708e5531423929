import { Field, ID, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import { Segment } from './segment.entity.js';

/** A page of a business's segments (Relay), newest first. */
export const SegmentConnection = connectionType('Segment', Segment, 'A page of the business’s segments, newest first.');
export type SegmentConnection = InstanceType<typeof SegmentConnection>;

/**
 * A member of a segment: a user with a live account, and only what the segment's business itself holds
 * of them (its customer record, its memberships), loaded per page in batches.
 */
@ObjectType('SegmentMember', {
  description: 'A member of a segment, with only the business’s own relationship with the person.',
})
export class SegmentMember {
  @Field(() => ID, { description: 'The member’s user id.' })
  userId!: string;

  /** The segment's business (for the per-member loaders; not exposed). */
  businessAccountId!: string;
}

/** A page of a segment's members (Relay), by user id. */
export const SegmentMemberConnection = connectionType(
  'SegmentMember',
  SegmentMember,
  'A page of a segment’s members, ordered by user id.',
);
export type SegmentMemberConnection = InstanceType<typeof SegmentMemberConnection>;
