/**
 * Walks every root operation of the composed API schema against the access table: each has a rule,
 * each rule names a real operation, and each non-public operation refuses callers without a token,
 * with an invalid, expired, revoked or refreshed-away token, with a token of the wrong kind or
 * without the scope its rule names, and (unless its rule allows it) the operator. Real tokens come
 * from the OAuth fixtures. Also: no endpoint shows or changes another user's data, and every event type
 * of the catalogue reaches a webhook or a subscription only through a token holding its read scope.
 */
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TABLE } from '../subgraphs/kernel/auth/access-table.js';
import type { AccessRule } from '../subgraphs/kernel/auth/operation-access.js';
import { ANONYMOUS } from '../subgraphs/kernel/auth/principal.js';
import {
  BUSINESS_SCOPES as ALL_BUSINESS_SCOPES,
  USER_SCOPES as ALL_USER_SCOPES,
} from '../subgraphs/kernel/auth/scopes.js';
import { rootEntityManager } from '../subgraphs/kernel/db/orm.js';
import { EVENT_TYPE_NAMES, eventTypeScope, type EventType } from '../subgraphs/kernel/events/catalogue.js';
import { publishEvent, TestSubscriber, until } from '../gateway/subscriptions/subscriptions.fixtures.js';
import {
  createBusiness,
  createUser,
  issueCode,
  postJson,
  REDIRECT_URI,
  registerApp,
  startOAuthService,
  tokensFor,
  USER_PASSWORD,
  viewer,
  type App,
} from './fixtures/oauth.fixtures.js';
import { OAuthTokenService } from '../subgraphs/identity/oauth/token.service.js';
import { TEST_OPERATOR_TOKEN, type TestService } from './harness.js';
import { operationCalls, type OperationCall } from './operation-walker.js';

let service: TestService;
let calls: OperationCall[];

beforeAll(async () => {
  service = await startOAuthService();
  const introspection = await service.graphql<IntrospectionQuery>(getIntrospectionQuery());
  calls = operationCalls(buildClientSchema(introspection.data!));
});

const isPublic = (rule: AccessRule | undefined) => rule !== undefined && 'public' in rule;
const allowsOperator = (rule: AccessRule): boolean =>
  'operator' in rule || ('anyOf' in rule && rule.anyOf.some(allowsOperator));

/**
 * What each allowed call of the walker answers (its placeholder arguments name nothing that exists):
 * 'ok' or the one domain error expected. A new operation must be added here, so a 500 or a refusal
 * never passes for "allowed".
 */
