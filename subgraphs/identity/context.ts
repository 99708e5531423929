import type { BaseContext } from '../kernel/context.js';
import { AuthorizationService } from './authorization/authorization.service.js';
import { isUuid } from '../kernel/db/uuid.js';
import { groupedLoader, keyedLoader } from '../kernel/loaders.js';
import { endUserSessions } from './authorization/browser-session.store.js';
import { BusinessAccount } from './business-account/business-account.entity.js';
import { BusinessAccountService } from './business-account/business-account.service.js';
import { DeviceService } from './device/device.service.js';
import { OAuthClientService } from './oauth-client/oauth-client.service.js';
import { OAuthGrantService } from './oauth/grant.service.js';
import { OAuthTokenService } from './oauth/token.service.js';
import { User } from './user/user.entity.js';
import { revokeOtherGrants } from './oauth/grant-revocation.js';
import { AccountService } from './user/account.service.js';
import { UserService } from './user/user.service.js';
import { EmailVerificationService } from './user/email-verification.service.js';
import { SignUpService } from './user/sign-up.service.js';
import { OwnerInvitationService } from './business-account/owner-invitation.service.js';
import { StaffMemberStore } from './staff/staff-member.entity.js';
import { StaffMemberService } from './staff/staff-member.service.js';

export interface IdentityContext extends BaseContext {
  readonly loaders: ReturnType<typeof createLoaders>;
  readonly businessAccounts: BusinessAccountService;
  readonly users: UserService;
  readonly accounts: AccountService;
  readonly devices: DeviceService;
  readonly oauthClients: OAuthClientService;
  readonly oauthTokens: OAuthTokenService;
  readonly oauthGrants: OAuthGrantService;
  readonly authorization: AuthorizationService;
  readonly signUps: SignUpService;
  readonly emailVerification: EmailVerificationService;
  readonly ownerInvitations: OwnerInvitationService;
  readonly staff: StaffMemberService;
}

function createLoaders(ctx: BaseContext) {
  return {
    businessAccountById: keyedLoader<string, BusinessAccount>(
      (ids) => ctx.em.find(BusinessAccount, { id: { $in: ids.filter(isUuid) } }),
      (b) => b.id,
    ),
    /** Live accounts only: a deleted account resolves to null wherever it is referenced. */
    userById: keyedLoader<string, User>(
      (ids) => ctx.em.find(User, { id: { $in: ids.filter(isUuid) }, deletedAt: null }),
      (u) => u.id,
    ),
    /** The store links of staff members, by store id. */
    staffStores: groupedLoader<string, StaffMemberStore>(
      (ids) =>
        ctx.em.find(StaffMemberStore, { staffMemberId: { $in: ids.filter(isUuid) } }, { orderBy: { storeId: 'asc' } }),
      (link) => link.staffMemberId,
    ),
  };
}

export function createIdentityContext(base: BaseContext): IdentityContext {
  // A password change revokes every other grant of the user, in its transaction.
  const users = new UserService(base, {
    // A new password ends every other grant and every signed-in browser (a thief's session included).
    onPasswordChanged: [revokeOtherGrants, ({ em, userId }) => endUserSessions(em, userId).then(() => undefined)],
  });
  return {
    ...base,
    loaders: createLoaders(base),
    businessAccounts: new BusinessAccountService(base),
    users,
    accounts: new AccountService(base, users),
    devices: new DeviceService(base),
    oauthClients: new OAuthClientService(base),
    oauthTokens: new OAuthTokenService(base),
    oauthGrants: new OAuthGrantService(base),
    authorization: new AuthorizationService(base, users),
    signUps: new SignUpService(base, users),
    emailVerification: new EmailVerificationService(base),
    ownerInvitations: new OwnerInvitationService(base),
    staff: new StaffMemberService(base),
  };
}
