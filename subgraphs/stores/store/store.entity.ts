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
// Hand-written in migration 0003 (partial and trigram indexes); declared by name so the schema diff knows them.
@Index({
  name: 'store_public_listing_idx',
  expression:
    'create index "store_public_listing_idx" on "store" ("prefecture_code", "store_type", "name_kana", "id") where "is_public_listing" or "place_id" is not null',
})
@Index({
  name: 'store_public_order_idx',
  expression:
    'create index "store_public_order_idx" on "store" ("name_kana", "id") where "is_public_listing" or "place_id" is not null',
})
@Index({
  name: 'store_name_trgm_idx',
  expression: 'create index "store_name_trgm_idx" on "store" using gin ("name" gin_trgm_ops)',
})
@Index({
  name: 'store_name_kana_trgm_idx',
  expression: 'create index "store_name_kana_trgm_idx" on "store" using gin ("name_kana" gin_trgm_ops)',
})
@Index({
  name: 'store_address_trgm_idx',
  expression: 'create index "store_address_trgm_idx" on "store" using gin ("address" gin_trgm_ops)',
})
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
