import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../kernel/connection.js';
import type { IdentityContext } from '../context.js';
import { StaffMember, StaffRole, StaffStatus } from './staff-member.entity.js';
import { CreateStaffMemberInput, UpdateStaffMemberInput } from './staff-member.input.js';
import { StaffInvitation, StaffMemberConnection, StaffStoreRef } from './staff-member.types.js';

const WHO_READS = 'A business token with store.staff.read (its own staff only) or the operator.';
const WHO_WRITES = 'A business token with store.staff.write (its own staff and stores only) or the operator.';

@Resolver(() => StaffMember)
export class StaffMemberResolver {
  @Query(() => StaffMemberConnection, {
    description: `The staff of the caller’s business by kana reading, a page at a time; filters combine. ${WHO_READS}`,
  })
  staffMembers(
    @Arg('businessAccountId', () => ID, { nullable: true, description: 'The business (required for the operator).' })
    businessAccountId: string | null,
    @Arg('storeId', () => ID, {
      nullable: true,
      description: 'Only staff of this store (NOT_FOUND store_not_found for another business’s).',
    })
    storeId: string | null,
    @Arg('role', () => StaffRole, { nullable: true, description: 'Only staff of this role.' }) role: StaffRole | null,
    @Arg('status', () => StaffStatus, { nullable: true, description: 'Only staff of this status.' })
    status: StaffStatus | null,
    @Arg('text', () => String, {
      nullable: true,
      description: 'Text in the name, reading, email or employee code (at most 100 characters).',
    })
    text: string | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20; more is clamped).' })
    first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' })
    after: string | null,
    @Ctx() ctx: IdentityContext,
  ): Promise<Connection<StaffMember>> {
    return ctx.staff.list({ businessAccountId, storeId, role, status, text, first, after });
  }

  @Query(() => StaffMember, {
    description: `One staff member; NOT_FOUND staff_member_not_found for another business’s. ${WHO_READS}`,
  })
  staffMember(@Arg('id', () => ID) id: string, @Ctx() ctx: IdentityContext): Promise<StaffMember> {
    return ctx.staff.get(id);
  }

  @Mutation(() => StaffMember, {
    description: `Creates a staff member; a store of another business is NOT_FOUND store_not_found, a taken employee code CONFLICT employee_code_taken. ${WHO_WRITES}`,
  })
  createStaffMember(
    @Arg('input', () => CreateStaffMemberInput) input: CreateStaffMemberInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<StaffMember> {
    return ctx.staff.create(input);
  }

  @Mutation(() => StaffMember, {
    description: `Changes a staff member (absent fields stay, null clears an optional one). ${WHO_WRITES}`,
  })
  updateStaffMember(
    @Arg('input', () => UpdateStaffMemberInput) input: UpdateStaffMemberInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<StaffMember> {
    return ctx.staff.update(input);
  }

  @Mutation(() => Boolean, {
    description: `Deletes a staff member with its store links and invitations; a linked user account is not touched. ${WHO_WRITES}`,
  })
  deleteStaffMember(@Arg('id', () => ID) id: string, @Ctx() ctx: IdentityContext): Promise<boolean> {
    return ctx.staff.delete(id);
  }

  @Mutation(() => StaffInvitation, {
    description:
      'Mails the staff member a single-use invitation (7 days) to link a user account with the same verified email; ' +
      'accepting never makes the user an owner. CONFLICT staff_member_without_email, staff_member_inactive or ' +
      `staff_member_already_linked. ${WHO_WRITES}`,
  })
  inviteStaffMember(
    @Arg('id', () => ID) id: string,
    @Arg('locale', () => String, { nullable: true, description: 'Language of the mail and page: ja (default) or en.' })
    locale: string | null,
    @Ctx() ctx: IdentityContext,
  ): Promise<StaffInvitation> {
    return ctx.staff.invite(id, locale);
  }

  @FieldResolver(() => [ID], { description: 'The stores they work at, by id (one batched query for a whole page).' })
  async storeIds(@Root() member: StaffMember, @Ctx() ctx: IdentityContext): Promise<string[]> {
    return (await ctx.loaders.staffStores.load(member.id)).map((link) => link.storeId);
  }

  @FieldResolver(() => [StaffStoreRef], {
    description: 'The stores they work at (one batched query for a whole page).',
  })
  async stores(@Root() member: StaffMember, @Ctx() ctx: IdentityContext): Promise<StaffStoreRef[]> {
    return (await ctx.loaders.staffStores.load(member.id)).map((link) => ({ id: link.storeId }));
  }
}
