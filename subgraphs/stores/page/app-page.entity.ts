import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../kernel/db/base.entity.js';

/** Bounds of a page: slug alphabet and length, title and body lengths, pages per app. */
export const PAGE = { slug: /^[a-z0-9-]{1,64}$/, titleMax: 200, bodyMax: 100_000, perApp: 100 } as const;

/**
 * A page of a shop app (about us, menu, access...): a title and a rich text body, stored as the
 * sanitized HTML (page.sanitizer.ts), shown publicly once published, listed by position.
 */
@ObjectType('AppPage', { description: 'A page of a shop app.' })
@Entity({ tableName: 'app_page' })
@Unique({ properties: ['shopAppId', 'slug'] })
export class AppPage extends BaseEntity {
  /** The app; a foreign key to shop_app, cascading (enforced by the database). */
  @Property({ type: 'uuid' })
  shopAppId!: string;

  @Field(() => String, { description: 'Address in the app: 1 to 64 of a-z 0-9 -, unique in the app.' })
  @Property({ type: 'string', length: 64 })
  slug!: string;

  @Field(() => String, { description: 'Title, 1 to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => String, { description: 'Body: sanitized HTML (allowed tags and attributes only, no scripts).' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => Boolean, { description: 'Whether the page is shown publicly.' })
  @Property({ type: 'boolean', default: false })
  published: boolean & Opt = false;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was published; null while unpublished.' })
  @Property({ type: 'datetime', columnType: 'timestamptz', nullable: true })
  publishedAt?: Date | null;

  @Field(() => Int, { description: 'Order in the list of pages (ascending, then slug).' })
  @Property({ type: 'integer' })
  position!: number;
}
