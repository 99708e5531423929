import { Field, ID, InputType } from 'type-graphql';

/** Which token to unregister: the customer (optional for the customer's own user token), channel and device. */
@InputType()
export class UnregisterNotificationTokenInput {
  @Field(() => ID, {
    nullable: true,
    description:
      "The customer. Required with a business token or the operator credential; with a user token it defaults to the caller's " +
      'own customer at the shop, and when given must be it.',
  })
  customerId?: string | null;

  @Field(() => String, {
    description:
      'Push channel: apns (iOS app, APNs), fcm (Firebase Cloud Messaging), web (Web Push) or apple-wallet (an Apple Wallet pass).',
  })
  channel!: string;

  @Field(() => String, {
    description: 'Identifier of the device, chosen by the app: 1 to 128 visible ASCII characters.',
  })
  deviceId!: string;
}

/** A token to register for (customer, channel, device). */
@InputType()
export class RegisterNotificationTokenInput extends UnregisterNotificationTokenInput {
  @Field(() => String, {
    description:
      'The push token, 1 to 4096 characters without control characters: hex APNs device token (apns, apple-wallet), FCM ' +
      'registration token (fcm), or the PushSubscription as JSON (web). Stored encrypted, never returned.',
  })
  token!: string;
}
