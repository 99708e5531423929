/**
 * The operator commands. Each row names its flags, the GraphQL
 * operation it runs with the operator credential, and what it prints.
 */
import { BUSINESS_CUSTOMER_COMMANDS } from './business-customer-commands.js';
import { BUSINESS_HOURS_COMMANDS } from './business-hours-commands.js';
import { CATALOG_COMMANDS } from './catalog-commands.js';
import { STOREFRONT_LINK_COMMANDS } from './storefront-link-commands.js';
import { CHECKIN_COMMANDS } from './checkin-commands.js';
import { list, on, text, type LocalCommand, type OpsCommand } from './command.js';
import { COUPON_COMMANDS } from './coupon-commands.js';
import { CUSTOMER_COMMANDS } from './customer-commands.js';
import { ORDER_COMMANDS } from './order-commands.js';
import { OWNER_INVITATION_COMMANDS } from './owner-commands.js';
import { POST_COMMANDS } from './post-commands.js';
import { RECEIPT_COMMANDS } from './receipt-commands.js';
import { RESERVATION_COMMANDS } from './reservation-commands.js';
import { SHOP_COMMANDS } from './shop-commands.js';
import { STAFF_COMMANDS } from './staff-commands.js';
import { STOREFRONT_COMMANDS } from './storefront-commands.js';
import { SURVEY_COMMANDS } from './survey-commands.js';
import { TOKEN_DEMO } from './token-demo.js';
import { WALLET_LOCAL_COMMANDS } from './wallet-commands.js';
import { WEBHOOK_COMMANDS } from './webhook-commands.js';

/** Reads `data.<field>.id` of a mutation result. */
function idOf(data: Record<string, unknown>, field: string): string {
  return (data[field] as { id: string }).id;
}