const OPERATOR_OUTCOMES: Readonly<Record<string, string>> = {
  'Query.appleWalletPass': 'NOT_FOUND',
  'Mutation.approveOAuthApp': 'NOT_FOUND',
  'Mutation.archiveCoupon': 'NOT_FOUND',
  'Mutation.createCoupon': 'NOT_FOUND',
  'Mutation.publishCoupon': 'NOT_FOUND',
  'Mutation.updateCoupon': 'NOT_FOUND',
  'Query.businessCoupons': 'ok',
  'Query.coupon': 'NOT_FOUND',
  'Mutation.createCheckInCampaign': 'NOT_FOUND',
  'Mutation.updateCheckInCampaign': 'NOT_FOUND',
  'Query.businessCheckInCampaigns': 'ok',
  'Query.checkInResults': 'BAD_USER_INPUT',
  'Query.checkInResultsCsv': 'BAD_USER_INPUT',
  'Query.businessSurveyCampaigns': 'ok',
  'Mutation.createSurveyCampaign': 'BAD_USER_INPUT',
  'Mutation.updateSurveyCampaign': 'NOT_FOUND',
  'Query.surveyResults': 'NOT_FOUND',
  'Query.surveyResponsesCsv': 'NOT_FOUND',
  'Mutation.archiveAppPost': 'NOT_FOUND',
  'Mutation.createAppPost': 'NOT_FOUND',
  'Mutation.deleteAppPost': 'NOT_FOUND',
  'Mutation.publishAppPost': 'NOT_FOUND',
  'Mutation.scheduleAppPost': 'NOT_FOUND',
  'Mutation.unpublishAppPost': 'NOT_FOUND',
  'Mutation.updateAppPost': 'NOT_FOUND',
  'Query.appPosts': 'NOT_FOUND',
  'Mutation.createBusinessAccount': 'BAD_USER_INPUT',
  'Mutation.createOwnerInvitation': 'BAD_USER_INPUT',
  'Mutation.createShopApp': 'BAD_USER_INPUT',
  'Mutation.updateShopApp': 'NOT_FOUND',
  'Mutation.setShopAppStores': 'NOT_FOUND',
  'Query.managedShopApps': 'BAD_USER_INPUT',
  'Query.appPages': 'NOT_FOUND',
  'Mutation.createAppPage': 'NOT_FOUND',
  'Mutation.updateAppPage': 'NOT_FOUND',
  'Mutation.publishAppPage': 'NOT_FOUND',
  'Mutation.unpublishAppPage': 'NOT_FOUND',
  'Mutation.deleteAppPage': 'NOT_FOUND',
  'Mutation.setMembershipCardConfig': 'NOT_FOUND',
  'Mutation.createStore': 'BAD_USER_INPUT',
  'Mutation.createTerminal': 'BAD_USER_INPUT',
  'Mutation.createUser': 'BAD_USER_INPUT',
  'Mutation.recordTransaction': 'NOT_FOUND',
  'Mutation.removeStoreSpecialDay': 'BAD_USER_INPUT',
  'Mutation.registerOAuthApp': 'BAD_USER_INPUT',
  'Mutation.resendOwnerInvitation': 'NOT_FOUND',
  'Mutation.retireSigningKey': 'NOT_FOUND',
  'Mutation.revokeOwnerInvitation': 'NOT_FOUND',
  'Mutation.revokeTransactionQrToken': 'NOT_FOUND',
  'Mutation.rotateSigningKey': 'ok',
  'Mutation.setStoreSpecialDay': 'BAD_USER_INPUT',
  'Mutation.setStoreTimeZone': 'BAD_USER_INPUT',
  'Mutation.setStoreWeeklyHours': 'BAD_USER_INPUT',
  'Query.notificationTokens': 'ok',
  'Mutation.registerNotificationToken': 'BAD_USER_INPUT',
  'Mutation.unregisterNotificationToken': 'BAD_USER_INPUT',
  'Query.ownerInvitations': 'ok',
  'Query.signingKeys': 'ok',
  'Query.storeBusinessHours': 'NOT_FOUND',
  'Query.viewer': 'ok',
  'Query.walletPasses': 'ok',
  'Query.shopCustomers': 'NOT_FOUND',
  'Query.shopCustomer': 'NOT_FOUND',
  'Mutation.adjustCustomerPoints': 'NOT_FOUND',
  'Mutation.setCustomerRank': 'NOT_FOUND',
  'Mutation.createCustomer': 'NOT_FOUND',
  'Query.googleWalletSaveUrl': 'NOT_FOUND',
  'Mutation.pushWalletPass': 'NOT_FOUND',
  'Mutation.installShop': 'BAD_USER_INPUT',
  'Query.shopInstallations': 'BAD_USER_INPUT',
  'Mutation.setShopWebhookSecret': 'ok',
  // Walked after setShopWebhookSecret (schema order), which recorded the placeholder domain.
  'Mutation.releaseShopDomain': 'ok',
  'Query.webhookEndpoints': 'ok',
  'Query.webhookEndpoint': 'NOT_FOUND',
  'Query.webhookAttempts': 'BAD_USER_INPUT',
  'Mutation.deleteWebhookEndpoint': 'NOT_FOUND',
  'Mutation.testWebhookEndpoint': 'NOT_FOUND',
  'Mutation.rotateWebhookEndpointSecret': 'NOT_FOUND',
  'Mutation.enableWebhookEndpoint': 'NOT_FOUND',
  'Mutation.resendWebhookEvent': 'NOT_FOUND',
  // issue 14: customers (the operator must name the business of a list or a new record)
  'Query.businessCustomers': 'BAD_USER_INPUT',
  'Query.businessCustomer': 'NOT_FOUND',
  'Mutation.createBusinessCustomer': 'BAD_USER_INPUT',
  'Mutation.updateBusinessCustomer': 'NOT_FOUND',
  'Mutation.setBusinessCustomerConsent': 'BAD_USER_INPUT',
  'Mutation.deleteBusinessCustomer': 'NOT_FOUND',
  // issue 14: staff
  'Query.staffMembers': 'BAD_USER_INPUT',
  'Query.staffMember': 'NOT_FOUND',
  'Mutation.createStaffMember': 'BAD_USER_INPUT',
  'Mutation.updateStaffMember': 'NOT_FOUND',
  'Mutation.deleteStaffMember': 'NOT_FOUND',
  'Mutation.inviteStaffMember': 'NOT_FOUND',
  // issue 14: orders
  'Query.orders': 'ok',
  'Query.order': 'NOT_FOUND',
  'Mutation.createOrder': 'BAD_USER_INPUT',
  'Mutation.markOrderPaid': 'NOT_FOUND',
  'Mutation.fulfillOrder': 'NOT_FOUND',
  'Mutation.closeOrder': 'NOT_FOUND',
  'Mutation.cancelOrder': 'NOT_FOUND',
  // issue 14: reservations
  'Query.reservationResources': 'ok',
  'Query.reservationSlots': 'BAD_USER_INPUT',
  'Query.reservations': 'ok',
  'Query.reservation': 'NOT_FOUND',
  'Mutation.createReservationResource': 'BAD_USER_INPUT',
  'Mutation.updateReservationResource': 'NOT_FOUND',
  'Mutation.createReservation': 'NOT_FOUND',
  'Mutation.changeReservation': 'NOT_FOUND',
  'Mutation.cancelReservation': 'NOT_FOUND',
  'Mutation.setReservationStatus': 'NOT_FOUND',
  // issue 14: flyers
  'Query.flyers': 'ok',
  'Query.flyer': 'NOT_FOUND',
  'Query.flyerPdf': 'NOT_FOUND',
  'Mutation.createFlyer': 'BAD_USER_INPUT',
  'Mutation.updateFlyer': 'NOT_FOUND',
  'Mutation.publishFlyer': 'NOT_FOUND',
  'Mutation.scheduleFlyer': 'NOT_FOUND',
  'Mutation.archiveFlyer': 'NOT_FOUND',
  // issue 15: analytics snapshots
  'Query.analyticsSnapshots': 'BAD_USER_INPUT',
  'Query.analyticsToday': 'NOT_FOUND',
  // issue 14: products and inventory
  'Query.products': 'ok',
  'Query.product': 'NOT_FOUND',
  'Query.productByBarcode': 'NOT_FOUND',
  'Mutation.createProduct': 'BAD_USER_INPUT',
  'Mutation.updateProduct': 'NOT_FOUND',
  'Mutation.archiveProduct': 'NOT_FOUND',
  'Mutation.setProductAvailability': 'NOT_FOUND',
  'Query.stockLocations': 'ok',
  'Mutation.createStockLocation': 'BAD_USER_INPUT',
  'Mutation.updateStockLocation': 'NOT_FOUND',
  'Query.stockLevels': 'ok',
  'Query.stockMovements': 'ok',
  'Mutation.adjustStock': 'NOT_FOUND',
  'Mutation.receiveStock': 'NOT_FOUND',
  'Mutation.transferStock': 'BAD_USER_INPUT',
  'Query.stocktake': 'NOT_FOUND',
  'Mutation.createStocktake': 'NOT_FOUND',
  'Mutation.recordStocktakeCounts': 'NOT_FOUND',
  'Mutation.applyStocktake': 'NOT_FOUND',
  'Mutation.cancelStocktake': 'NOT_FOUND',
  // issue 14: sales and storefront inventory post to the ledger (the operator names no business)
  'Mutation.linkStorefrontItem': 'BAD_USER_INPUT',
  'Mutation.unlinkStorefrontItem': 'BAD_USER_INPUT',
  'Mutation.linkStorefrontLocation': 'BAD_USER_INPUT',
  'Mutation.unlinkStorefrontLocation': 'BAD_USER_INPUT',
  // issue 15: segments and audience
  'Query.segments': 'ok',
  'Query.segment': 'NOT_FOUND',
  'Mutation.createSegment': 'BAD_USER_INPUT',
  'Mutation.updateSegment': 'NOT_FOUND',
  'Mutation.deleteSegment': 'NOT_FOUND',
  'Mutation.addSegmentTarget': 'NOT_FOUND',
  'Mutation.removeSegmentTarget': 'NOT_FOUND',
  'Query.audience': 'BAD_USER_INPUT',
};
const ANONYMOUS_OUTCOMES: Readonly<Record<string, string>> = {
  // Apple's pass web service authenticates by the pass's own ApplePass credential, which an anonymous call lacks.
  'Mutation.appleWalletLog': 'ok',
  'Mutation.appleWalletRegisterDevice': 'UNAUTHENTICATED',
  'Mutation.appleWalletUnregisterDevice': 'UNAUTHENTICATED',
  'Query.appleWalletLatestPass': 'UNAUTHENTICATED',
  'Query.appleWalletUpdatedSerials': 'ok',
  'Mutation.acceptOwnerInvitation': 'BAD_USER_INPUT',
  'Mutation.claimTerminalReceipt': 'NOT_FOUND',
  'Mutation.claimTransactionQr': 'NOT_FOUND',
  'Mutation.completeAuthorization': 'BAD_USER_INPUT',
  'Mutation.requestToken': 'BAD_USER_INPUT',
  'Mutation.resendEmailVerification': 'BAD_USER_INPUT',
  'Mutation.revokeToken': 'BAD_USER_INPUT',
  'Mutation.signInBrowser': 'BAD_USER_INPUT',
  'Mutation.signOutBrowser': 'ok',
  'Mutation.signUpBrowser': 'BAD_USER_INPUT',
  'Mutation.verifyEmail': 'BAD_USER_INPUT',
  'Query.authorizationPrompt': 'BAD_USER_INPUT',
  'Query.authorizationServerMetadata': 'ok',
  'Query.checkInCampaign': 'ok',
  'Query.introspectToken': 'ok',
  'Query.jsonWebKeySet': 'ok',
  'Query.lastReceipt': 'NOT_FOUND',
  'Query.prefectures': 'ok',
  'Query.publicStore': 'NOT_FOUND',
  'Query.publicStores': 'ok',
  'Query.shopBusinessInfo': 'NOT_FOUND',
  'Query.storeBusinessInfo': 'NOT_FOUND',
  'Query.storeTypes': 'ok',
  'Query.surveyCampaign': 'ok',
  'Mutation.submitSurveyResponse': 'ok',
  'Query.shopApp': 'NOT_FOUND',
  'Query.publishedAppPages': 'NOT_FOUND',
  'Query.publishedAppPage': 'NOT_FOUND',
  'Query.appMembershipCardConfig': 'NOT_FOUND',
  'Query.publicAppPosts': 'NOT_FOUND',
  'Query.publicAppPost': 'NOT_FOUND',
  'Query.terminal': 'NOT_FOUND',
  'Query.claimTokenQrCard': 'NOT_FOUND',
  'Query.claimTokenQrImage': 'NOT_FOUND',
  'Query.terminalQrCard': 'NOT_FOUND',
  'Query.terminalQrImage': 'NOT_FOUND',
  'Query.transactionQrReceipt': 'NOT_FOUND',
  'Query.verifyAccessToken': 'BAD_USER_INPUT',
  'Mutation.receiveStorefrontWebhook': 'BAD_USER_INPUT',
};

