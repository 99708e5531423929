/**
 * Concurrent duplicate check-ins through the facade on PostgreSQL, released together (test/race.ts):
 * the check_in table is share-locked until the contenders holding a connection wait on their insert,
 * so all of them have read the campaign before any writes. The unique index and INSERT ... ON CONFLICT
 * DO NOTHING record exactly one. Skipped, with the reason printed, on the embedded database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SCOPES, createCheckInCampaign } from '../../../test/fixtures/check-ins.fixtures.js';
import { registerApp, startOAuthService } from '../../../test/fixtures/oauth.fixtures.js';
import { createStore } from '../../../test/fixtures/receipts.fixtures.js';
import { business, consumer, sql, type Consumer } from '../../../test/fixtures/stores.fixtures.js';
import type { TestService } from '../../../test/harness.js';
import { releasedTogether, valuesOf } from '../../../test/race.js';
import { hasPostgres } from '../../../test/requirements.js';

const CONTENDERS = 50;
/** Contenders that can hold a database connection at once (the service's pool of 10, less headroom). */
const WAITERS = 8;

let service: TestService;
let campaignToken: string;
let user: Consumer;

const postgres = hasPostgres('check-in races');

beforeAll(async () => {
  if (!postgres) return;
  service = await startOAuthService();
  const shop = await business(service, await registerApp(service, CAMPAIGN_SCOPES), CAMPAIGN_SCOPES);
  const storeId = await createStore(service, shop.businessAccountId);
  campaignToken = (await createCheckInCampaign(service, shop.token, { storeId })).token;
  user = await consumer(service, await registerApp(service, ['user.profile.read']), ['user.profile.read']);
});

describe.skipIf(!postgres)('concurrent duplicate check-ins', () => {
  it('of one user at one store on one day: exactly one recorded, the rest already_checked_in, one event', async () => {
    const checkIn = async () => {
      const answer = await service.rest('POST', '/api/v1/checkins', user.token, { token: campaignToken });
      return `${answer.status} ${String(answer.body.status)} ${String(answer.body.reason)}`;
    };
    const released = await releasedTogether(
      service.env.databaseUrl!,
      'check_in',
      Array.from({ length: CONTENDERS }, () => checkIn),
      { waiters: WAITERS },
    );
    expect(released.waiting).toBeGreaterThanOrEqual(WAITERS);
    const outcomes = valuesOf(released);
    expect(outcomes.filter((o) => o === '200 recorded null')).toHaveLength(1);
    expect(outcomes.filter((o) => o === '200 rejected already_checked_in')).toHaveLength(CONTENDERS - 1);
    const rows = await sql<{ n: number }>(service, 'select count(*)::int as n from "check_in" where "user_id" = ?', [
      user.userId,
    ]);
    const events = await sql<{ n: number }>(
      service,
      `select count(*)::int as n from "outbox_event" where "type" = 'checkin.recorded' and "payload"->>'userId' = ?`,
      [user.userId],
    );
    expect({ rows: rows[0]?.n, events: events[0]?.n }).toEqual({ rows: 1, events: 1 });
  });
});
