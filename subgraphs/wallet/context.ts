import type { BaseContext } from '../kernel/context.js';
import { isUuid } from '../kernel/db/uuid.js';
import { keyedLoader } from '../kernel/loaders.js';
import { NotificationToken } from './notification-token/notification-token.entity.js';
import { NotificationTokenService } from './notification-token/notification-token.service.js';
import { WalletPass } from './wallet-pass/wallet-pass.entity.js';
import { WalletPassService } from './wallet-pass/wallet-pass.service.js';
import { GoogleWalletService } from './google/google-wallet.service.js';
import { productionPushTransport } from './push/production-push-transport.js';
import { WalletPushService } from './push/wallet-push.service.js';

/** The wallet subgraph's per-request context: loaders and services bound to this request. */
export interface WalletContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly notificationTokens: NotificationTokenService;
  readonly walletPasses: WalletPassService;
  readonly googleWallet: GoogleWalletService;
  readonly walletPush: WalletPushService;
}

function createLoaders(ctx: BaseContext) {
  return {
    notificationTokenById: keyedLoader<string, NotificationToken>(
      (ids) => ctx.em.find(NotificationToken, { id: { $in: ids.filter(isUuid) } }),
      (t) => t.id,
    ),
    walletPassById: keyedLoader<string, WalletPass>(
      (ids) => ctx.em.find(WalletPass, { id: { $in: ids.filter(isUuid) } }),
      (p) => p.id,
    ),
  };
}

export function createWalletContext(base: BaseContext): WalletContext {
  return {
    ...base,
    loaders: createLoaders(base),
    notificationTokens: new NotificationTokenService(base),
    walletPasses: new WalletPassService(base),
    googleWallet: new GoogleWalletService(base),
    walletPush: new WalletPushService(base, productionPushTransport(base.env.wallet)),
  };
}
