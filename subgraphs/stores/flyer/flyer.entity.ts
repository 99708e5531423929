import { Check, Entity, Index, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Where a flyer is in its life. */
export enum FlyerStatus {
  draft = 'draft',
  scheduled = 'scheduled',
  published = 'published',
  archived = 'archived',
}
registerEnumType(FlyerStatus, {
  name: 'FlyerStatus',
  description:
    'draft (being prepared), scheduled (published by the job at publishAt), published (shown), archived (withdrawn).',
});

/** Bounds of a flyer and its parts (migration 0042). */
export const FLYER_LIMITS = {
  title: 200,
  description: 2000,
  pages: 20,
  items: 100,
  imageUrl: 2048,
  caption: 200,
  note: 200,
  salePrice: 100_000_000,
} as const;

/**
 * A flyer (チラシ) of a business for one of its stores: pages of images and featured products, valid
 * from validFrom to validTo. Published by `publishFlyer` or, when scheduled, by the scheduled-flyers job;
 * either writes `flyer.published` once.
 */
@ObjectType('Flyer', { description: 'A flyer of a store: image pages and featured products for a period.' })
@Entity({ tableName: 'flyer' })
@Index({ properties: ['businessAccountId', 'createdAt', 'id'] })
// Hand-written in migration 0042 (partial index of the job's search); declared by name for the schema diff.
@Index({
  name: 'flyer_due_idx',
  expression: `create index "flyer_due_idx" on "flyer" ("publish_at") where "status" = 'scheduled'`,
})
@Check({
  name: 'flyer_status_check',
  expression: `"status" in ('draft', 'scheduled', 'published', 'archived')`,
})
@Check({ name: 'flyer_valid_check', expression: '"valid_to" > "valid_from"' })
export class Flyer extends BaseEntity {
  /** Owner; a database-only foreign key to identity's business_account. */
  @Field(() => ID, { description: 'The business account that owns the flyer.' })
  @Property({ type: 'uuid' })
  businessAccountId!: string;

  /** A store of the same business (checked on write); a database-only foreign key to store. */
  @Field(() => ID, { description: 'The store the flyer is for.' })
  @Index()
  @Property({ type: 'uuid' })
  storeId!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  @Property({ type: 'string', length: FLYER_LIMITS.title })
  title!: string;

  @Field(() => String, { description: 'Description, at most 2000 characters (may be empty).' })
  @Property({ type: 'string', length: FLYER_LIMITS.description })
  description!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'Start of the period the flyer is valid for.' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  validFrom!: Date;

  @Field(() => GraphQLDateTimeISO, { description: 'End of the period (after validFrom).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  validTo!: Date;

  @Field(() => FlyerStatus, { description: 'draft, scheduled, published or archived.' })
  @Property({ type: 'string', length: 16 })
  status!: FlyerStatus;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When a scheduled flyer is published.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishAt?: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was published; null before.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}

/** A page of a flyer: an https image at a position (0-based, unique in the flyer). */
@ObjectType('FlyerPage', { description: 'A page of a flyer: an image, in order.' })
@Entity({ tableName: 'flyer_page' })
@Unique({ properties: ['flyerId', 'position'] })
export class FlyerPage extends BaseEntity {
  /** The flyer; a database-only foreign key (deleted with it). */
  @Property({ type: 'uuid' })
  flyerId!: string;

  @Field(() => Int, { description: 'Position of the page, from 0.' })
  @Property({ type: 'integer' })
  position!: number;

  @Field(() => String, { description: 'The page image (an https URL).' })
  @Property({ type: 'string', length: FLYER_LIMITS.imageUrl })
  imageUrl!: string;

  @Field(() => String, { nullable: true, description: 'Caption, at most 200 characters.' })
  @Property({ type: 'string', length: FLYER_LIMITS.caption, nullable: true })
  caption?: string | null;
}

/** A featured product of a flyer (a product of the same business, checked on write), at a sale price. */
@ObjectType('FlyerItem', { description: 'A product featured on a flyer, with its sale price.' })
@Entity({ tableName: 'flyer_item' })
@Unique({ properties: ['flyerId', 'position'] })
export class FlyerItem extends BaseEntity {
  /** The flyer; a database-only foreign key (deleted with it). */
  @Property({ type: 'uuid' })
  flyerId!: string;

  @Field(() => Int, { description: 'Position of the item, from 0.' })
  @Property({ type: 'integer' })
  position!: number;

  /** A product of the flyer's business; a database-only foreign key. */
  @Field(() => ID, { description: 'The featured product.' })
  @Index()
  @Property({ type: 'uuid' })
  productId!: string;

  @Field(() => Int, { description: 'Sale price in minor units of the currency (yen for JPY), 0 to 100000000.' })
  @Property({ type: 'integer' })
  salePriceAmount!: number;

  @Field(() => String, { description: 'ISO 4217 currency code of the sale price (the product’s).' })
  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Field(() => String, { nullable: true, description: 'A note, at most 200 characters.' })
  @Property({ type: 'string', length: FLYER_LIMITS.note, nullable: true })
  note?: string | null;
}
