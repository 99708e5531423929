/** Who may call each root operation of the identity subgraph (combined by the kernel's access table). */
import { anyOf, business, OPERATOR, PUBLIC, user, type AccessTable } from '../kernel/auth/operation-access.js';

export const IDENTITY_ACCESS: AccessTable = {
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
  // Staff of a business (issue 14): its business tokens by store.staff.*, and the operator.
  'Query.staffMembers': anyOf(OPERATOR, business('store.staff.read')),
  'Query.staffMember': anyOf(OPERATOR, business('store.staff.read')),
  'Mutation.createStaffMember': anyOf(OPERATOR, business('store.staff.write')),
  'Mutation.updateStaffMember': anyOf(OPERATOR, business('store.staff.write')),
  'Mutation.deleteStaffMember': anyOf(OPERATOR, business('store.staff.write')),
  'Mutation.inviteStaffMember': anyOf(OPERATOR, business('store.staff.write')),
};

/**
 * Reads that identical callers in flight together may share (kernel/shared-reads.ts): the published
 * keys and metadata, and entity references (loaders only). Never the token side: introspection counts
 * failed client authentication per call.
 */
export const IDENTITY_SHARED_READS: readonly string[] = [
  'Query.jsonWebKeySet',
  'Query.authorizationServerMetadata',
  'Query._entities',
];