/** The business scope a rule names, if any. */
const businessScope = (rule: AccessRule): string | null =>
  'business' in rule
    ? rule.business
    : 'anyOf' in rule
      ? (rule.anyOf.map(businessScope).find((s) => s !== null) ?? null)
      : null;

async function codeOf(call: OperationCall, token?: string): Promise<unknown> {
  const result = await service.graphql(call.document, call.variables, token);
  return result.errors?.[0]?.extensions?.code;
}

describe('the access table', () => {
  it('has a rule for every root operation and no rule for anything else', () => {
    const operations = calls.map((c) => c.operation).sort();
    expect(operations.length).toBeGreaterThan(10);
    expect(Object.keys(ACCESS_TABLE).sort()).toEqual(operations);
  });

  it('names a read scope on every query and a write scope on every mutation it guards by business scope', () => {
    const misnamed = Object.entries(ACCESS_TABLE)
      .map(([operation, rule]) => ({ operation, scope: businessScope(rule) }))
      .filter(
        ({ operation, scope }) =>
          scope !== null && !scope.endsWith(operation.startsWith('Query.') ? '.read' : '.write'),
      );
    expect(misnamed).toEqual([]);
  });

  it('refuses every protected operation without a token, with 401-class UNAUTHENTICATED', async () => {
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const result = await service.graphql(call.document, call.variables);
      expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
        code: 'UNAUTHENTICATED',
        reason: 'unauthenticated',
      });
      expect(result.data?.[call.operation.split('.')[1]!] ?? null, call.operation).toBeNull();
    }
  });

  it('refuses every protected operation with an invalid token, naming invalid_token', async () => {
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const result = await service.graphql(call.document, call.variables, 'not-a-real-token');
      expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
        code: 'UNAUTHENTICATED',
        reason: 'invalid_token',
      });
    }
  });

  it('lets the operator call what its rule allows, with success or the expected domain error', async () => {
    const outcomes: Record<string, unknown> = {};
    for (const call of calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]))) {
      const code = await codeOf(call, TEST_OPERATOR_TOKEN);
      if (allowsOperator(ACCESS_TABLE[call.operation]!)) outcomes[call.operation] = code ?? 'ok';
      else expect(code, call.operation).toBe('FORBIDDEN');
    }
    expect(outcomes).toEqual(OPERATOR_OUTCOMES);
  });

  it('keeps public operations open to anonymous callers, with success or the expected domain error', async () => {
    const outcomes: Record<string, unknown> = {};
    for (const call of calls.filter((c) => isPublic(ACCESS_TABLE[c.operation]))) {
      outcomes[call.operation] = (await codeOf(call)) ?? 'ok';
    }
    expect(outcomes).toEqual(ANONYMOUS_OUTCOMES);
  });
});

