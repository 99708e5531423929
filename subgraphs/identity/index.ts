/** The identity subgraph: users, business accounts, OAuth apps, grants and tokens, devices. */
import { buildFederatedSchema } from '../kernel/federation.js';
import { IDENTITY_ACCESS, IDENTITY_SHARED_READS } from './access.js';
import type { SubgraphModule } from '../kernel/subgraph.js';
import { AuthorizationResolver } from './authorization/authorization.resolver.js';
import { BrowserSession } from './authorization/browser-session.entity.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountResolver } from './business-account/business-account.resolver.js';
import { createIdentityContext, type IdentityContext } from './context.js';
import { UserDevice } from './device/device.entity.js';
import { DeviceResolver } from './device/device.resolver.js';
import { OAuthClient } from './oauth-client/oauth-client.entity.js';
import { OAuthClientResolver } from './oauth-client/oauth-client.resolver.js';
import { OAUTH_TOKEN_ENTITIES } from './oauth/entities.js';
import { OAuthResolver } from './oauth/oauth.resolver.js';
import { SigningKeyResolver } from './oauth/signing-key.resolver.js';
import { SignInThrottle } from './user/sign-in-throttle.entity.js';
import { User } from './user/user.entity.js';
import { AccountResolver } from './user/account.resolver.js';
import { UserResolver } from './user/user.resolver.js';
import { BusinessOwner } from './business-account/business-owner.entity.js';
import { OwnerInvitation } from './business-account/owner-invitation.entity.js';
import { OwnerInvitationResolver } from './business-account/owner-invitation.resolver.js';
import { MailOutboxMessage } from './mail/mail-outbox.entity.js';
import { EmailVerificationToken } from './user/email-verification-token.entity.js';
import { EmailVerificationResolver } from './user/email-verification.resolver.js';
import { housekeepingJob } from './housekeeping/housekeeping.job.js';
import { StaffMember, StaffMemberStore } from './staff/staff-member.entity.js';
import { StaffMemberResolver } from './staff/staff-member.resolver.js';

/** The tables of proven email and ownership by invitation (migration 0012). */
const EMAIL_OWNERSHIP_ENTITIES = [EmailVerificationToken, BusinessOwner, OwnerInvitation, MailOutboxMessage];

export { IDENTITY_ACCESS } from './access.js';
export { sealClearPushTokens } from './device/push-token.js';
export { BusinessAccount } from './business-account/business-account.entity.js';
export { User } from './user/user.entity.js';
export { MailOutboxMessage } from './mail/mail-outbox.entity.js';
export { bindOwner } from './business-account/business-owner.store.js';
export { UserService } from './user/user.service.js';
export type { PasswordChangedEvent, PasswordChangedListener } from './user/password-changed.js';
export { OAuthClient, UserScopeStatus } from './oauth-client/oauth-client.entity.js';
export { authenticateClient, findClient, isRegisteredRedirectUri } from './oauth-client/client-credentials.js';
export { issueAuthorizationCode, type AuthorizationCodeRequest } from './oauth/authorization-code.js';

export const identitySubgraph: SubgraphModule<IdentityContext> = {
  name: 'identity',
  access: IDENTITY_ACCESS,
  sharedReads: IDENTITY_SHARED_READS,
  entities: [
    BusinessAccount,
    User,
    OAuthClient,
    SignInThrottle,
    UserDevice,
    BrowserSession,
    ...OAUTH_TOKEN_ENTITIES,
    ...EMAIL_OWNERSHIP_ENTITIES,
    StaffMember,
    StaffMemberStore,
  ],
  buildSchema: () =>
    // User is also an entity other subgraphs reference; createUser is its only root field so far.
    buildFederatedSchema(
      {
        resolvers: [
          BusinessAccountResolver,
          OAuthClientResolver,
          UserResolver,
          DeviceResolver,
          OAuthResolver,
          AuthorizationResolver,
          AccountResolver,
          SigningKeyResolver,
          OwnerInvitationResolver,
          EmailVerificationResolver,
          StaffMemberResolver,
        ],
        orphanedTypes: [User],
      },
      {
        BusinessAccount: {
          __resolveReference: (ref: { id: string }, ctx: IdentityContext) =>
            ctx.loaders.businessAccountById.load(ref.id),
        },
        User: {
          __resolveReference: (ref: { id: string }, ctx: IdentityContext) => ctx.loaders.userById.load(ref.id),
        },
      },
    ),
  createContext: createIdentityContext,
  jobs: (env) => [housekeepingJob(env.housekeepingIntervalMs)],
};
