import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { ReceiptsContext } from '../context.js';
import { ShopInstallation } from './shop-installation.entity.js';
import { InstallShopInput, StorefrontWebhookInput, StorefrontWebhookReceipt } from './storefront.types.js';

@Resolver()
export class StorefrontResolver {
  @Mutation(() => StorefrontWebhookReceipt, {
    description:
      'Receives an inbound storefront webhook (anchor: Shopify). Public: the HMAC of the raw body under the shop’s secret ' +
      'is the credential (UNAUTHENTICATED invalid_webhook_signature otherwise, the same for an unknown shop); the topic ' +
      'must belong to the path, the body have that topic’s shape and the shop it names be the shop header ' +
      '(UNAUTHENTICATED webhook_binding_mismatch otherwise); a malformed order is BAD_USER_INPUT malformed_order; a known ' +
      'event id changes nothing. The worker applies it afterwards.',
  })
  receiveStorefrontWebhook(
    @Arg('input', () => StorefrontWebhookInput) input: StorefrontWebhookInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<StorefrontWebhookReceipt> {
    return ctx.storefront.receive(input);
  }

  @Mutation(() => ShopInstallation, {
    description:
      'Installs (or re-installs, replacing the secret) a storefront shop for a business: the operator, or a business token ' +
      'with store.orders.write for its own account and store. Creates a terminal at the store for the shop’s orders. ' +
      'A domain binds to one business: one bound to another business (uninstalled included) or pending with a secret the ' +
      'operator set (setShopWebhookSecret) is CONFLICT shop_domain_taken unless `secret` is its current secret, which ' +
      'attaches it; releaseShopDomain (operator) frees a domain.',
  })
  installShop(
    @Arg('input', () => InstallShopInput) input: InstallShopInput,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ShopInstallation> {
    return ctx.storefront.install(input);
  }

  @Mutation(() => ShopInstallation, {
    description:
      'Sets a shop’s shared secret (operator only): replaces a known shop’s (webhooks signed with the old secret are refused ' +
      'from then on); an unknown domain becomes a shop with a secret and no business or store, whose webhooks verify ' +
      '(its orders are recorded as skipped) until installShop attaches them.',
  })
  setShopWebhookSecret(
    @Arg('shopDomain', () => String) shopDomain: string,
    @Arg('secret', () => String) secret: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ShopInstallation> {
    return ctx.storefront.setSecret(shopDomain, secret);
  }

  @Mutation(() => ShopInstallation, {
    description:
      'Frees a shop domain (operator only) so that another business account may install it: a domain stays bound to ' +
      'its business, uninstalled included, until this. Its status becomes released; NOT_FOUND shop_not_found for an ' +
      'unknown domain.',
  })
  releaseShopDomain(
    @Arg('shopDomain', () => String) shopDomain: string,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ShopInstallation> {
    return ctx.storefront.release(shopDomain);
  }

  @Query(() => [ShopInstallation], {
    description: 'The storefront shops installed for the caller’s business (the operator: for `businessAccountId`).',
  })
  shopInstallations(
    @Arg('businessAccountId', () => ID, { nullable: true }) businessAccountId: string | null,
    @Ctx() ctx: ReceiptsContext,
  ): Promise<ShopInstallation[]> {
    return ctx.storefront.list(businessAccountId ?? null);
  }
}
