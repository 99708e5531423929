import { Field, ObjectType } from 'type-graphql';
import { UserDevice } from './device.entity.js';

/** The outcome of registering a device: the stored device, and whether it is new. */
@ObjectType('DeviceRegistration', { description: 'The outcome of registering a device.' })
export class DeviceRegistration {
  @Field(() => UserDevice, { description: 'The device as stored now.' })
  device!: UserDevice;

  @Field(() => Boolean, {
    description: 'True when the device was new (REST 201); false when it was registered before and was updated (200).',
  })
  created!: boolean;
}
