import { Field, ObjectType } from 'type-graphql';
import { NotificationToken } from './notification-token.entity.js';

/** The answer to registering a token: the token's row, and whether this call created it. */
@ObjectType('NotificationTokenRegistration', { description: 'A registered notification token.' })
export class NotificationTokenRegistration {
  @Field(() => NotificationToken, { description: 'The token (its push token is never returned).' })
  token!: NotificationToken;

  @Field(() => Boolean, {
    description: 'True when this call created the row; false when the device had registered on this channel before.',
  })
  created!: boolean;
}
