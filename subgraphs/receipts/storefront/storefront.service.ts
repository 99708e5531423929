/**
 * Installing storefront shops and receiving their webhooks. Receiving is fast: verify the signature and
 * what binds the body to its path and shop, check an order's shape, store the delivery once per event
 * id; the worker does the rest
 * (`storefront-processing.ts`).
 */
import { createHash } from 'node:crypto';
import { requireAuthenticated, requireOperator } from '../../kernel/auth/access.js';
import { decryptSecret, encryptSecret, resolveSecretsKey } from '../../kernel/auth/secrets-key.js';
import type { BaseContext } from '../../kernel/context.js';
import { isUuid, uuidv7 } from '../../kernel/db/uuid.js';
import {
  BadUserInputError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  Validation,
  VALIDATION_FAILED_DETAIL,
} from '../../kernel/errors.js';
import { storeBusinessAccountId } from '../receipt-events.js';
import { Terminal } from '../terminal/terminal.entity.js';
import { generatePublicTerminalId } from '../terminal/terminal.service.js';
import { assertMayTake } from './shop-domain-binding.js';
import { ShopInstallation, ShopInstallationStatus } from './shop-installation.entity.js';
import { bindsTo } from './storefront-binding.js';
import { readOrder } from './storefront-payload.js';
import { verifyStorefrontSignature } from './storefront-signature.js';
import { STOREFRONT_WEBHOOK_KINDS, type StorefrontWebhookKind } from './storefront-webhook.entity.js';
import type { InstallShopInput, StorefrontWebhookInput, StorefrontWebhookReceipt } from './storefront.types.js';

/** The scope a business token needs to install a shop: its orders become the business's transactions. */
export const INSTALL_SHOP_SCOPE = 'store.orders.write';

export const SECRET_LENGTH = { min: 1, max: 256 } as const;

/** The one answer to a missing or wrong signature and to an unknown shop: nothing tells them apart. */
export const SIGNATURE_REFUSED = 'The webhook signature (X-Shopify-Hmac-Sha256) is missing or does not verify.';
/** A verified body sent to another path, under another topic or with another shop's header. */
export const BINDING_REFUSED =
  'The signed body does not belong to this path: X-Shopify-Topic must be the path’s topic, the body must have that ' +
  'topic’s shape, and the shop it names must be X-Shopify-Shop-Domain.';
export const SIGNATURE_CHALLENGE = 'HMAC-SHA256 realm="storefront-webhooks"';

/** One DNS label of a hostname (RFC 1123): letters, digits, inner hyphens, 1 to 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const SHOP_DOMAIN_RULE =
  'must be a DNS hostname (labels of letters, digits and inner hyphens, up to 253 characters)';

/**
 * The shop domain as stored and looked up: trimmed, lowercased, without a trailing dot; null unless it
 * is a DNS hostname (at most 253 characters, labels of 1 to 63 letters, digits and inner hyphens; an
 * internationalized name in its `xn--` form). Shopify's are `<name>.myshopify.com`, but any hostname
 * is accepted: the header is matched against what the operator installed, nothing more.
 */
export function normalizeShopDomain(domain: string): string | null {
  const trimmed = domain.trim().toLowerCase();
  const normalized = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  if (normalized.length === 0 || normalized.length > 253) return null;
  return normalized.split('.').every((label) => LABEL.test(label)) ? normalized : null;
}

const SECRET_RULE = `must be ${SECRET_LENGTH.min} to ${SECRET_LENGTH.max} characters without surrounding spaces`;
const validSecret = (secret: string) =>
  secret.length >= SECRET_LENGTH.min && secret.length <= SECRET_LENGTH.max && secret.trim() === secret;

const isKind = (kind: string): kind is StorefrontWebhookKind =>
  (STOREFRONT_WEBHOOK_KINDS as readonly string[]).includes(kind);

export class StorefrontService {
  constructor(private readonly ctx: BaseContext) {}

