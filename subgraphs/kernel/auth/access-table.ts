/**
 * The one access table: every root operation of the supergraph and who may call it (user and
 * business rules name the scope the operation needs; interface-v1 "Scopes"). Root fields without a
 * row make their subgraph fail to build, and test/access.e2e.test.ts walks every operation of the
 * composed schema against this table.
 */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from './operation-access.js';

export const ACCESS_TABLE: AccessTable = {
  // stores: the public directory is open; administration is the operator's until business owners sign in.
  'Query.publicStores': PUBLIC,
  'Query.publicStore': PUBLIC,
  'Query.prefectures': PUBLIC,
  'Query.storeTypes': PUBLIC,
  'Mutation.createStore': OPERATOR,

  // identity
  'Mutation.createBusinessAccount': OPERATOR,
  'Mutation.registerOAuthApp': anyOf(OPERATOR, business(null)),
  'Mutation.approveOAuthApp': OPERATOR,
  'Mutation.createUser': OPERATOR,
  'Mutation.registerDevice': user(null),
  'Mutation.removeDevice': user(null),
  // The caller's own account: the interface lists 401 but no 403 for these, so any user token will do.
  'Mutation.changePassword': user(null),
  'Mutation.deleteAccount': user(null),
  // OAuth token side: the client authenticates inside the request (client secret, or the token itself).
  'Mutation.requestToken': PUBLIC,
  'Mutation.revokeToken': PUBLIC,
  'Query.introspectToken': PUBLIC,
  'Query.verifyAccessToken': PUBLIC,
  'Query.jsonWebKeySet': PUBLIC,
  'Query.authorizationServerMetadata': PUBLIC,
  // The authorization pages: the session token and its CSRF token are checked by the service itself.
  'Query.authorizationPrompt': PUBLIC,
  'Mutation.signInBrowser': PUBLIC,
  'Mutation.signUpBrowser': PUBLIC,
  'Mutation.signOutBrowser': PUBLIC,
  'Mutation.completeAuthorization': PUBLIC,
  'Query.viewer': anyOf(OPERATOR, user(null), business(null)),
  // Access-token signing keys (keys:list, keys:rotate, keys:retire).
  'Query.signingKeys': OPERATOR,
  'Mutation.rotateSigningKey': OPERATOR,
  'Mutation.retireSigningKey': OPERATOR,
  // Proven email and ownership by invitation: operators manage invitations; the pages verify and accept
  // (the link's token, and for accepting the session token and its CSRF token, are checked by the service).
  'Mutation.createOwnerInvitation': OPERATOR,
  'Query.ownerInvitations': OPERATOR,
  'Mutation.resendOwnerInvitation': OPERATOR,
  'Mutation.revokeOwnerInvitation': OPERATOR,
  'Mutation.acceptOwnerInvitation': PUBLIC,
  'Mutation.verifyEmail': PUBLIC,
  'Mutation.resendEmailVerification': PUBLIC,

  // receipts
  'Query.terminal': PUBLIC,
  'Mutation.createTerminal': OPERATOR,

  // engagement: campaign previews by token (the engagement issue decides their final rules)
  'Query.checkInCampaign': PUBLIC,
  'Query.surveyCampaign': PUBLIC,

  // wallet: operator views until customer and shop tokens are wired to them
  'Query.notificationTokens': OPERATOR,
  'Query.walletPasses': OPERATOR,
};
