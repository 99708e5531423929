import { Field, ID, InputType } from 'type-graphql';
import { StaffRole, StaffStatus } from './staff-member.entity.js';

@InputType('CreateStaffMemberInput', { description: 'A new staff member of a business.' })
export class CreateStaffMemberInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The business: a business token’s own (naming another is FORBIDDEN); required for the operator.',
  })
  businessAccountId?: string | null;

  @Field(() => String, { description: 'Name as shown, 1 to 100 characters.' })
  displayName!: string;

  @Field(() => String, { description: 'Reading in hiragana or katakana (フリガナ), 1 to 100 characters.' })
  nameKana!: string;

  @Field(() => String, { nullable: true, description: 'Email, at most 320 characters; needed to invite them.' })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Employee code, at most 32 letters, digits, ".", "_" or "-"; unique in the business.',
  })
  employeeCode?: string | null;

  @Field(() => StaffRole, { description: 'What the staff member does.' })
  role!: StaffRole;

  @Field(() => StaffStatus, { nullable: true, description: 'active (default) or inactive.' })
  status?: StaffStatus | null;

  @Field(() => [ID], { nullable: true, description: 'Stores they work at, at most 50, all of the same business.' })
  storeIds?: string[] | null;
}

@InputType('UpdateStaffMemberInput', {
  description: 'Changes to a staff member: absent fields stay, null clears an optional one.',
})
export class UpdateStaffMemberInput {
  @Field(() => ID, { description: 'The staff member.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Name as shown, 1 to 100 characters.' })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: 'Reading in hiragana or katakana, 1 to 100 characters.' })
  nameKana?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Email (null clears it); a pending invitation to the old address stops working.',
  })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'Employee code (null clears it); unique in the business.' })
  employeeCode?: string | null;

  @Field(() => StaffRole, { nullable: true, description: 'What the staff member does.' })
  role?: StaffRole | null;

  @Field(() => StaffStatus, { nullable: true, description: 'active or inactive.' })
  status?: StaffStatus | null;

  @Field(() => [ID], { nullable: true, description: 'Stores they work at (replace the old ones), at most 50.' })
  storeIds?: string[] | null;
}
