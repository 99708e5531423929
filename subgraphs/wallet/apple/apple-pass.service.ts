/**
 * Apple Wallet passes (mobile-a): the signed `.pkpass` of a customer, issued to the customer, their
 * shop's business or the operator; and the latest pass for Apple Wallet itself (pass web service),
 * which authenticates with the pass's own token instead of a bearer token.
 */
import { randomBytes } from 'node:crypto';
import type { BaseContext } from '../../kernel/context.js';
import { UnauthenticatedError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/db/uuid.js';
import { Customer } from '../customer/customer.entity.js';
import { findShop, requireCustomerForCaller, type WalletShop } from '../customer/customer-access.js';
import type { ShopCustomerArgs } from '../wallet.args.js';
import { applePassTypeId, requireAppleMaterial, type AppleMaterial } from './apple-material.js';
import type { AppleWalletPassFile } from './apple-pass.types.js';
import { applePassContent } from './pass-content.js';
import { applePassCredential, passAuthenticationToken, passTokenMatches } from './pass-token.js';
import { buildPkpass, PKPASS_MEDIA_TYPE } from './pkpass.js';

/** Where Apple Wallet finds the pass web service (it appends `/v1/...`), below the public URL. */
export const APPLE_WEB_SERVICE_PATH = '/api/v1/wallet/apple';

/** The pass a web service request is about, once its ApplePass token checked out. */
export interface AuthenticatedPass {
  readonly serialNumber: string;
  readonly customer: Customer;
}

export const invalidPassToken = () =>
  new UnauthenticatedError(
    'The ApplePass authorization does not match this pass.',
    'invalid_pass_token',
    'ApplePass realm="wallet"',
  );

export class ApplePassService {
  constructor(private readonly ctx: BaseContext) {}

  /** The customer's pass: 404 `customer_not_found` first, then 503 without signing material. */
  async passForCaller(args: ShopCustomerArgs): Promise<AppleWalletPassFile> {
    const { customer, shop } = await requireCustomerForCaller(this.ctx, args.shopId, args.customerId);
    const material = requireAppleMaterial(this.ctx.env.wallet);
    const serialNumber = await this.issueSerial(customer.id);
    return this.render(material, serialNumber, shop, customer);
  }

  /** The latest version of a pass for Apple Wallet (`GET /v1/passes/...`): 401 first, then 503 without material. */
  async latestPass(
    passTypeId: string,
    serialNumber: string,
    authorization: string | null,
  ): Promise<AppleWalletPassFile> {
    const pass = await this.authenticate(passTypeId, serialNumber, authorization);
    const material = requireAppleMaterial(this.ctx.env.wallet);
    const shop = await this.shopOf(pass.customer);
    return this.render(material, serialNumber, shop, pass.customer);
  }

  /**
   * The pass `serialNumber` of type `passTypeId` when `authorization` is its `ApplePass` token; else
   * UNAUTHENTICATED `invalid_pass_token` (also for an unknown serial or another pass type, which a
   * caller cannot tell apart, and when no pass type id is configured).
   */
  async authenticate(
    passTypeId: string,
    serialNumber: string,
    authorization: string | null,
  ): Promise<AuthenticatedPass> {
    // No pass type configured: no pass of this service can carry it, so the credential is wrong (401),
    // as for a foreign pass type; only making a pass needs the rest of the material (503).
    const configured = applePassTypeId(this.ctx.env.wallet);
    const token = applePassCredential(authorization);
    if (!configured || !token || !passTokenMatches(this.ctx.env, serialNumber, token) || passTypeId !== configured)
      throw invalidPassToken();
    const rows = await this.ctx.em.execute<{ customer_id: string }[]>(
      `select "customer_id" from "wallet_pass" where "serial_number" = ? and "platform" = 'mobile-a'`,
      [serialNumber],
    );
    const customer = rows[0] && (await this.ctx.em.findOne(Customer, { id: rows[0].customer_id }));
    if (!customer) throw invalidPassToken();
    return { serialNumber, customer };
  }

  /** The serial of the customer's mobile-a pass, created on first issue (one per customer, race-free). */
  private async issueSerial(customerId: string): Promise<string> {
    const now = new Date();
    await this.ctx.em.execute(
      `insert into "wallet_pass" ("id", "created_at", "updated_at", "customer_id", "platform", "serial_number", "last_pushed_at")
       values (?, ?, ?, ?, 'mobile-a', ?, ?) on conflict ("customer_id", "platform") do nothing`,
      [uuidv7(now.getTime()), now, now, customerId, randomBytes(16).toString('hex'), now],
    );
    const rows = await this.ctx.em.execute<{ serial_number: string }[]>(
      `select "serial_number" from "wallet_pass" where "customer_id" = ? and "platform" = 'mobile-a'`,
      [customerId],
    );
    return rows[0]!.serial_number;
  }

  private async shopOf(customer: Customer): Promise<WalletShop> {
    const rows = await this.ctx.em.execute<{ shop_id: string }[]>('select "shop_id" from "shop_app" where "id" = ?', [
      customer.shopAppId,
    ]);
    const shop = rows[0] && (await findShop(this.ctx, rows[0].shop_id));
    // The customer row goes with its shop app (foreign key), so a pass without one is gone too.
    if (!shop) throw invalidPassToken();
    return shop;
  }

  private render(
    material: AppleMaterial,
    serialNumber: string,
    shop: WalletShop,
    customer: Customer,
  ): AppleWalletPassFile {
    const bytes = buildPkpass(
      material,
      {
        serialNumber,
        authenticationToken: passAuthenticationToken(this.ctx.env, serialNumber),
        webServiceURL: `${this.ctx.env.publicUrl}${APPLE_WEB_SERVICE_PATH}`,
      },
      applePassContent(shop, customer),
    );
    return {
      contentType: PKPASS_MEDIA_TYPE,
      base64: bytes.toString('base64'),
      filename: `${shop.shopId}.pkpass`,
      lastModified: customer.passUpdatedAt,
    };
  }
}
