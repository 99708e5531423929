import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { connectionType } from '../../kernel/connection.js';
import { StaffMember } from './staff-member.entity.js';

/** A reference to the stores subgraph's Store; the stores subgraph resolves its fields. */
@ObjectType('Store', { description: 'A physical store (resolved by the stores subgraph).' })
@Directive('@key(fields: "id", resolvable: false)')
export class StaffStoreRef {
  @Field(() => ID, { description: 'UUIDv7 identifier of the store.' })
  id!: string;
}

/** A page of staff members, by kana reading. */
export const StaffMemberConnection = connectionType(
  'StaffMember',
  StaffMember,
  'A page of a business’s staff members, ordered by kana reading (then id).',
);

/** A staff invitation as its sender sees it (the token only goes in the mail). */
@ObjectType('StaffInvitation', {
  description: 'A single-use invitation (7 days) for a user with the staff member’s verified email to link to them.',
})
export class StaffInvitation {
  @Field(() => ID, { description: 'The invitation.' })
  id!: string;

  @Field(() => ID, { description: 'The staff member it links.' })
  staffMemberId!: string;

  @Field(() => String, { description: 'The address it was mailed to (the staff member’s email).' })
  email!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the link stops working.' })
  expiresAt!: Date;
}
