import { Entity, Index, Property } from '@mikro-orm/decorators/legacy';
import { Directive, Field, Float, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/**
 * A physical store of a business account. Public (listed in the directory and readable anonymously)
 * when `isPublicListing` is true or it has a place-directory id.
 */
@ObjectType('Store', { description: 'A physical store of a business account.' })
@Directive('@key(fields: "id")')
@Entity({ tableName: 'store' })
export class Store extends BaseEntity {
  /** Owner; a foreign key to identity's business_account (enforced by the database). */
  @Index()
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  @Field(() => String, { description: 'Display name.' })
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Field(() => String, { description: 'Reading of the name in katakana, used for search and sorting.' })
  @Property({ type: 'string', length: 200 })
  nameKana!: string;

  @Field(() => String, { description: 'JIS X 0401 prefecture code, two digits ("13" for 東京都).' })
  @Property({ type: 'string', length: 2, columnType: 'char(2)' })
  prefectureCode!: string;

  @Field(() => String, { description: 'Store type from the documented vocabulary (e.g. supermarket).' })
  @Property({ type: 'string', length: 32 })
  storeType!: string;

  @Field(() => String, { description: 'Street address below the prefecture.' })
  @Property({ type: 'string', length: 300 })
  address!: string;

  @Field(() => String, { nullable: true, description: 'Postal code (NNN-NNNN).' })
  @Property({ type: 'string', length: 8, nullable: true })
  postalCode?: string | null;

  @Field(() => String, { nullable: true, description: 'Telephone number.' })
  @Property({ type: 'string', length: 32, nullable: true })
  phone?: string | null;

  @Field(() => Boolean, { description: 'Whether the store is listed in the public directory.' })
  @Property({ type: 'boolean', default: false })
  isPublicListing: boolean = false;

  @Field(() => String, { nullable: true, description: 'Identifier in the place directory, when registered there.' })
  @Property({ type: 'string', length: 128, nullable: true, unique: true })
  placeId?: string | null;

  @Field(() => Float, { nullable: true, description: 'Latitude (WGS 84).' })
  @Property({ type: 'double', nullable: true })
  latitude?: number | null;

  @Field(() => Float, { nullable: true, description: 'Longitude (WGS 84).' })
  @Property({ type: 'double', nullable: true })
  longitude?: number | null;

}
