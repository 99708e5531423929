import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { mayShowGroup, MIN_GROUP_SIZE } from '../../kernel/privacy/min-group.js';
import { BusinessCustomer } from '../business-customer/business-customer.entity.js';
import { membershipKey } from '../business-customer/business-customer.store.js';
import type { WalletContext } from '../context.js';
import { Customer } from '../customer/customer.entity.js';
import { SegmentRule } from './segment-rule.js';
import { Segment, SegmentTarget } from './segment.entity.js';
import {
  CreateSegmentInput,
  SegmentMembersArgs,
  SegmentsArgs,
  SegmentTargetInput,
  UpdateSegmentInput,
} from './segment.input.js';
import { SegmentConnection, SegmentMember, SegmentMemberConnection } from './segment.types.js';

const WHO_READS = 'A business token with crm.segments.read (its own segments only) or the operator.';
const WHO_DEFINES =
  'A business token with crm.segments.read from a first-party app (else FORBIDDEN first_party_app_required), or the operator.';
const NOT_FOUND = 'another business’s segment is NOT_FOUND segment_not_found';

@Resolver(() => Segment)
export class SegmentResolver {
  @Query(() => SegmentConnection, { description: `A page of the business’s segments, newest first. ${WHO_READS}` })
  segments(@Args(() => SegmentsArgs) args: SegmentsArgs, @Ctx() ctx: WalletContext): Promise<SegmentConnection> {
    return ctx.segments.list(args);
  }

  @Query(() => Segment, { description: `One segment; ${NOT_FOUND}. ${WHO_READS}` })
  segment(
    @Arg('id', () => ID, { description: 'The segment.' }) id: string,
    @Ctx() ctx: WalletContext,
  ): Promise<Segment> {
    return ctx.segments.get(id);
  }

  @Mutation(() => Segment, { description: `Defines a segment of the business. ${WHO_DEFINES}` })
  createSegment(
    @Arg('input', () => CreateSegmentInput, { description: 'The new segment.' }) input: CreateSegmentInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Segment> {
    return ctx.segments.create(input);
  }

  @Mutation(() => Segment, { description: `Changes a segment; ${NOT_FOUND}. ${WHO_DEFINES}` })
  updateSegment(
    @Arg('input', () => UpdateSegmentInput, { description: 'The changes.' }) input: UpdateSegmentInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Segment> {
    return ctx.segments.update(input);
  }

  @Mutation(() => ID, {
    description: `Deletes a segment and its targets, answering its id; ${NOT_FOUND}. ${WHO_DEFINES}`,
  })
  deleteSegment(
    @Arg('id', () => ID, { description: 'The segment.' }) id: string,
    @Ctx() ctx: WalletContext,
  ): Promise<string> {
    return ctx.segments.delete(id);
  }

  @Mutation(() => Segment, {
    description: `Targets a coupon or flyer of the business (idempotent): consumers then see it (myCoupons, myFlyers) only while they are members of a segment targeting it. Other content is NOT_FOUND content_not_found. ${WHO_DEFINES}`,
  })
  addSegmentTarget(
    @Arg('input', () => SegmentTargetInput, { description: 'The target.' }) input: SegmentTargetInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Segment> {
    return ctx.segments.addTarget(input);
  }

  @Mutation(() => Segment, { description: `Stops targeting a coupon or flyer (idempotent). ${WHO_DEFINES}` })
  removeSegmentTarget(
    @Arg('input', () => SegmentTargetInput, { description: 'The target.' }) input: SegmentTargetInput,
    @Ctx() ctx: WalletContext,
  ): Promise<Segment> {
    return ctx.segments.removeTarget(input);
  }

  @FieldResolver(() => SegmentRule, { description: 'The rule, as defined.' })
  rule(@Root() segment: Segment): SegmentRule {
    return segment.rule as SegmentRule;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: `How many people are members now (live accounts); null when fewer than ${MIN_GROUP_SIZE} and the caller lacks crm.profiles.read.`,
  })
  async memberCount(@Root() segment: Segment, @Ctx() ctx: WalletContext): Promise<number | null> {
    const n = await ctx.segmentLoaders.memberCount.load(segment);
    return mayShowGroup(ctx.principal, n) ? n : null;
  }

  @FieldResolver(() => Boolean, { description: 'Whether memberCount is hidden as a group too small to show.' })
  async memberCountSuppressed(@Root() segment: Segment, @Ctx() ctx: WalletContext): Promise<boolean> {
    return !mayShowGroup(ctx.principal, await ctx.segmentLoaders.memberCount.load(segment));
  }

  @FieldResolver(() => SegmentMemberConnection, {
    description: 'A page of the members by user id; only with crm.profiles.read (else FORBIDDEN) or for the operator.',
  })
  members(
    @Root() segment: Segment,
    @Args(() => SegmentMembersArgs) args: SegmentMembersArgs,
    @Ctx() ctx: WalletContext,
  ): Promise<SegmentMemberConnection> {
    return ctx.segments.members(segment, args);
  }

  @FieldResolver(() => [SegmentTarget], { description: 'The coupons and flyers the segment targets, oldest first.' })
  targets(@Root() segment: Segment, @Ctx() ctx: WalletContext): Promise<SegmentTarget[]> {
    return ctx.segmentLoaders.targets.load(segment.id);
  }
}

@Resolver(() => SegmentMember)
export class SegmentMemberResolver {
  @FieldResolver(() => BusinessCustomer, {
    nullable: true,
    description: 'The business’s customer record of the member, if it has one (one batched query for a page).',
  })
  customerRecord(@Root() member: SegmentMember, @Ctx() ctx: WalletContext): Promise<BusinessCustomer | null> {
    return ctx.segmentLoaders.customerRecord.load(membershipKey(member.businessAccountId, member.userId));
  }

  @FieldResolver(() => [Customer], {
    description: 'The member’s memberships at the business’s shop apps (one batched query for a page).',
  })
  async memberships(@Root() member: SegmentMember, @Ctx() ctx: WalletContext): Promise<Customer[]> {
    const rows = await ctx.loaders.membershipsOfRecord.load(membershipKey(member.businessAccountId, member.userId));
    return rows.map((r) => r.customer);
  }
}
