/**
 * Live subscriptions in the separate-process topology over PostgreSQL: the gateway process serves
 * graphql-ws on its `/graphql`, LISTENs on `event_published` in its own process, and a token revoked
 * through the facade (another process) disconnects the socket. Needs DATABASE_URL; skipped, loudly,
 * without it, and a failure under CI (test/requirements.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENTITIES } from '../subgraphs/index.js';
import { createOrm, rootEntityManager, type Orm } from '../subgraphs/kernel/db/orm.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { findClient } from '../subgraphs/identity/oauth-client/client-credentials.js';
import { issueAuthorizationCode } from '../subgraphs/identity/oauth/authorization-code.js';
import { publishEvent, received, TestSubscriber } from '../gateway/subscriptions/subscriptions.fixtures.js';
import { hasPostgres } from './requirements.js';
import { startTopology, type Topology } from './separate-topology.js';

const databaseUrl = hasPostgres('subscriptions-topology.e2e.test (separate processes share one database)')
  ? loadEnv().databaseUrl
  : undefined;
/** The demo partner app of さくらマート (processes/demo/demo-apps.ts) and that business's demo owner. */
const PARTNER = { clientId: 'rmp_demo_sakura_partner', clientSecret: 'rmps_demo_sakura_partner_secret_for_demos_only' };
const OWNER_EMAIL = 'owner@sakura-mart.example';
const BUSINESS_NAME = 'さくらマート株式会社';

describe.skipIf(!databaseUrl)('live subscriptions in the separate topology (gateway process, PostgreSQL)', () => {
  let topology: Topology;
  let orm: Orm;
  let businessAccountId: string;
  const subscribers: TestSubscriber[] = [];

  /** A business token of the さくらマート owner: a code issued as consent would, exchanged at the facade. */
  async function businessToken(): Promise<string> {
    const em = rootEntityManager(orm).fork();
    const client = (await findClient(em, PARTNER.clientId))!;
    const [owner] = await em.execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [
      OWNER_EMAIL,
    ]);
    const { code } = await issueAuthorizationCode(em, {
      client,
      userId: owner!.id,
      businessAccountId,
      redirectUri: client.redirectUris[0]!,
      scopes: ['store.info.read'],
    });
    const response = await fetch(`${topology.facadeUrl}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grantType: 'authorization_code',
        clientId: PARTNER.clientId,
        clientSecret: PARTNER.clientSecret,
        code,
        redirectUri: client.redirectUris[0],
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  const gatewayBase = () => topology.gatewayUrl.replace(/\/graphql$/, '');
  function connect(token: string): TestSubscriber {
    const subscriber = new TestSubscriber(gatewayBase(), { authorization: `Bearer ${token}` });
    subscribers.push(subscriber);
    return subscriber;
  }

  beforeAll(async () => {
    topology = await startTopology();
    orm = await createOrm({
      env: { databaseUrl: topology.databaseUrl, dataDir: '', debugSql: false },
      entities: ALL_ENTITIES,
      poolSize: 2,
    });
    const [business] = await rootEntityManager(orm)
      .fork()
      .execute<{ id: string }[]>('select "id" from "business_account" where "name" = ?', [BUSINESS_NAME]);
    businessAccountId = business!.id;
  }, 200_000);

  afterEach(async () => {
    await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
  });

  afterAll(async () => {
    await orm?.close(true);
    await topology?.stop();
  }, 30_000);

  it('delivers an event published through PostgreSQL NOTIFY to a subscriber of the gateway process', async () => {
    const em = rootEntityManager(orm);
    const marker = await publishEvent(em, businessAccountId);
    const subscriber = connect(await businessToken());
    subscriber.subscribe({ after: marker.id });
    const event = await publishEvent(em, businessAccountId, { type: 'purchase.completed', data: { total: 1280 } });
    expect(await subscriber.waitForEvents(1)).toEqual([received(event)]);
  });

  it('refuses an invalid token and disconnects a token revoked at the facade', async () => {
    expect(await connect('not-a-token').waitForClose()).toEqual({ code: 4401, reason: 'Unauthorized' });

    const token = await businessToken();
    const subscriber = connect(token);
    const marker = await publishEvent(rootEntityManager(orm), businessAccountId);
    subscriber.subscribe({ after: marker.id });
    const event = await publishEvent(rootEntityManager(orm), businessAccountId);
    expect(await subscriber.waitForEvents(1)).toEqual([received(event)]);
    const revoked = await fetch(`${topology.facadeUrl}/api/v1/auth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(revoked.status).toBe(200);
    expect((await subscriber.waitForClose(15_000)).code).toBe(4401);
  }, 30_000);
});
