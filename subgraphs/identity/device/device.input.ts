import { Field, InputType } from 'type-graphql';

/** A device the signed-in user registers, or registers again (POST semantics). */
@InputType('RegisterDeviceInput', { description: 'A device to register to the signed-in user.' })
export class RegisterDeviceInput {
  @Field(() => String, { description: 'Identifier the app chose: 1 to 128 of A-Z a-z 0-9 . _ : -' })
  deviceId!: string;

  @Field(() => String, { description: 'ios, android or web.' })
  platform!: string;

  @Field(() => String, { nullable: true, description: 'Name the user gave the device, at most 100 characters.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Push notification token, at most 512 characters.' })
  pushToken?: string | null;

  @Field(() => String, { nullable: true, description: 'Version of the app, at most 32 characters.' })
  appVersion?: string | null;
}
