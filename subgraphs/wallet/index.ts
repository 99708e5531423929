/** The wallet subgraph: wallet passes, wallet push, notification tokens, customer segments and audience. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { WALLET_ACCESS } from './access.js';
import { ApplePassResolver } from './apple/apple-pass.resolver.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { BusinessCustomer } from './business-customer/business-customer.entity.js';
import { BusinessCustomerResolver } from './business-customer/business-customer.resolver.js';
import { createWalletContext, type WalletContext } from './context.js';
import { Customer } from './customer/customer.entity.js';
import { CustomerResolver } from './customer/customer.resolver.js';
// issue 15: customer profiles
import { CustomerProfileResolver } from './customer-profile/customer-profile.resolver.js';
import { NotificationToken } from './notification-token/notification-token.entity.js';
import { NotificationTokenResolver } from './notification-token/notification-token.resolver.js';
import { WalletPass } from './wallet-pass/wallet-pass.entity.js';
import { WalletPassResolver } from './wallet-pass/wallet-pass.resolver.js';
import { GoogleWalletResolver } from './google/google-wallet.resolver.js';
import { productionPushTransport } from './push/production-push-transport.js';
import { walletPushJob } from './push/wallet-push.job.js';
import { WalletPushResolver } from './push/wallet-push.resolver.js';
import { AudienceResolver } from './audience/audience.resolver.js';
import { Segment, SegmentTarget } from './segment/segment.entity.js';
import { SegmentMemberResolver, SegmentResolver } from './segment/segment.resolver.js';

export { WALLET_ACCESS } from './access.js';
export { BusinessCustomer, BusinessCustomerSource } from './business-customer/business-customer.entity.js';
export { Customer } from './customer/customer.entity.js';
export { NotificationToken } from './notification-token/notification-token.entity.js';
export { WalletPass, WALLET_PLATFORMS, type WalletPlatform } from './wallet-pass/wallet-pass.entity.js';
export { Segment, SegmentTarget, SegmentTargetKind } from './segment/segment.entity.js';

export const walletSubgraph: SubgraphModule<WalletContext> = {
  name: 'wallet',
  access: WALLET_ACCESS,
  entities: [BusinessCustomer, Customer, NotificationToken, Segment, SegmentTarget, WalletPass],
  buildSchema: () =>
    buildFederatedSchema(
      {
        resolvers: [
          ApplePassResolver,
          AudienceResolver,
          BusinessCustomerResolver,
          CustomerResolver,
          CustomerProfileResolver,
          GoogleWalletResolver,
          NotificationTokenResolver,
          SegmentMemberResolver,
          SegmentResolver,
          WalletPassResolver,
          WalletPushResolver,
        ],
      },
      {
        BusinessCustomer: {
          // Null for a record the caller may not see (another business's, or without store.customers.read).
          __resolveReference: (ref: { id: string }, ctx: WalletContext) =>
            ctx.loaders.visibleBusinessCustomerById.load(ref.id),
        },
        // issue 15: a profile of the caller's business with crm.profiles.read, else null.
        CustomerProfile: {
          __resolveReference: (ref: { id: string }, ctx: WalletContext) => ctx.customerProfiles.reference(ref.id),
        },
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
