/**
 * Apple's pass web service (Wallet Passes web service reference): devices register and unregister for
 * updates of a pass, ask which of their passes changed, and send log lines. A registration is a
 * notification token of channel `apple-wallet` (device id = deviceLibraryIdentifier, push token = the
 * APNs token), so wallet push reaches it and tokens/unregister of that device stops it too.
 */
import type { BaseContext } from '../../kernel/context.js';
import { BadUserInputError, type FieldError } from '../../kernel/errors.js';
import { log } from '../../kernel/logger.js';
import {
  APPLE_WALLET_CHANNEL,
  registerToken,
  unregisterToken,
} from '../notification-token/notification-token.store.js';
import { applePassTypeId } from './apple-material.js';
import { ApplePassService } from './apple-pass.service.js';
import type { AppleWalletRegistration, AppleWalletUpdatedSerials } from './apple-pass.types.js';

/** A pass a device asks about: the path's pass type and serial, and the request's Authorization. */
export interface PassAddress {
  readonly passTypeIdentifier: string;
  readonly serialNumber: string;
  readonly authorization: string | null;
}

const MAX_DEVICE_ID = 128;
const MAX_PUSH_TOKEN = 512;
const MAX_LOG_LINES = 100;
const MAX_LOG_LINE = 1000;
const TAG = /^\d{1,17}$/;

function requireText(value: string, path: string, max: number): FieldError[] {
  if (value.trim() === '') return [{ path, message: 'Must not be blank.' }];
  if (value.length > max) return [{ path, message: `At most ${max} characters.` }];
  return [];
}

export class AppleWebService {
  private readonly passes: ApplePassService;

  constructor(private readonly ctx: BaseContext) {
    this.passes = new ApplePassService(ctx);
  }

  /** Registers the device for updates of the pass; `created` false when it was registered already. */
  async register(
    deviceLibraryIdentifier: string,
    pass: PassAddress,
    pushToken: string,
  ): Promise<AppleWalletRegistration> {
    const { customer } = await this.passes.authenticate(pass.passTypeIdentifier, pass.serialNumber, pass.authorization);
    const errors = [
      ...requireText(deviceLibraryIdentifier, 'deviceLibraryIdentifier', MAX_DEVICE_ID),
      ...requireText(pushToken, 'pushToken', MAX_PUSH_TOKEN),
    ];
    if (errors.length > 0) throw new BadUserInputError('The request is invalid.', errors);
    const token = await registerToken(this.ctx.em, this.ctx.env, {
      customerId: customer.id,
      channel: APPLE_WALLET_CHANNEL,
      deviceId: deviceLibraryIdentifier,
      pushToken,
    });
    return { created: token.created };
  }

  /** Stops updates of the pass to the device (also when it was not registered). */
  async unregister(deviceLibraryIdentifier: string, pass: PassAddress): Promise<boolean> {
    const { customer } = await this.passes.authenticate(pass.passTypeIdentifier, pass.serialNumber, pass.authorization);
    await unregisterToken(this.ctx.em, {
      customerId: customer.id,
      channel: APPLE_WALLET_CHANNEL,
      deviceId: deviceLibraryIdentifier,
    });
    return true;
  }

  /**
   * Serials of the device's passes of `passTypeIdentifier` that changed after the tag
   * `passesUpdatedSince` (all of them without one), and the tag of the newest change.
   */
  async updatedSerials(
    deviceLibraryIdentifier: string,
    passTypeIdentifier: string,
    passesUpdatedSince: string | null,
  ): Promise<AppleWalletUpdatedSerials> {
    if (passTypeIdentifier !== applePassTypeId(this.ctx.env.wallet)) return { serialNumbers: [], lastUpdated: null };
    // A tag is epoch microseconds (passUpdatedAt's own precision); anything else asks for every pass.
    const since = passesUpdatedSince && TAG.test(passesUpdatedSince) ? passesUpdatedSince : '-1';
    const rows = await this.ctx.em.execute<{ serial_number: string; tag: string | number }[]>(
      `select p."serial_number", floor(extract(epoch from c."pass_updated_at") * 1000000)::bigint as "tag"
       from "notification_token" t
       join "wallet_pass" p on p."customer_id" = t."customer_id" and p."platform" = 'mobile-a'
       join "customer" c on c."id" = t."customer_id"
       where t."channel" = ? and t."device_id" = ?
         and floor(extract(epoch from c."pass_updated_at") * 1000000)::bigint > ?::bigint
       order by p."serial_number"`,
      [APPLE_WALLET_CHANNEL, deviceLibraryIdentifier, since],
    );
    if (rows.length === 0) return { serialNumbers: [], lastUpdated: null };
    const newest = rows.map((r) => BigInt(r.tag)).reduce((a, b) => (a > b ? a : b));
    return { serialNumbers: rows.map((r) => r.serial_number), lastUpdated: newest.toString() };
  }

  /** Writes the device's log lines to the service log (at most 100, each cut at 1000 characters). */
  log(logs: readonly string[]): boolean {
    for (const line of logs.slice(0, MAX_LOG_LINES))
      log('info', 'apple wallet device log', { requestId: this.ctx.requestId, line: line.slice(0, MAX_LOG_LINE) });
    return true;
  }
}
