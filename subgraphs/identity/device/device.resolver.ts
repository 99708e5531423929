import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser } from '../../kernel/auth/access.js';
import type { IdentityContext } from '../context.js';
import { UserDevice } from './device.entity.js';
import { RegisterDeviceInput } from './device.input.js';
import { DeviceRegistration } from './device.types.js';

@Resolver(() => UserDevice)
export class DeviceResolver {
  @Mutation(() => DeviceRegistration, {
    description:
      'Registers a device to the signed-in user, or updates it when its deviceId is already registered. User token.',
  })
  registerDevice(
    @Arg('input', () => RegisterDeviceInput) input: RegisterDeviceInput,
    @Ctx() ctx: IdentityContext,
  ): Promise<DeviceRegistration> {
    const { userId } = requireUser(ctx.principal);
    return ctx.devices.register(userId, input);
  }

  @Mutation(() => Boolean, {
    description: "Removes one of the signed-in user's devices; NOT_FOUND (device_not_found) otherwise. User token.",
  })
  removeDevice(@Arg('deviceId', () => String) deviceId: string, @Ctx() ctx: IdentityContext): Promise<boolean> {
    const { userId } = requireUser(ctx.principal);
    return ctx.devices.remove(userId, deviceId);
  }
}
