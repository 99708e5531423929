import type { BaseContext } from '../../kernel/context.js';
import { withConstraintErrors } from '../../kernel/db/constraints.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import { NotFoundError, Validation } from '../../kernel/errors.js';
import { DEVICE_PLATFORMS, UserDevice, type DevicePlatform } from './device.entity.js';
import type { RegisterDeviceInput } from './device.input.js';
import type { DeviceRegistration } from './device.types.js';
import { storedPushToken } from './push-token.js';

const DEVICE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const LIMITS = { name: 100, pushToken: 512, appVersion: 32 } as const;

/** Register input after validation: optional texts trimmed, empty ones null. */
interface DeviceFields {
  readonly deviceId: string;
  readonly platform: DevicePlatform;
  readonly name: string | null;
  readonly pushToken: string | null;
  readonly appVersion: string | null;
}

function optional(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

function codePoints(value: string | null): number {
  return value === null ? 0 : [...value].length;
}

function isPlatform(value: string): value is DevicePlatform {
  return (DEVICE_PLATFORMS as readonly string[]).includes(value);
}

/** Validates register input; throws BAD_USER_INPUT naming every invalid field. */
function validDevice(input: RegisterDeviceInput): DeviceFields {
  const platform = input.platform.trim().toLowerCase();
  const fields = {
    deviceId: input.deviceId,
    name: optional(input.name),
    pushToken: optional(input.pushToken),
    appVersion: optional(input.appVersion),
  };
  new Validation()
    .check(DEVICE_ID.test(fields.deviceId), 'deviceId', 'must be 1 to 128 characters of A-Z a-z 0-9 . _ : -')
    .check(isPlatform(platform), 'platform', `must be one of ${DEVICE_PLATFORMS.join(', ')}`)
    .check(codePoints(fields.name) <= LIMITS.name, 'name', `must be at most ${LIMITS.name} characters`)
    .check(
      codePoints(fields.pushToken) <= LIMITS.pushToken,
      'pushToken',
      `must be at most ${LIMITS.pushToken} characters`,
    )
    .check(
      codePoints(fields.appVersion) <= LIMITS.appVersion,
      'appVersion',
      `must be at most ${LIMITS.appVersion} characters`,
    )
    .throwIfInvalid();
  return { ...fields, platform: platform as DevicePlatform };
}

/**
 * One statement, so concurrent registrations of one device cannot both insert: a new (user, deviceId)
 * is inserted, a known one has its description replaced and `last_seen_at` bumped. `xmax = 0` holds
 * only for a row this statement inserted, which tells the two apart.
 */
const UPSERT_DEVICE = `insert into "user_device"
  ("id", "created_at", "updated_at", "user_id", "device_id", "platform", "name", "push_token", "push_token_digest",
   "app_version", "last_seen_at")
  values (?, ?::timestamptz, ?::timestamptz, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)
  on conflict ("user_id", "device_id") do update set
    "platform" = excluded."platform", "name" = excluded."name", "push_token" = excluded."push_token",
    "push_token_digest" = excluded."push_token_digest",
    "app_version" = excluded."app_version", "last_seen_at" = excluded."last_seen_at", "updated_at" = excluded."updated_at"
  returning *, (xmax = 0) as "inserted"`;

/**
 * The consumer device registry. Methods act for `userId`, a user the caller has already
 * authenticated (the resolvers call `requireUser` first).
 */
export class DeviceService {
  constructor(private readonly ctx: BaseContext) {}

  /**
   * Registers a device (POST semantics): a new deviceId is stored (`created: true`); a deviceId the
   * user registered before gets the new description and `lastSeenAt` (`created: false`).
   */
  async register(userId: string, input: RegisterDeviceInput): Promise<DeviceRegistration> {
    const device = validDevice(input);
    if (!isUuid(userId)) throw new NotFoundError('The account does not exist.', 'user_not_found');
    const now = new Date().toISOString();
    // The push token is stored sealed, with its keyed digest (push-token.ts).
    const push = device.pushToken === null ? null : storedPushToken(this.ctx.env, device.pushToken);
    const params = [uuidv7(), now, now, userId, device.deviceId, device.platform, device.name, push?.sealed ?? null];
    params.push(push?.digest ?? null);
    const rows = await withConstraintErrors(
      { foreignKey: () => new NotFoundError('The account does not exist.', 'user_not_found') },
      () =>
        this.ctx.em.execute<(Record<string, unknown> & { inserted: boolean })[]>(UPSERT_DEVICE, [
          ...params,
          device.appVersion,
          now,
        ]),
    );
    const [row] = rows;
    if (!row) throw new Error('The device upsert returned no row.');
    const { inserted, ...columns } = row;
    return { device: this.ctx.em.map(UserDevice, columns), created: inserted };
  }

  /** Removes one of the user's devices; NOT_FOUND `device_not_found` when the user has none with this id. */
  async remove(userId: string, deviceId: string): Promise<boolean> {
    const removed = isUuid(userId) ? await this.ctx.em.nativeDelete(UserDevice, { userId, deviceId }) : 0;
    if (removed === 0) {
      throw new NotFoundError('No device with this id is registered to the account.', 'device_not_found');
    }
    return true;
  }
}
