/** mobile-b: the Google Wallet save link of a customer's card. */
import type { BaseContext } from '../../kernel/context.js';
import type { EntityManager } from '../../kernel/db/orm.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { requireCustomerForCaller } from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { requireGoogleMaterial } from './google-material.js';
import { saveUrlOf, signSaveJwt } from './google-save-url.js';

/** The platform of Google Wallet cards. */
export const GOOGLE_PLATFORM = 'mobile-b';

/**
 * The customer's mobile-b pass, created on first issue with `last_pushed_at` now (the link carries
 * the current points and rank). One statement decides under concurrency; answers its serial number.
 */
export async function ensureGooglePass(em: EntityManager, customerId: string, now: Date = new Date()): Promise<string> {
  await em.execute(
    `insert into "wallet_pass" ("id", "created_at", "updated_at", "customer_id", "platform", "serial_number", "last_pushed_at")
     values (?, ?, ?, ?, ?, ?, ?) on conflict ("customer_id", "platform") do nothing`,
    [uuidv7(now.getTime()), now, now, customerId, GOOGLE_PLATFORM, uuidv7(now.getTime()), now],
  );
  const rows = await em.execute<{ serial_number: string }[]>(
    'select "serial_number" from "wallet_pass" where "customer_id" = ? and "platform" = ?',
    [customerId, GOOGLE_PLATFORM],
  );
  return rows[0]!.serial_number;
}

export class GoogleWalletService {
  constructor(private readonly ctx: BaseContext) {}

  /** The save link: 404 `customer_not_found` first, then 503 `wallet_not_configured` without Google material. */
  async saveUrl(args: ShopCustomerArgs): Promise<{ saveUrl: string }> {
    const { customer, shop } = await requireCustomerForCaller(this.ctx, args.shopId, args.customerId);
    const material = requireGoogleMaterial(this.ctx.env.wallet);
    const serialNumber = await ensureGooglePass(this.ctx.em, customer.id);
    return { saveUrl: saveUrlOf(await signSaveJwt(material, shop, customer, serialNumber)) };
  }
}
