/**
 * Customer-profile test world: two businesses (mine and a rival), each with a shop app, stores with
 * terminals, a check-in campaign and survey campaigns, and helpers that give a person activity at a
 * business through the real operations (joining, claiming receipts, orders, surveys) or, where the
 * operation allows only one a day (check-ins), rows written as the service writes them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createCheckInCampaign } from '../../../test/fixtures/check-ins.fixtures.js';
import { configureCard } from '../../../test/fixtures/customer.fixtures.js';
import { createUser, registerApp, startOAuthService, tokensFor } from '../../../test/fixtures/oauth.fixtures.js';
import { LINES } from '../../../test/fixtures/orders.fixtures.js';
import { createStore, createTerminal, recordSale } from '../../../test/fixtures/receipts.fixtures.js';
import { businessOwner, createShopApp, sql } from '../../../test/fixtures/stores.fixtures.js';
import { createSurveyCampaign, GOOD_ANSWERS, submitSurvey } from '../../../test/fixtures/surveys.fixtures.js';
import type { TestService } from '../../../test/harness.js';

export const PROFILES = 'crm.profiles.read';
const BUSINESS_SCOPES = [PROFILES, 'store.customers.read', 'store.orders.write', 'store.campaigns.write'];
const USER_SCOPES = ['user.favorites.write', 'user.receipts.read', 'user.profile.read'];

/** Every field of a profile, from the four subgraphs. */
export const PROFILE_FIELDS = `id points customer { id source name } memberships { id points }
  receipts { count totals { currency amount count } firstAt lastAt }
  orders { count totals { currency amount count } lastAt }
  checkIns { count storeCount firstAt lastAt } lastVisitAt
  surveyResponses { id submittedAt campaign { id name } answers { questionId choices rating text } }
  favorites { favoritedAt store { id name } }`;

/** A person: their user id and token. */
export interface Person {
  readonly userId: string;
  readonly token: string;
}

/** One business of the world. */
export interface ProfileBusiness {
  readonly businessAccountId: string;
  readonly shopId: string;
  readonly stores: readonly string[];
  readonly terminals: readonly string[];
  readonly checkInCampaignId: string;
  readonly surveyToken: string;
  readonly anonymousSurveyToken: string;
  /** crm.profiles.read and the writes the world needs. */
  readonly token: string;
  /** store.customers.read only: no crm.profiles.read. */
  readonly withoutScope: string;
}

export type ProfileWorld = Awaited<ReturnType<typeof startProfileWorld>>;

async function makeBusiness(service: TestService, app: Awaited<ReturnType<typeof registerApp>>, name: string) {
  const owner = await businessOwner(service, app);
  const shopId = `${name}-${randomUUID().slice(0, 8)}`;
  await createShopApp(service, shopId, owner.businessAccountId);
  await configureCard(service, shopId);
  const stores = [
    await createStore(service, owner.businessAccountId),
    await createStore(service, owner.businessAccountId),
  ];
  const token = await owner.token(BUSINESS_SCOPES);
  const campaign = await createCheckInCampaign(service, token, { storeId: stores[0] });
  const survey = await createSurveyCampaign(service, token, { name: `${name} アンケート` });
  const anonymous = await createSurveyCampaign(service, token, { name: '匿名', isAnonymous: true });
  return {
    businessAccountId: owner.businessAccountId,
    shopId,
    stores,
    terminals: [await createTerminal(service, stores[0]!), await createTerminal(service, stores[1]!)],
    checkInCampaignId: campaign.id,
    surveyToken: survey.token,
    anonymousSurveyToken: anonymous.token,
    token,
    withoutScope: await owner.token(['store.customers.read']),
  } satisfies ProfileBusiness;
}

