/**
 * Pushing a customer's current points and rank to every pass of theirs, in three steps so no network
 * call runs between database statements of one step: plan (read the customer's Apple Wallet device
 * registrations and Google card), send (APNs and the Wallet API, concurrently), record (drop
 * registrations APNs calls gone, stamp `last_pushed_at` on the passes whose platform did not fail).
 * Used by the `pushWalletPass` mutation and by the `wallet.push-updates` job.
 */
import type { EntityManager } from '../../kernel/db/orm.js';
import type { Env } from '../../kernel/env.js';
import type { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';
import { loyaltyObjectId, loyaltyObjectUpdate } from '../google/google-pass.js';
import {
  APPLE_WALLET_CHANNEL,
  deliverableTokens,
  type DeliverableToken,
} from '../notification-token/notification-token.store.js';
import { PushOutcome, type WalletPushTransport } from './push-transport.js';

/** What a push did: updates is apple + google (the interface's "number of updates"). */
export interface WalletPushCounts {
  readonly updates: number;
  readonly apple: number;
  readonly google: number;
}

/** What one push of one customer will send. */
export interface PushPlan {
  readonly customer: Customer;
  readonly shop: WalletShop;
  readonly appleTokens: readonly DeliverableToken[];
  readonly passes: readonly { readonly id: string; readonly platform: string; readonly serialNumber: string }[];
}

export interface PushResult {
  readonly plan: PushPlan;
  readonly apple: readonly PushOutcome[];
  readonly google: PushOutcome | null;
}

/** Step 1: the customer's Apple Wallet registrations (unsealed) and passes. */
export async function planPush(em: EntityManager, env: Env, customer: Customer, shop: WalletShop): Promise<PushPlan> {
  const appleTokens = await deliverableTokens(em, env, customer.id, APPLE_WALLET_CHANNEL);
  const passes = await em.execute<{ id: string; platform: string; serial_number: string }[]>(
    'select "id", "platform", "serial_number" from "wallet_pass" where "customer_id" = ?',
    [customer.id],
  );
  return {
    customer,
    shop,
    appleTokens,
    passes: passes.map((p) => ({ id: p.id, platform: p.platform, serialNumber: p.serial_number })),
  };
}

/** Step 2: one APNs push per registered device, one object update for a Google card. No database. */
export async function sendPush(transport: WalletPushTransport, plan: PushPlan): Promise<PushResult> {
  const topic = transport.appleTopic();
  const issuerId = transport.googleIssuerId();
  const googlePass = plan.passes.find((p) => p.platform === 'mobile-b');
  const [apple, google] = await Promise.all([
    topic
      ? transport.pushApple(
          plan.appleTokens.map((t) => t.pushToken),
          topic,
        )
      : Promise.resolve(plan.appleTokens.map(() => PushOutcome.Skipped)),
    googlePass && issuerId
      ? transport.updateGoogleObject(
          loyaltyObjectId(issuerId, googlePass.serialNumber),
          loyaltyObjectUpdate(plan.shop, plan.customer),
        )
      : Promise.resolve(googlePass ? PushOutcome.Skipped : null),
  ]);
  return { plan, apple, google };
}

/** Step 3: drops gone registrations, stamps the passes of platforms without a failure; the counts. */
export async function recordPush(em: EntityManager, result: PushResult, now: Date): Promise<WalletPushCounts> {
  const gone = result.plan.appleTokens.filter((_, i) => result.apple[i] === PushOutcome.Gone).map((t) => t.id);
  if (gone.length > 0) {
    await em.execute(`delete from "notification_token" where "id" in (${gone.map(() => '?').join(', ')})`, gone);
  }
  const failed = new Set<string>();
  if (result.apple.includes(PushOutcome.Failed)) failed.add('mobile-a');
  if (result.google === PushOutcome.Failed) failed.add('mobile-b');
  // Stamped no earlier than the change that was read: a change after the read stays newer, so stale.
  const stamp = new Date(Math.max(now.getTime(), result.plan.customer.passUpdatedAt.getTime()));
  const stamped = result.plan.passes.filter((p) => !failed.has(p.platform)).map((p) => p.id);
  if (stamped.length > 0) {
    await em.execute(
      `update "wallet_pass" set "last_pushed_at" = ?, "updated_at" = ? where "id" in (${stamped.map(() => '?').join(', ')})`,
      [stamp, now, ...stamped],
    );
  }
  const apple = result.apple.filter((o) => o === PushOutcome.Sent).length;
  const google = result.google === PushOutcome.Sent ? 1 : 0;
  return { updates: apple + google, apple, google };
}