/** The kinds of token a rule lets in. */
const allows = (rule: AccessRule, kind: 'user' | 'business'): boolean =>
  'public' in rule || ('anyOf' in rule ? rule.anyOf.some((r) => allows(r, kind)) : kind in rule);
/** The user scope a rule names, if any. */
const userScope = (rule: AccessRule): string | null =>
  'user' in rule ? rule.user : 'anyOf' in rule ? (rule.anyOf.map(userScope).find((s) => s !== null) ?? null) : null;

describe('the access table with real tokens', () => {
  let app: App;
  let userId: string;
  let businessOwner: { app: App; ownerId: string; businessAccountId: string };
  let token: { user: string; business: string; expired: string; revoked: string; refreshedAway: string };
  const protectedCalls = () => calls.filter((c) => !isPublic(ACCESS_TABLE[c.operation]));

  beforeAll(async () => {
    app = await registerApp(service, [...ALL_USER_SCOPES]);
    const businessApp = await registerApp(service, ['store.products.read']);
    const ownerEmail = `owner-${randomUUID()}@example.test`;
    const ownerId = await createUser(service, ownerEmail);
    const businessAccountId = await createBusiness(service, ownerEmail);
    businessOwner = { app: await registerApp(service, [...ALL_BUSINESS_SCOPES]), ownerId, businessAccountId };
    userId = await createUser(service);
    const revoked = await tokensFor(service, app, userId);
    await postJson(service, '/api/v1/auth/revoke', { token: revoked.accessToken });
    const old = await tokensFor(service, app, userId);
    const refreshed = await postJson(service, '/api/v1/auth/refresh', { ...app, refreshToken: old.refreshToken });
    expect(refreshed.status).toBe(200);
    token = {
      user: (await tokensFor(service, app, userId, { scopes: ['user.profile.read'] })).accessToken,
      business: (await tokensFor(service, businessApp, ownerId, { scopes: ['store.products.read'], businessAccountId }))
        .accessToken,
      expired: await expiredToken(app, userId),
      revoked: revoked.accessToken,
      refreshedAway: old.accessToken,
    };
  });

  /** A token whose grant is live but which expired an hour ago (issued by a token service two hours behind). */
  async function expiredToken(client: App, user: string): Promise<string> {
    const em = rootEntityManager(service.orm).fork();
    const ctx = { requestId: 'test', principal: ANONYMOUS, em, env: service.env };
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    const code = await issueCode(service, client, user);
    const set = await new OAuthTokenService(ctx, () => twoHoursAgo).requestToken({
      grantType: 'authorization_code',
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      code,
      redirectUri: REDIRECT_URI,
    });
    expect(decodeJwt(set.accessToken).exp! * 1000).toBeLessThan(Date.now());
    return set.accessToken;
  }

  it.each(['expired', 'revoked', 'refreshedAway'] as const)(
    'refuses every protected operation with a %s token, naming invalid_token',
    async (kind) => {
      expect(await viewer(service, token.user)).toMatchObject({ kind: 'user' });
      for (const call of protectedCalls()) {
        const result = await service.graphql(call.document, call.variables, token[kind]);
        expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
          code: 'UNAUTHENTICATED',
          reason: 'invalid_token',
        });
      }
    },
  );

  it.each(['user', 'business'] as const)(
    'refuses a %s token wherever the rule does not let that kind in',
    async (kind) => {
      const refused = protectedCalls().filter((c) => !allows(ACCESS_TABLE[c.operation]!, kind));
      expect(refused.length).toBeGreaterThan(0);
      for (const call of refused) expect(await codeOf(call, token[kind]), call.operation).toBe('FORBIDDEN');
    },
  );

  // No rule names a user scope yet (the consumer endpoints so far take any user token): until one
  // does, scope refusal and its WWW-Authenticate challenge are proved on a synthetic rule table in
  // subgraphs/kernel/auth/operation-access.test.ts, and this walk is reported as skipped.
  it.skipIf(!Object.values(ACCESS_TABLE).some((rule) => userScope(rule) !== null))(
    'refuses a user token without the scope a rule names, with insufficient_scope and the scope',
    async () => {
      const scoped = protectedCalls().filter((c) => userScope(ACCESS_TABLE[c.operation]!) !== null);
      expect(scoped.length).toBeGreaterThan(0);
      for (const call of scoped) {
        const needed = userScope(ACCESS_TABLE[call.operation]!)!;
        const others = ALL_USER_SCOPES.filter((s) => s !== needed);
        const { accessToken } = await tokensFor(service, app, userId, { scopes: others });
        const result = await service.graphql(call.document, call.variables, accessToken);
        expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
          code: 'FORBIDDEN',
          reason: 'insufficient_scope',
          scope: needed,
        });
      }
    },
  );

  /** A business token of the test business holding exactly `scopes`. */
  const businessToken = async (scopes: readonly string[]) =>
    (
      await tokensFor(service, businessOwner.app, businessOwner.ownerId, {
        scopes: [...scopes],
        businessAccountId: businessOwner.businessAccountId,
      })
    ).accessToken;

  const expectInsufficientScope = async (call: OperationCall, token: string, needed: string) => {
    const result = await service.graphql(call.document, call.variables, token);
    expect(result.errors?.[0]?.extensions, call.operation).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'insufficient_scope',
      scope: needed,
    });
    expect(result.data?.[call.operation.split('.')[1]!] ?? null, call.operation).toBeNull();
  };

  it('refuses a business token holding every business scope but the one a rule names, with insufficient_scope and the scope', async () => {
    const scoped = protectedCalls().filter((c) => businessScope(ACCESS_TABLE[c.operation]!) !== null);
    expect(scoped.length).toBeGreaterThan(10);
    const tokens = new Map<string, string>();
    for (const call of scoped) {
      const needed = businessScope(ACCESS_TABLE[call.operation]!)!;
      if (!tokens.has(needed)) tokens.set(needed, await businessToken(ALL_BUSINESS_SCOPES.filter((s) => s !== needed)));
      await expectInsufficientScope(call, tokens.get(needed)!, needed);
    }
  });

  it('refuses a business token with only the read scope wherever a rule names the write scope', async () => {
    // Write scopes with a read scope beside them (store.receipts.write, a terminal's, has none).
    const readOf = (scope: string | null) => (scope?.endsWith('.write') ? scope.replace(/\.write$/, '.read') : null);
    const hasRead = (scope: string | null) => (ALL_BUSINESS_SCOPES as readonly string[]).includes(readOf(scope) ?? '');
    const writes = protectedCalls().filter((c) => hasRead(businessScope(ACCESS_TABLE[c.operation]!)));
    expect(writes.length).toBeGreaterThan(10);
    const tokens = new Map<string, string>();
    for (const call of writes) {
      const needed = businessScope(ACCESS_TABLE[call.operation]!)!;
      const read = readOf(needed)!;
      if (!tokens.has(read)) tokens.set(read, await businessToken([read]));
      await expectInsufficientScope(call, tokens.get(read)!, needed);
    }
  });
});

