import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { Directive, Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** A business (merchant) account: owns stores, shop apps and OAuth apps. */
@ObjectType('BusinessAccount', { description: 'A business (merchant) account.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'business_account' })
export class BusinessAccount extends BaseEntity {
  @Field(() => String, { description: 'Display name of the business.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  /** The owner's email (normalised to lower case); the owner is the user with this email, now or later. */
  @Index()
  @Property({ type: 'string', length: 320 })
  ownerEmail!: string;
}
