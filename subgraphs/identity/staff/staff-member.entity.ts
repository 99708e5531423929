import { Check, Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * What a staff member does at the business's stores: the vocabulary of a Japanese store back office.
 * A role is a label of the business's records; it grants no access to this API.
 */
export enum StaffRole {
  manager = 'manager',
  assistant_manager = 'assistant_manager',
  staff = 'staff',
  part_time = 'part_time',
  contractor = 'contractor',
}
registerEnumType(StaffRole, {
  name: 'StaffRole',
  description:
    'manager (店長), assistant_manager (副店長), staff (正社員・スタッフ), part_time (パート・アルバイト), ' +
    'contractor (派遣・業務委託). A label of the business’s records; it grants no access.',
});

/** Whether a staff member currently works for the business. */
export enum StaffStatus {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(StaffStatus, {
  name: 'StaffStatus',
  description: 'active (works for the business now) or inactive (left or on leave; kept for the records).',
});

/** The SQL list of an enum's values, for the check constraints the migration writes the same way. */
const sqlValues = (values: object): string =>
  Object.values(values)
    .map((v) => `'${String(v)}'`)
    .join(', ');

/**
 * An employee of a business (migration 0039): a record of the business, not a sign-in account. It
 * is linked to a user account only when that user accepts an invitation mailed to the staff
 * member's email with the same verified address (staff-invitation.ts); a link never makes the user an
 * owner. Deleted with its business; a deleted user account leaves the record unlinked.
 */
@ObjectType('StaffMember', { description: 'An employee of a business and the stores they work at.' })
@Entity({ tableName: 'staff_member' })
@Index({ properties: ['businessAccountId', 'nameKana', 'id'] })
@Unique({ properties: ['businessAccountId', 'employeeCode'] })
@Unique({ properties: ['businessAccountId', 'userId'] })
@Check({ name: 'staff_member_role_check', expression: `"role" in (${sqlValues(StaffRole)})` })
@Check({ name: 'staff_member_status_check', expression: `"status" in (${sqlValues(StaffStatus)})` })
export class StaffMember extends BaseEntity {
  /** Owner; a database-only foreign key to business_account. */
  @Field(() => ID, { description: 'The business account the staff member works for.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Name as shown in the back office, 1 to 100 characters.' })
  @Property({ type: 'string', length: 100 })
  displayName!: string;

  @Field(() => String, {
    description: 'Reading of the name in kana (フリガナ), 1 to 100 characters; lists sort by it.',
  })
  @Property({ type: 'string', length: 100 })
  nameKana!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Email (normalized as identity stores addresses); invitations go to it.',
  })
  @Property({ type: 'string', length: 320, nullable: true })
  email?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The business’s employee code (社員番号), unique in the business.',
  })
  @Property({ type: 'string', length: 32, nullable: true })
  employeeCode?: string | null;

  @Field(() => StaffRole, { description: 'What the staff member does.' })
  @Property({ type: 'string', length: 32 })
  role!: StaffRole;

  @Field(() => StaffStatus, { description: 'active or inactive.' })
  @Property({ type: 'string', length: 16 })
  status: StaffStatus = StaffStatus.active;

  @Field(() => ID, {
    nullable: true,
    description: 'The user account linked by an accepted staff invitation; null when not linked.',
  })
  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the user account was linked.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  linkedAt?: Date | null;
}

/** A store a staff member works at (of the same business). Deleted with either side (database-only keys). */
@Entity({ tableName: 'staff_member_store' })
export class StaffMemberStore {
  @PrimaryKey({ type: 'uuid' })
  staffMemberId!: string;

  @Index()
  @PrimaryKey({ type: 'uuid' })
  storeId!: string;
}