describe('event types within consent', () => {
  const REGISTER = 'mutation($input: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $input) { id } }';
  let owner: { app: App; ownerId: string; businessAccountId: string };
  const subscribers: TestSubscriber[] = [];

  beforeAll(async () => {
    const email = `owner-${randomUUID()}@example.test`;
    const ownerId = await createUser(service, email);
    const businessAccountId = await createBusiness(service, email);
    owner = { app: await registerApp(service, [...ALL_BUSINESS_SCOPES]), ownerId, businessAccountId };
  });

  const tokenWith = async (scopes: readonly string[]) =>
    (
      await tokensFor(service, owner.app, owner.ownerId, {
        scopes: [...scopes],
        businessAccountId: owner.businessAccountId,
      })
    ).accessToken;
  /** Registers an endpoint for `type` alone (never called: nothing is fanned out to it); 'ok' or the error's extensions. */
  const registration = async (type: string, token: string) => {
    const input = { url: 'http://127.0.0.1:9/hooks', events: [type], secret: 'the-walker-endpoint-secret' };
    const result = await service.graphql(REGISTER, { input }, token);
    return result.errors?.[0]?.extensions ?? 'ok';
  };
  const connect = (token: string) => {
    const subscriber = new TestSubscriber(service.url, { authorization: `Bearer ${token}` });
    subscribers.push(subscriber);
    return subscriber;
  };

  it('refuses a webhook and a subscription of each type to a token without its read scope, and accepts them with it', async () => {
    const byScope = new Map<string | null, EventType[]>();
    for (const type of EVENT_TYPE_NAMES)
      byScope.set(eventTypeScope(type), [...(byScope.get(eventTypeScope(type)) ?? []), type]);
    const em = rootEntityManager(service.orm);
    const marker = await publishEvent(em, owner.businessAccountId);
    const granted: [TestSubscriber, EventType[]][] = [];
    const refused: [TestSubscriber, EventType[]][] = [];
    try {
      for (const [scope, types] of byScope) {
        // The test call needs no scope: a token holding no event type's scope is the one "with" it.
        const withIt = await tokenWith(scope ? [scope] : ['store.info.read']);
        granted.push([connect(withIt), types]);
        const without = scope ? await tokenWith(ALL_BUSINESS_SCOPES.filter((s) => s !== scope)) : null;
        if (without) refused.push([connect(without), types]);
        for (const type of types) {
          expect(await registration(type, withIt), type).toBe('ok');
          granted.at(-1)![0].subscribe({ types: [type], after: marker.id });
          if (!without) continue;
          expect(await registration(type, without), type).toMatchObject(insufficientScope(type, scope!));
          refused.at(-1)![0].subscribe({ types: [type] });
        }
      }
      for (const [subscriber, types] of refused) {
        await until(() => subscriber.errors.length >= types.length, 10_000, 'the refusals');
        expect(subscriber.errors.map((e) => e.extensions)).toMatchObject(
          types.map((t) => insufficientScope(t, eventTypeScope(t)!)),
        );
      }
      for (const type of EVENT_TYPE_NAMES) await publishEvent(em, owner.businessAccountId, { type });
      for (const [subscriber, types] of granted) {
        const events = await subscriber.waitForEvents(types.length);
        expect(events.map((e) => e.type).sort(), types.join()).toEqual([...types].sort());
      }
    } finally {
      await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
      await rootEntityManager(service.orm)
        .fork()
        .execute('delete from "webhook_endpoint" where "business_account_id" = ?', [owner.businessAccountId]);
    }
  }, 60_000);
});

