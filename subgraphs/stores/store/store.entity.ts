import type { Opt } from '@mikro-orm/core';
import { Entity, Index, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { Directive, Field, Float, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';
import { prefectureByCode } from '../reference/prefectures.js';
import { BusinessAccountRef } from './business-account.reference.js';
import { STORE_DIRECTORY_COUNT_TRIGGERS } from './store-directory-count.entity.js';

/**
 * The set of search_text's one- and two-character substrings without U+001F, exactly as the index
 * expression of migration 0031 (the directory search names it so that PostgreSQL uses that index).
 */
export const SEARCH_GRAMS_SQL = String.raw`array_remove(array_remove(string_to_array("search_text", null) || string_to_array(regexp_replace("search_text", '(..)', '\1' || chr(31), 'g'), chr(31)) || string_to_array(regexp_replace(substr("search_text", 2), '(..)', '\1' || chr(31), 'g'), chr(31)), chr(31)), '')`;

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
  name: 'store_search_text_trgm_idx',
  expression: 'create index "store_search_text_trgm_idx" on "store" using gin ("search_text" gin_trgm_ops)',
})
// Hand-written in migration 0031: the one- and two-character substrings of search_text, for short terms.
@Index({
  name: 'store_search_grams_idx',
  expression: `create index "store_search_grams_idx" on "store" using gin ((${SEARCH_GRAMS_SQL}))`,
})
// Migration 0033: the directory counts (store-directory-count.entity.ts), kept by statement triggers
// (and one on TRUNCATE, which the schema diff cannot see: information_schema lists none).
@Trigger({
  name: 'directory_count_insert',
  timing: 'after',
  events: ['insert'],
  forEach: 'statement',
  expression: STORE_DIRECTORY_COUNT_TRIGGERS[0],
})
@Trigger({
  name: 'directory_count_update',
  timing: 'after',
  events: ['update'],
  forEach: 'statement',
  expression: STORE_DIRECTORY_COUNT_TRIGGERS[1],
})
@Trigger({
  name: 'directory_count_delete',
  timing: 'after',
  events: ['delete'],
  forEach: 'statement',
  expression: STORE_DIRECTORY_COUNT_TRIGGERS[2],
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

  @Field(() => String, { description: 'IANA time zone of the store-local business hours (default Asia/Tokyo).' })
  @Property({ type: 'string', length: 64, default: 'Asia/Tokyo' })
  timeZone: string & Opt = 'Asia/Tokyo';

  /*
   * Derived fields are getters, not type-graphql field resolvers: a field resolver turns every parent
   * object into a new Store instance (entity constructor, MikroORM accessors) before it runs, which
   * cost more CPU than the rest of a directory page's execution together.
   */
  @Field(() => String, { description: 'Prefecture name in Japanese, e.g. 東京都.' })
  get prefecture(): Opt<string> {
    return prefectureByCode(this.prefectureCode).name;
  }

  @Field(() => BusinessAccountRef, { description: 'The owning business account.' })
  get business(): Opt<BusinessAccountRef> {
    return { id: this.businessAccountId };
  }

  /**
   * Generated by the database (migration 0003): name, kana and address, lower-cased and joined by
   * U+001F, behind a trigram index and, for terms of one or two characters, the index of its one- and
   * two-character substrings (migration 0031). Read by the directory search only; never exposed.
   */
  @Property({
    type: 'text',
    generated: '(lower(((((name)::text || chr(31)) || (name_kana)::text) || chr(31)) || (address)::text)) stored',
    lazy: true,
    nullable: true,
    ignoreSchemaChanges: ['type', 'extra'],
  })
  searchText?: string | null;
}
