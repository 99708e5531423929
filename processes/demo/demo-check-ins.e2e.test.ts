/**
 * The demo check-in campaign after `npm start` (issue 10 acceptance): previewed through the facade,
 * hanako checks in with her token, sees it in her list, the カフェ・ミドリ owner sees it in the
 * business's check-in results, and the outbox holds checkin.recorded; loading again adds nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rootEntityManager } from '../../subgraphs/kernel/db/orm.js';
import { registerApp, tokensFor } from '../../test/fixtures/oauth.fixtures.js';
import { startTestService, type TestService } from '../../test/harness.js';
import { DEMO_CHECK_IN_TOKEN } from './demo-check-ins.js';
import { loadDemoData } from './demo-data.js';
import { demoId } from './demo-id.js';

let service: TestService;
const em = () => rootEntityManager(service.orm).fork();
/** カフェ・ミドリ and its 表参道 store (demo-data.ts rows). */
const CAFE_MIDORI = demoId(1, 3);
const CAFE_OMOTESANDO = demoId(2, 21);

beforeAll(async () => {
  service = await startTestService({ demoData: true, firstDemoLoad: true });
});

async function userId(email: string): Promise<string> {
  const rows = await em().execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [email]);
  return rows[0]!.id;
}

describe('the demo check-in campaign', () => {
  it('is previewed, checked into by hanako, listed for her, counted for the business, and sent as an event', async () => {
    const userApp = await registerApp(service, ['user.profile.read']);
    const hanako = await userId('hanako@example.com');
    const hanakoToken = (await tokensFor(service, userApp, hanako, { scopes: ['user.profile.read'] })).accessToken;

    const preview = await service.rest('GET', `/api/v1/checkins/campaign/${DEMO_CHECK_IN_TOKEN}`, hanakoToken);
    expect(preview).toMatchObject({
      status: 200,
      body: {
        status: 'open',
        name: 'カフェ・ミドリ 来店スタンプ',
        store: { storeId: CAFE_OMOTESANDO, name: 'カフェ・ミドリ 表参道' },
        startsAt: null,
        endsAt: null,
      },
    });

    const recorded = await service.rest('POST', '/api/v1/checkins', hanakoToken, { token: DEMO_CHECK_IN_TOKEN });
    expect(recorded).toMatchObject({ status: 200, body: { status: 'recorded', reason: null } });
    const checkIn = recorded.body.checkIn as { checkInId: string; localDate: string };

    const mine = await service.rest('GET', '/api/v1/checkins/me', hanakoToken);
    expect(mine.status).toBe(200);
    expect((mine.body.items as { checkInId: string }[]).map((i) => i.checkInId)).toContain(checkIn.checkInId);

    const ownerApp = await registerApp(service, ['store.campaigns.read']);
    const owner = await userId('owner@cafe-midori.example');
    const businessToken = (
      await tokensFor(service, ownerApp, owner, { scopes: ['store.campaigns.read'], businessAccountId: CAFE_MIDORI })
    ).accessToken;
    const results = await service.graphql<{ checkInResults: Record<string, unknown> }>(
      'query($s: ID) { checkInResults(storeId: $s) { checkIns uniqueUsers days { storeId localDate checkIns } } }',
      { s: CAFE_OMOTESANDO },
      businessToken,
    );
    expect(results.errors).toBeUndefined();
    expect(results.data!.checkInResults).toMatchObject({
      checkIns: 1,
      uniqueUsers: 1,
      days: [{ storeId: CAFE_OMOTESANDO, localDate: checkIn.localDate, checkIns: 1 }],
    });

    const events = await em().execute<{ business_account_id: string; payload: Record<string, unknown> }[]>(
      `select "business_account_id", "payload" from "outbox_event" where "type" = 'checkin.recorded' and "payload"->>'checkInId' = ?`,
      [checkIn.checkInId],
    );
    expect(events).toMatchObject([
      { business_account_id: CAFE_MIDORI, payload: { userId: hanako, storeId: CAFE_OMOTESANDO } },
    ]);
  });

  it('is loaded once, and a business’s change to it stays', async () => {
    await em().execute(`update "check_in_campaign" set "description" = 'お店で変えた説明' where "token" = ?`, [
      DEMO_CHECK_IN_TOKEN,
    ]);
    await loadDemoData(service.orm, { publicUrl: service.env.publicUrl });
    const rows = await em().execute<{ description: string }[]>(
      'select "description" from "check_in_campaign" where "token" = ?',
      [DEMO_CHECK_IN_TOKEN],
    );
    expect(rows).toEqual([{ description: 'お店で変えた説明' }]);
  });
});