  /**
   * Installs (or re-installs) a shop for a business: the operator for any business, a business token
   * with store.orders.write for its own. A new installation, or a move to another store, creates a
   * terminal at the store for the shop's transactions. A shop whose secret alone was set
   * (`webhook-secret:set`) is this same row: installing attaches the business, store and terminal. A
   * domain bound to another business (in any status) or pending with an operator-set secret is CONFLICT
   * `shop_domain_taken` unless `secret` is its current secret (`shop-domain-binding.ts`).
   */
  async install(input: InstallShopInput): Promise<ShopInstallation> {
    const caller = requireAuthenticated(this.ctx.principal);
    if (caller.kind === 'user')
      throw new ForbiddenError('This operation needs a business token.', 'business_token_required', INSTALL_SHOP_SCOPE);
    if (caller.kind === 'business' && !caller.scopes.has(INSTALL_SHOP_SCOPE))
      throw new ForbiddenError(
        `The token lacks the ${INSTALL_SHOP_SCOPE} scope.`,
        'insufficient_scope',
        INSTALL_SHOP_SCOPE,
      );
    const businessAccountId = caller.kind === 'business' ? caller.businessAccountId : (input.businessAccountId ?? '');
    const shopDomain = normalizeShopDomain(input.shopDomain);
    const secret = input.secret;
    new Validation()
      .check(isUuid(businessAccountId), 'businessAccountId', 'must be a UUID (required for the operator)')
      .check(shopDomain !== null, 'shopDomain', SHOP_DOMAIN_RULE)
      .check(validSecret(secret), 'secret', SECRET_RULE)
      .check(isUuid(input.storeId), 'storeId', 'must be a UUID')
      .throwIfInvalid();
    if (caller.kind === 'business' && input.businessAccountId && input.businessAccountId !== businessAccountId)
      throw new NotFoundError('No business account of this token has this id.', 'business_account_not_found');
    const owner = await storeBusinessAccountId(this.ctx.em, input.storeId);
    if (owner !== businessAccountId)
      throw new NotFoundError('The business account has no store with this id.', 'store_not_found');
    const key = resolveSecretsKey(this.ctx.env);
    const sealed = encryptSecret(key, secret);
    return this.ctx.em.transactional(async (em) => {
      // Serializes installs of one domain (the unique key alone would turn a race into a 500).
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`shop-installation:${shopDomain}`]);
      const existing = await em.findOne(
        ShopInstallation,
        { shopDomain: shopDomain! },
        { populate: ['secretCiphertext'] },
      );
      assertMayTake(existing, businessAccountId, secret, key);
      const now = new Date();
      let terminalId = existing?.terminalId;
      if (!existing || existing.storeId !== input.storeId) {
        const terminal = em.create(Terminal, { storeId: input.storeId, publicTerminalId: generatePublicTerminalId() });
        await em.flush();
        terminalId = terminal.id;
      }
      const installation =
        existing ??
        em.create(ShopInstallation, {
          businessAccountId,
          shopDomain: shopDomain!,
          secretCiphertext: sealed,
          storeId: input.storeId,
          terminalId: terminalId!,
        });
      em.assign(installation, {
        businessAccountId,
        secretCiphertext: sealed,
        storeId: input.storeId,
        terminalId: terminalId!,
        status: ShopInstallationStatus.Active,
        installedAt: now,
        uninstalledAt: null,
      });
      await em.flush();
      return installation;
    });
  }

  /**
   * Sets a shop's shared secret (operator; DECISIONS.md, Operator CLI: `webhook-secret:set
   * --shop-domain D --secret S`). A known shop's secret is replaced (webhooks signed with the old one
   * fail at once); an unknown domain becomes a secret-only installation: its webhooks verify and are
   * stored, privacy topics and app/uninstalled apply, orders and inventory are recorded as skipped
   * until `installShop` attaches a business and a store to it.
   */
  async setSecret(shopDomain: string, secret: string): Promise<ShopInstallation> {
    requireOperator(this.ctx.principal);
    const domain = normalizeShopDomain(shopDomain);
    new Validation()
      .check(domain !== null, 'shopDomain', SHOP_DOMAIN_RULE)
      .check(validSecret(secret), 'secret', SECRET_RULE)
      .throwIfInvalid();
    const sealed = encryptSecret(resolveSecretsKey(this.ctx.env), secret);
    return this.ctx.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`shop-installation:${domain}`]);
      const existing = await em.findOne(ShopInstallation, { shopDomain: domain! });
      const installation =
        existing ??
        em.create(ShopInstallation, {
          businessAccountId: null,
          shopDomain: domain!,
          secretCiphertext: sealed,
          storeId: null,
          terminalId: null,
        });
      installation.secretCiphertext = sealed;
      await em.flush();
      return installation;
    });
  }

  /**
   * Frees a shop domain (operator only): any business may install it next, with a secret of its own.
   * The row keeps its history (orders, stock levels, privacy records) and its secret until then; its
   * orders are skipped meanwhile, like an uninstalled shop's. Unknown domain: NOT_FOUND `shop_not_found`.
   */
  async release(shopDomain: string): Promise<ShopInstallation> {
    requireOperator(this.ctx.principal);
    const domain = normalizeShopDomain(shopDomain);
    new Validation().check(domain !== null, 'shopDomain', SHOP_DOMAIN_RULE).throwIfInvalid();
    return this.ctx.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`shop-installation:${domain}`]);
      const installation = await em.findOne(ShopInstallation, { shopDomain: domain! });
      if (!installation) throw new NotFoundError('No shop has this domain.', 'shop_not_found');
      installation.status = ShopInstallationStatus.Released;
      await em.flush();
      return installation;
    });
  }

  /** The caller's installations (the operator: those of `businessAccountId`). */
  async list(businessAccountId: string | null): Promise<ShopInstallation[]> {
    const caller = requireAuthenticated(this.ctx.principal);
    const id =
      caller.kind === 'business' ? caller.businessAccountId : caller.kind === 'operator' ? businessAccountId : null;
    if (caller.kind === 'user')
      throw new ForbiddenError('This operation needs a business token.', 'business_token_required');
    if (id === null || !isUuid(id))
      throw new BadUserInputError(VALIDATION_FAILED_DETAIL, [{ path: 'businessAccountId', message: 'must be a UUID' }]);
    return this.ctx.em.find(ShopInstallation, { businessAccountId: id }, { orderBy: { shopDomain: 'asc' } });
  }

  /**
   * Receives one webhook: 401 (UNAUTHENTICATED) unless the body's signature verifies with the shop's
   * secret, and unless the topic, the body's shape and the shop it names bind it to this path and shop
   * (`storefront-binding.ts`), both before anything is stored; an orders body that is not a valid order
   * is 400 naming the fields; a known event id answers
   * `duplicate` and changes nothing; otherwise the delivery is stored for the worker.
   */
  async receive(input: StorefrontWebhookInput): Promise<StorefrontWebhookReceipt> {
    if (!isKind(input.kind))
      throw new BadUserInputError(VALIDATION_FAILED_DETAIL, [
        { path: 'kind', message: `must be one of ${STOREFRONT_WEBHOOK_KINDS.join(', ')}` },
      ]);
    const body = Buffer.from(input.bodyBase64, 'base64');
    const domain = input.shopDomain ? normalizeShopDomain(input.shopDomain) : null;
    const installation = domain
      ? await this.ctx.em.findOne(ShopInstallation, { shopDomain: domain }, { populate: ['secretCiphertext'] })
      : null;
    const secret = installation ? decryptSecret(resolveSecretsKey(this.ctx.env), installation.secretCiphertext) : null;
    if (!verifyStorefrontSignature(secret, body, input.hmac ?? null) || !installation)
      throw new UnauthenticatedError(SIGNATURE_REFUSED, 'invalid_webhook_signature', SIGNATURE_CHALLENGE);
    const text = body.toString('utf8');
    // The signature covers the body alone: the path, topic and shop header must be the body's own.
    if (!bindsTo(input.kind, input.topic, installation.shopDomain, text, normalizeShopDomain))
      throw new UnauthenticatedError(BINDING_REFUSED, 'webhook_binding_mismatch', SIGNATURE_CHALLENGE);
    if (input.kind === 'orders') {
      const order = readOrder(text);
      if (Array.isArray(order))
        throw new BadUserInputError('The order payload is malformed.', order, 'malformed_order');
    }
    const eventId = input.eventId?.trim().slice(0, 255) || `sha256:${createHash('sha256').update(body).digest('hex')}`;
    const now = new Date();
    const rows = await this.ctx.em.execute<{ id: string }[]>(
      `insert into "storefront_webhook" ("id", "created_at", "updated_at", "installation_id", "kind", "topic", "event_id",
         "payload", "received_at", "attempts")
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
       on conflict ("installation_id", "event_id") do nothing
       returning "id"`,
      [
        uuidv7(now.getTime()),
        now,
        now,
        installation.id,
        input.kind,
        input.topic!.trim().slice(0, 128),
        eventId,
        // PostgreSQL text holds no NUL: such a body (never valid JSON text anyway) is kept escaped.
        text.replaceAll('\u0000', '\\u0000'),
        now,
      ],
    );
    return { duplicate: rows.length === 0 };
  }
}
