/** The wallet subgraph: wallet passes, wallet push and notification tokens. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { WALLET_ACCESS } from './access.js';
import { ApplePassResolver } from './apple/apple-pass.resolver.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { createWalletContext, type WalletContext } from './context.js';
import { Customer } from './customer/customer.entity.js';
import { CustomerResolver } from './customer/customer.resolver.js';
import { NotificationToken } from './notification-token/notification-token.entity.js';
import { NotificationTokenResolver } from './notification-token/notification-token.resolver.js';
import { WalletPass } from './wallet-pass/wallet-pass.entity.js';
import { WalletPassResolver } from './wallet-pass/wallet-pass.resolver.js';
import { GoogleWalletResolver } from './google/google-wallet.resolver.js';
import { productionPushTransport } from './push/production-push-transport.js';
import { walletPushJob } from './push/wallet-push.job.js';
import { WalletPushResolver } from './push/wallet-push.resolver.js';

export { WALLET_ACCESS } from './access.js';
export { Customer } from './customer/customer.entity.js';
export { NotificationToken } from './notification-token/notification-token.entity.js';
export { WalletPass, WALLET_PLATFORMS, type WalletPlatform } from './wallet-pass/wallet-pass.entity.js';

export const walletSubgraph: SubgraphModule<WalletContext> = {
  name: 'wallet',
  access: WALLET_ACCESS,
  entities: [Customer, NotificationToken, WalletPass],
  buildSchema: () =>
    buildFederatedSchema(
      {
        resolvers: [
          ApplePassResolver,
          CustomerResolver,
          GoogleWalletResolver,
          NotificationTokenResolver,
          WalletPassResolver,
          WalletPushResolver,
        ],
      },
      {
        Customer: {
          __resolveReference: (ref: { id: string }, ctx: WalletContext) => ctx.loaders.customerById.load(ref.id),
        },
        NotificationToken: {
          __resolveReference: (ref: { id: string }, ctx: WalletContext) =>
            ctx.loaders.notificationTokenById.load(ref.id),
        },
        WalletPass: {
          __resolveReference: (ref: { id: string }, ctx: WalletContext) => ctx.loaders.walletPassById.load(ref.id),
        },
      },
    ),
  createContext: createWalletContext,
  jobs: (env) => [walletPushJob(env, productionPushTransport(env.wallet))],
};
