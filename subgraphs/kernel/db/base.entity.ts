import type { Opt } from '@mikro-orm/core';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { uuidv7 } from './uuid.js';

/** Columns every table has: a UUIDv7 primary key and UTC creation and update times. */
@ObjectType('BaseEntity', { description: 'Fields every record has (never emitted on its own).' })
export abstract class BaseEntity {
  @Field(() => ID, { description: 'UUIDv7 identifier.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = uuidv7();

  @Field(() => GraphQLDateTimeISO, { description: 'When the record was created (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz' })
  createdAt: Date & Opt = new Date();

  @Field(() => GraphQLDateTimeISO, { description: 'When the record last changed (RFC 3339, UTC).' })
  @Property({ type: 'datetime', columnType: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
