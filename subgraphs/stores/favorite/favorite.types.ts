import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('FavoriteStore', { description: 'A store the signed-in user marked as a favorite.' })
export class FavoriteStoreItem {
  @Field(() => ID, { description: 'The store (UUIDv7).' })
  storeId!: string;

  @Field(() => GraphQLDateTimeISO, { description: 'When the user first added it (RFC 3339, UTC).' })
  favoritedAt!: Date;
}

@ObjectType('FavoriteStatus', { description: 'Whether a store is one of the signed-in user’s (visible) favorites.' })
export class FavoriteStatus {
  @Field(() => ID, { description: 'The store id asked about, as given.' })
  storeId!: string;

  @Field(() => Boolean, { description: 'True when the store is public and the user’s favorite.' })
  isFavorite!: boolean;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was added; null when not a favorite.' })
  favoritedAt!: Date | null;
}