/** Runs `query` with `token`, failing the test on any error. */
export async function ok<T>(service: TestService, query: string, variables: Record<string, unknown>, token: string) {
  const result = await service.graphql<T>(query, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!;
}

/** Starts the service and makes both businesses. */
export async function startProfileWorld() {
  const service = await startOAuthService();
  const businessApp = await registerApp(service, BUSINESS_SCOPES);
  const userApp = await registerApp(service, USER_SCOPES);
  const mine = await makeBusiness(service, businessApp, 'mine');
  const rival = await makeBusiness(service, businessApp, 'rival');

  return {
    service,
    mine,
    rival,
    async person(): Promise<Person> {
      const userId = await createUser(service);
      return { userId, token: (await tokensFor(service, userApp, userId, { scopes: USER_SCOPES })).accessToken };
    },
    /** Joins the business's shop app (its record of the person); answers the record id. */
    async join(who: Person, at: ProfileBusiness): Promise<string> {
      await ok(service, 'mutation($s: String!) { joinMembership(shopId: $s) { id } }', { s: at.shopId }, who.token);
      const [row] = await sql<{ id: string }>(
        service,
        'select "id" from "business_customer" where "business_account_id" = ? and "user_id" = ?',
        [at.businessAccountId, who.userId],
      );
      return row!.id;
    },
    /** A sale of `total` yen at the business's terminal `terminal`, claimed by the person. */
    async buy(who: Person, at: ProfileBusiness, total: number, terminal = 0): Promise<void> {
      const sale = await recordSale(service, at.terminals[terminal]!, {
        totalAmount: total,
        items: [{ name: '品物', unitPrice: total, quantity: 1 }],
        taxes: [],
      });
      await ok(
        service,
        'mutation($t: String!) { claimTransactionQr(claimToken: $t) { id } }',
        { t: sale.transactionQrToken },
        who.token,
      );
    },
    /** An order of the business for the record (LINES: 2180 yen); answers its id. */
    async order(at: ProfileBusiness, customerId: string): Promise<string> {
      const made = await ok<{ createOrder: { id: string } }>(
        service,
        'mutation($input: CreateOrderInput!) { createOrder(input: $input) { id } }',
        { input: { storeId: at.stores[0], customerId, lines: LINES } },
        at.token,
      );
      return made.createOrder.id;
    },
    /** A check-in at the business's campaign on `date` (YYYY-MM-DD, at 10:00 JST) at store `store`. */
    async checkIn(who: Person, at: ProfileBusiness, date: string, store = 0): Promise<void> {
      await sql(
        service,
        `insert into "check_in" ("id", "created_at", "updated_at", "campaign_id", "user_id", "store_id", "checked_in_at", "local_date", "counts_once")
         values (?, now(), now(), ?, ?, ?, ?::timestamptz, ?::date, true)`,
        [randomUUID(), at.checkInCampaignId, who.userId, at.stores[store], `${date}T10:00:00+09:00`, date],
      );
    },
    /** Answers the business's survey (or its anonymous one) with the person's token. */
    async answer(who: Person, at: ProfileBusiness, anonymous = false): Promise<void> {
      const token = anonymous ? at.anonymousSurveyToken : at.surveyToken;
      const result = await submitSurvey(service, token, GOOD_ANSWERS, {
        bearer: who.token,
        deviceId: `d-${randomUUID()}`,
      });
      expect(result.data?.submitSurveyResponse.status).toBe('recorded');
    },
    async favorite(who: Person, storeId: string): Promise<void> {
      await ok(service, 'mutation($s: ID!) { addFavoriteStore(storeId: $s) { storeId } }', { s: storeId }, who.token);
    },
    /** The profile, or the error code. */
    async profile(id: string, token: string) {
      const result = await service.graphql<{ customerProfile: Record<string, unknown> }>(
        `query($id: ID!) { customerProfile(id: $id) { ${PROFILE_FIELDS} } }`,
        { id },
        token,
      );
      return { profile: result.data?.customerProfile ?? null, error: result.errors?.[0]?.extensions ?? null };
    },
  };
}