const insufficientScope = (type: string, scope: string) => ({
  code: 'FORBIDDEN',
  reason: 'insufficient_scope',
  scope,
  types: [type],
});

describe('no endpoint returns another user’s data', () => {
  it("shows each user only themselves, and keeps one user's account actions away from the other", async () => {
    const app = await registerApp(service);
    const [a, b] = [await createUser(service), await createUser(service)];
    const tokenA = (await tokensFor(service, app, a)).accessToken;
    const tokenB = (await tokensFor(service, app, b)).accessToken;
    expect(await viewer(service, tokenA)).toMatchObject({ userId: a });
    expect(await viewer(service, tokenB)).toMatchObject({ userId: b });

    const device = { deviceId: 'a-phone', platform: 'ios' };
    const register = await service.call('/api/v1/user/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` },
      body: JSON.stringify(device),
    });
    expect(register.status).toBe(201);
    const removeByB = await service.call('/api/v1/user/devices/a-phone', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokenB}` },
    });
    expect(removeByB.status).toBe(404);

    const change = await service.call('/api/v1/user/password', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenB}` },
      body: JSON.stringify({ currentPassword: USER_PASSWORD, newPassword: 'the tide comes in at dusk' }),
    });
    expect(await change.json()).toMatchObject({ changed: true, otherSessionsRevoked: 0 });
    expect(await viewer(service, tokenA)).toMatchObject({ userId: a });
  });
});