export const OPS_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'business:create',
    summary:
      'Create a business account and mail its owner invitation (accepted by a verified account with that email).',
    flags: { name: { value: 'N', required: true }, 'owner-email': { value: 'E', required: true } },
    operationName: 'OpsCreateBusinessAccount',
    document:
      'mutation OpsCreateBusinessAccount($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id ownerInvitations { id } } }',
    variables: (flags) => ({ input: { name: text(flags, 'name'), ownerEmail: text(flags, 'owner-email') } }),
    result: (data) => {
      const created = data.createBusinessAccount as { id: string; ownerInvitations: { id: string }[] };
      return { businessAccountId: created.id, invitationId: created.ownerInvitations[0]?.id };
    },
  },
  ...OWNER_INVITATION_COMMANDS,
  {
    name: 'user:create',
    summary: 'Create a registered consumer account (password: 15 to 128 characters, not a common one, not the email).',
    flags: {
      email: { value: 'E', required: true },
      password: { value: 'P', required: true },
      'display-name': { value: 'N' },
    },
    operationName: 'OpsCreateUser',
    document: 'mutation OpsCreateUser($input: CreateUserInput!) { createUser(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        email: text(flags, 'email'),
        password: text(flags, 'password'),
        ...(text(flags, 'display-name') !== undefined ? { displayName: text(flags, 'display-name') } : {}),
      },
    }),
    result: (data) => ({ userId: idOf(data, 'createUser') }),
  },
  {
    name: 'store:create',
    summary:
      'Create a store of a business account (prefecture: 東京都 or its JIS code; store type from the vocabulary).',
    flags: {
      business: { value: 'ID', required: true },
      name: { value: 'N', required: true },
      prefecture: { value: 'P', required: true },
      'store-type': { value: 'T', required: true },
      public: { boolean: true },
      'place-id': { value: 'X' },
      address: { value: 'A' },
      'name-kana': { value: 'K' },
    },
    operationName: 'OpsCreateStore',
    document: 'mutation OpsCreateStore($input: CreateStoreInput!) { createStore(input: $input) { id } }',
    variables: (flags) => ({
      input: {
        businessAccountId: text(flags, 'business'),
        name: text(flags, 'name'),
        prefecture: text(flags, 'prefecture'),
        storeType: text(flags, 'store-type'),
        isPublicListing: on(flags, 'public'),
        ...(text(flags, 'place-id') !== undefined ? { placeId: text(flags, 'place-id') } : {}),
        ...(text(flags, 'address') !== undefined ? { address: text(flags, 'address') } : {}),
        ...(text(flags, 'name-kana') !== undefined ? { nameKana: text(flags, 'name-kana') } : {}),
      },
    }),
    result: (data) => ({ storeId: idOf(data, 'createStore') }),
  },
  ...RECEIPT_COMMANDS,
  ...SHOP_COMMANDS,
  ...STOREFRONT_COMMANDS,
  ...COUPON_COMMANDS,
  ...ORDER_COMMANDS,
  ...CATALOG_COMMANDS,
  ...STOREFRONT_LINK_COMMANDS,
  ...CHECKIN_COMMANDS,
  ...SURVEY_COMMANDS,
  ...POST_COMMANDS,
  ...BUSINESS_HOURS_COMMANDS,
  ...CUSTOMER_COMMANDS,
  ...STAFF_COMMANDS,
  ...BUSINESS_CUSTOMER_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...RESERVATION_COMMANDS,
  {
    name: 'app:register',
    summary: 'Register an OAuth app; any user.* scope makes it pending review. Prints the client secret (shown once).',
    flags: {
      name: { value: 'N', required: true },
      'redirect-uri': { value: 'U', required: true, repeatable: true },
      scopes: { value: '"s1 s2"', required: true },
      business: { value: 'ID' },
      'first-party': { boolean: true },
    },
    operationName: 'OpsRegisterOAuthApp',
    document: `mutation OpsRegisterOAuthApp($input: RegisterOAuthAppInput!) {
  registerOAuthApp(input: $input) { clientSecret app { clientId redirectUris userScopeStatus } }
}`,
    variables: (flags) => ({
      input: {
        name: text(flags, 'name'),
        redirectUris: list(flags, 'redirect-uri'),
        scopes: (text(flags, 'scopes') ?? '').split(' ').filter((s) => s !== ''),
        firstParty: on(flags, 'first-party'),
        ...(text(flags, 'business') !== undefined ? { businessAccountId: text(flags, 'business') } : {}),
      },
    }),
    result: (data) => {
      const { clientSecret, app } = data.registerOAuthApp as {
        clientSecret: string;
        app: { clientId: string; redirectUris: string[]; userScopeStatus: string | null };
      };
      return {
        clientId: app.clientId,
        clientSecret,
        redirectUris: app.redirectUris,
        userScopeStatus: app.userScopeStatus?.toLowerCase() ?? null,
      };
    },
  },
  {
    name: 'app:approve',
    summary: "Approve an app's user.* scopes (UserScopeStatus pending -> approved).",
    flags: { 'client-id': { value: 'ID', required: true } },
    operationName: 'OpsApproveOAuthApp',
    document:
      'mutation OpsApproveOAuthApp($clientId: String!) { approveOAuthApp(clientId: $clientId) { clientId userScopeStatus } }',
    variables: (flags) => ({ clientId: text(flags, 'client-id') }),
    result: (data) => {
      const app = data.approveOAuthApp as { clientId: string; userScopeStatus: string };
      return { clientId: app.clientId, userScopeStatus: app.userScopeStatus.toLowerCase() };
    },
  },
  {
    name: 'keys:list',
    summary: 'List the access-token signing keys: kid, status (active, verifying, retired), createdAt, retiredAt.',
    flags: {},
    operationName: 'OpsSigningKeys',
    document: 'query OpsSigningKeys { signingKeys { kid status createdAt retiredAt } }',
    variables: () => ({}),
    result: (data) => ({ keys: (data.signingKeys as { status: string }[]).map(signingKeyOf) }),
  },
  {
    name: 'keys:rotate',
    summary: 'Add a new signing key that signs from now on; older keys keep verifying until retired.',
    flags: {},
    operationName: 'OpsRotateSigningKey',
    document: 'mutation OpsRotateSigningKey { rotateSigningKey { kid status createdAt retiredAt } }',
    variables: () => ({}),
    result: (data) => signingKeyOf(data.rotateSigningKey as { status: string }),
  },
  {
    name: 'keys:retire',
    summary:
      'Retire a signing key: it leaves the JWKS and its tokens stop verifying (everywhere within SIGNING_KEY_CACHE_SECONDS). The active key cannot be retired: rotate first.',
    flags: { kid: { value: 'K', required: true } },
    operationName: 'OpsRetireSigningKey',
    document:
      'mutation OpsRetireSigningKey($kid: String!) { retireSigningKey(kid: $kid) { kid status createdAt retiredAt } }',
    variables: (flags) => ({ kid: text(flags, 'kid') }),
    result: (data) => signingKeyOf(data.retireSigningKey as { status: string }),
  },
];

/** A signing key as printed: the status in lower case, like the other commands' enums. */
function signingKeyOf(key: { status: string }): Record<string, unknown> {
  return { ...key, status: key.status.toLowerCase() };
}

/** Commands that are not one operator operation: they take no --token and run over the service's HTTP API. */
export const LOCAL_COMMANDS: readonly LocalCommand[] = [TOKEN_DEMO, ...WALLET_LOCAL_COMMANDS];
